/**
 * The booking's video meeting in the customer's messages (docs/decisions.md "Notifications").
 * Pure: the integrations service's record in, what a message may say out. The join link is made
 * by the integrations service's write-back after the booking is confirmed, so a confirmation may
 * be composed before it exists: it is then held a bounded time, then sent saying the link
 * follows, and the link follows in a message of its own when it comes. A message never names a
 * link that does not exist, nor promises one that nothing will bring.
 */
import { joinUrlOf, type CalendarSyncView, type NotificationTemplate } from '@svc/rules';

/** What is known of the booking's meeting. */
export type MeetingState =
  /** The meeting exists. */
  | { kind: 'link'; url: string }
  /**
   * Settled: there is none (the service has no video provider, the staff member no connection,
   * the write-back finished without a meeting, or the event was removed).
   */
  | { kind: 'none' }
  /** Not known yet: the write-back is pending or failing, or the integrations service did not answer. */
  | { kind: 'waiting' };

/** What a message says of the meeting: its link, that the link follows, or nothing. */
export type MeetingLine = { kind: 'link'; url: string } | { kind: 'follows' } | null;

export const NO_MEETING: MeetingState = { kind: 'none' };
export const WAITING: MeetingState = { kind: 'waiting' };

/** The customer's messages that name the meeting: those about a booking that takes place. */
export const NAMES_MEETING: ReadonlySet<NotificationTemplate> = new Set<NotificationTemplate>([
  'customer.confirmed',
  'customer.rescheduled',
  'customer.reminder',
  'customer.meeting_link',
]);

/** The messages an event sends that wait for the link (a reminder reads it when it falls due). */
export const WAITS_FOR_MEETING: ReadonlySet<NotificationTemplate> = new Set<NotificationTemplate>([
  'customer.confirmed',
  'customer.rescheduled',
]);

/**
 * The state from the integrations service's record of the booking. `sync`: undefined when the
 * service did not answer, null when it has no record. Without a record the write-back may simply
 * not have taken the event up yet (its own consumer), unless the staff member has no connection
 * at all, for whom none will ever be made.
 */
export function meetingState(sync: CalendarSyncView | null | undefined, staffConnected: boolean): MeetingState {
  if (sync === undefined) return WAITING;
  const url = joinUrlOf(sync);
  if (url) return { kind: 'link', url };
  if (sync === null) return staffConnected ? WAITING : NO_MEETING;
  // Written (or removed) without a usable link: settled. Pending or failed: a write may still make one.
  return sync.status === 'synced' || sync.status === 'removed' ? NO_MEETING : WAITING;
}

/**
 * What a held message says when it goes: the link or nothing once that is settled; once the hold
 * has run out while it is not, that the link follows ('wait': look again later).
 */
export function heldLine(state: MeetingState, nowMs: number, holdUntilMs: number): MeetingLine | 'wait' {
  if (state.kind === 'link') return state;
  if (state.kind === 'none') return null;
  return nowMs >= holdUntilMs ? { kind: 'follows' } : 'wait';
}

/** What a message composed at once says (a reminder, a message released by a later event). */
export function lineNow(state: MeetingState, following: boolean): MeetingLine {
  if (state.kind === 'link') return state;
  return state.kind === 'waiting' && following ? { kind: 'follows' } : null;
}

/**
 * The pause before look `checks` (0: the first) at a held message's link: a quarter second,
 * doubling (a write-back normally makes the link within a second or two of the confirmation), at
 * most 2 s and a quarter of the hold (100 ms at least).
 */
export const holdCheckMs = (holdMs: number, checks: number): number =>
  Math.min(250 * 2 ** Math.min(checks, 10), 2_000, Math.max(100, Math.floor(holdMs / 4)));

/** The longest pause between two looks for a link that follows. */
export const FOLLOW_CHECK_CAP_MS = 15 * 60_000;

/**
 * When to look again for a link that follows, after `checks` looks: a quarter of the hold,
 * doubling, at most FOLLOW_CHECK_CAP_MS apart (a failed write-back is retried by the business,
 * maybe hours later); null once the booking has started, when a link is no use any more.
 */
export function nextFollowCheckAtMs(checks: number, nowMs: number, holdMs: number, startsAtMs: number): number | null {
  if (nowMs >= startsAtMs) return null;
  const pause = Math.min(FOLLOW_CHECK_CAP_MS, Math.max(100, Math.floor(holdMs / 4)) * 2 ** Math.min(checks, 20));
  return Math.min(nowMs + pause, startsAtMs);
}

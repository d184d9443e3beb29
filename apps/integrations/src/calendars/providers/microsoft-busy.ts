/**
 * Which Microsoft 365 events keep their owner busy (docs/decisions.md "Integrations", "Events
 * that block"), read from Graph's calendarView (series expanded server-side into occurrences,
 * moved ones as exceptions, cancelled ones flagged). Pure: the provider fetches the pages, this
 * turns one event into a BusyEvent or nothing.
 */
import { ProviderUnavailableError, type BusyEvent } from '../../providers/provider.js';

/** The properties of an event this reads (and all calendarView is asked to send: `EVENT_SELECT`). */
export interface GraphEventResource {
  start?: { dateTime?: string; timeZone?: string };
  end?: { dateTime?: string; timeZone?: string };
  isAllDay?: boolean;
  isCancelled?: boolean;
  showAs?: string;
  responseStatus?: { response?: string };
  /** Our write-back's mark, when asked for with `$expand` (microsoft-calendar.ts `writtenBooking`). */
  singleValueExtendedProperties?: Array<{ id?: string; value?: string }>;
}

/**
 * calendarView's `$select`: only what decides whether and when an event blocks, so no subject,
 * body or attendee list leaves Microsoft and a page of 1,000 events stays small.
 */
export const EVENT_SELECT = 'start,end,isAllDay,isCancelled,showAs,responseStatus';

/** showAs values that leave the time free: "free", and "working elsewhere" (a place, not a meeting). */
const FREE = new Set(['free', 'workingElsewhere']);

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/;

/**
 * The BusyEvent of one calendarView event, or null for one that never blocks: cancelled
 * (`isCancelled`), shown as free or working elsewhere, declined by the account
 * (`responseStatus.response`), or without readable times. Timed events must be in UTC (the
 * provider asks for it with `Prefer: outlook.timezone="UTC"`; another zone fails the read,
 * ProviderUnavailableError); an all-day event's dates are its
 * start's and end's, which Graph gives at midnight whatever the zone.
 */
export function busyEventOf(event: GraphEventResource): BusyEvent | null {
  if (event.isCancelled === true) return null;
  if (event.showAs !== undefined && FREE.has(event.showAs)) return null;
  const answer = event.responseStatus?.response;
  if (answer === 'declined') return null;
  const showAs = event.showAs === 'tentative' || answer === 'tentativelyAccepted' ? 'tentative' : 'busy';
  const start = LOCAL.exec(event.start?.dateTime ?? '');
  const end = LOCAL.exec(event.end?.dateTime ?? '');
  if (!start || !end) return null;
  if (event.isAllDay === true) {
    const startsAtMs = utcOf(start);
    const endsAtMs = utcOf(end);
    if (!(endsAtMs > startsAtMs)) return null;
    return { startsAtMs, endsAtMs, allDay: { startDate: start[1]!, endDate: end[1]! }, showAs };
  }
  // Never guessed: an event left out would leave its time bookable.
  if (event.start?.timeZone !== 'UTC' || event.end?.timeZone !== 'UTC') {
    throw new ProviderUnavailableError(`Microsoft Graph answered an event in ${event.start?.timeZone}, not UTC`);
  }
  const startsAtMs = utcOf(start);
  const endsAtMs = utcOf(end);
  if (!(endsAtMs > startsAtMs)) return null;
  return { startsAtMs, endsAtMs, showAs };
}

/** The UTC instant of a local date-time match (NaN for an impossible date such as 2025-02-30). */
function utcOf(m: RegExpExecArray): number {
  const [y, mo, d] = m[1]!.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(
    y,
    mo - 1,
    d,
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
    Number((m[5] ?? '0').padEnd(3, '0').slice(0, 3)),
  );
  return new Date(ms).toISOString().startsWith(m[1]!) ? ms : NaN;
}

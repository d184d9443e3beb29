// The booking state machine (docs/decisions.md "Booking lifecycle"): the specification's table
// plus the project's decisions, in one place that every entry point asks — the dashboard, the
// customer's manage token, the partner API and the hold-expiry sweeper. Pure: the caller passes
// the booking as stored and the time.

import { cutoffAtMs, describeMinutes, type BookingStatus } from '@svc/rules';

/** Who asks: a tenant member (dashboard), the customer (manage token), a partner (API key), the platform. */
export type Actor = 'staff' | 'customer' | 'partner' | 'system';
export const REQUEST_ACTORS = ['staff', 'customer', 'partner'] as const;

export type StatusAction = 'confirm' | 'cancel' | 'complete' | 'no_show';
export const STATUS_ACTIONS: readonly StatusAction[] = ['confirm', 'cancel', 'complete', 'no_show'];
export type BookingAction = StatusAction | 'reschedule' | 'expire';

export type LifecycleEvent =
  | 'booking.confirmed'
  | 'booking.cancelled'
  | 'booking.completed'
  | 'booking.no_show'
  | 'booking.rescheduled'
  | 'booking.expired';

/** What the state machine reads of a booking. */
export interface LifecycleState {
  status: BookingStatus;
  startsAtMs: number;
  holdExpiresAtMs: number | null;
  /** The customer's cut-offs stored on the booking (docs/decisions.md "Service policies"); absent = 0. */
  cancelCutoffMin?: number | undefined;
  rescheduleCutoffMin?: number | undefined;
}

/** Why an action is refused: the actor may never take it, the status, the hold, the start, the cut-off. */
export type RefusalReason = 'not_allowed' | 'status' | 'hold_expired' | 'hold_running' | 'started' | 'cutoff';

export type Decision =
  { ok: true; to: BookingStatus; event: LifecycleEvent } | { ok: false; reason: RefusalReason; message: string };

interface Rule {
  from: readonly BookingStatus[];
  to: BookingStatus | 'same';
  event: LifecycleEvent;
  actors: readonly Actor[];
  /** Only before the booking starts. */
  beforeStart?: readonly Actor[];
  /** The customer only before the booking's cut-off for it (docs/decisions.md "Service policies"). */
  customerCutoff?: 'cancelCutoffMin' | 'rescheduleCutoffMin';
}

const PEOPLE: readonly Actor[] = ['staff', 'partner', 'customer'];
const TENANT: readonly Actor[] = ['staff', 'partner'];

const RULES: Record<BookingAction, Rule> = {
  // `system`: the booking service confirming a hold of an automatic service (docs/decisions.md
  // "Confirmation policy").
  confirm: { from: ['held'], to: 'confirmed', event: 'booking.confirmed', actors: [...TENANT, 'system'] },
  // `system`: the erase of a customer cancelling their open bookings (docs/decisions.md "Privacy").
  cancel: {
    from: ['held', 'confirmed'],
    to: 'cancelled',
    event: 'booking.cancelled',
    actors: [...PEOPLE, 'system'],
    beforeStart: ['customer'],
    customerCutoff: 'cancelCutoffMin',
  },
  complete: { from: ['confirmed'], to: 'completed', event: 'booking.completed', actors: TENANT },
  no_show: { from: ['confirmed'], to: 'no_show', event: 'booking.no_show', actors: TENANT },
  reschedule: {
    from: ['held', 'confirmed'],
    to: 'same',
    event: 'booking.rescheduled',
    actors: PEOPLE,
    beforeStart: PEOPLE,
    customerCutoff: 'rescheduleCutoffMin',
  },
  expire: { from: ['held'], to: 'cancelled', event: 'booking.expired', actors: ['system'] },
};

/** A held booking whose hold has run out: it no longer occupies its slot and only expiry applies. */
export function holdHasExpired(b: LifecycleState, nowMs: number): boolean {
  return b.status === 'held' && b.holdExpiresAtMs !== null && b.holdExpiresAtMs <= nowMs;
}

const LABEL: Record<BookingAction, string> = {
  confirm: 'confirmed',
  cancel: 'cancelled',
  complete: 'completed',
  no_show: 'marked as a no-show',
  reschedule: 'rescheduled',
  expire: 'expired',
};

/** May `actor` apply `action` to the booking at `nowMs`, and what follows if so. */
export function decide(b: LifecycleState, action: BookingAction, actor: Actor, nowMs: number): Decision {
  const rule = RULES[action];
  const refuse = (reason: RefusalReason, why: string): Decision => ({
    ok: false,
    reason,
    message: `This booking cannot be ${LABEL[action]}${reason === 'cutoff' ? ' online' : ''}: ${why}.`,
  });
  if (!rule.actors.includes(actor)) return refuse('not_allowed', 'not allowed here');
  if (!rule.from.includes(b.status)) return refuse('status', `it is ${b.status.replace('_', '-')}`);
  const expired = holdHasExpired(b, nowMs);
  if (action === 'expire') {
    if (!expired) return refuse('hold_running', 'its hold has not run out');
  } else if (expired) {
    return refuse('hold_expired', 'its hold has expired');
  }
  if (rule.beforeStart?.includes(actor) && nowMs >= b.startsAtMs) return refuse('started', 'it has already started');
  const cutoffMin = actor === 'customer' && rule.customerCutoff ? (b[rule.customerCutoff] ?? 0) : 0;
  // The cut-off's first minute refuses, as the start itself does (docs/decisions.md "Service policies").
  if (cutoffMin > 0 && nowMs >= cutoffAtMs(b.startsAtMs, cutoffMin)) {
    return refuse(
      'cutoff',
      `changes close ${describeMinutes(cutoffMin)} before the start; please contact the business`,
    );
  }
  return { ok: true, to: rule.to === 'same' ? b.status : rule.to, event: rule.event };
}

/** The actions `actor` may take now (for the manage page's buttons and the API's hints). */
export function allowedActions(b: LifecycleState, actor: Actor, nowMs: number): BookingAction[] {
  return (Object.keys(RULES) as BookingAction[]).filter((a) => decide(b, a, actor, nowMs).ok);
}

/** Of `actions`, those `actor` may not take now, each with the refusal (the manage page says why). */
export function refusedActions(
  b: LifecycleState,
  actions: readonly BookingAction[],
  actor: Actor,
  nowMs: number,
): Array<{ action: BookingAction; reason: RefusalReason; message: string }> {
  return actions.flatMap((action) => {
    const decision = decide(b, action, actor, nowMs);
    return decision.ok ? [] : [{ action, reason: decision.reason, message: decision.message }];
  });
}

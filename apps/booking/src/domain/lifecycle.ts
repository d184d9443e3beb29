// The booking state machine (docs/decisions.md "Booking lifecycle"): the specification's table
// plus the project's decisions, in one place that every entry point asks — the dashboard, the
// customer's manage token, the partner API and the hold-expiry sweeper. Pure: the caller passes
// the booking as stored and the time.

import type { BookingStatus } from '../store/records.js';

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
}

export type Decision = { ok: true; to: BookingStatus; event: LifecycleEvent } | { ok: false; message: string };

interface Rule {
  from: readonly BookingStatus[];
  to: BookingStatus | 'same';
  event: LifecycleEvent;
  actors: readonly Actor[];
  /** Only before the booking starts. */
  beforeStart?: readonly Actor[];
}

const PEOPLE: readonly Actor[] = ['staff', 'partner', 'customer'];
const TENANT: readonly Actor[] = ['staff', 'partner'];

const RULES: Record<BookingAction, Rule> = {
  // `system`: the booking service confirming a hold of an automatic service (docs/decisions.md
  // "Confirmation policy").
  confirm: { from: ['held'], to: 'confirmed', event: 'booking.confirmed', actors: [...TENANT, 'system'] },
  cancel: {
    from: ['held', 'confirmed'],
    to: 'cancelled',
    event: 'booking.cancelled',
    actors: PEOPLE,
    beforeStart: ['customer'],
  },
  complete: { from: ['confirmed'], to: 'completed', event: 'booking.completed', actors: TENANT },
  no_show: { from: ['confirmed'], to: 'no_show', event: 'booking.no_show', actors: TENANT },
  reschedule: {
    from: ['held', 'confirmed'],
    to: 'same',
    event: 'booking.rescheduled',
    actors: PEOPLE,
    beforeStart: PEOPLE,
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
  const refuse = (why: string): Decision => ({
    ok: false,
    message: `This booking cannot be ${LABEL[action]}: ${why}.`,
  });
  if (!rule.actors.includes(actor)) return refuse('not allowed here');
  if (!rule.from.includes(b.status)) return refuse(`it is ${b.status.replace('_', '-')}`);
  const expired = holdHasExpired(b, nowMs);
  if (action === 'expire') {
    if (!expired) return refuse('its hold has not run out');
  } else if (expired) {
    return refuse('its hold has expired');
  }
  if (rule.beforeStart?.includes(actor) && nowMs >= b.startsAtMs) return refuse('it has already started');
  return { ok: true, to: rule.to === 'same' ? b.status : rule.to, event: rule.event };
}

/** The actions `actor` may take now (for the manage page's buttons and the API's hints). */
export function allowedActions(b: LifecycleState, actor: Actor, nowMs: number): BookingAction[] {
  return (Object.keys(RULES) as BookingAction[]).filter((a) => decide(b, a, actor, nowMs).ok);
}

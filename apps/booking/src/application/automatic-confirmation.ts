// A service's confirmation policy in the booking service (docs/decisions.md "Confirmation
// policy"). createBooking confirms a hold of an automatic service right after committing it,
// still under its capacity locks (booking-lifecycle.ts confirmCreatedHold). When that confirm
// did not happen (the process died between the two transactions, the store went away in
// between), whoever meets the hold first confirms it: a replay of the create, or the sweeper
// (hold-expiry.ts) once no create can still be at work on it, long before the hold runs out.

import { DomainError } from '@svc/errors';
import { holdHasExpired } from '../domain/lifecycle.js';
import type { BookingDoc, BookingStatus } from '../store/records.js';
import { changeStatus, type LifecycleDeps } from './booking-lifecycle.js';
import { LOCK_TTL_MS } from './slot-guard.js';

/**
 * How old a hold of an automatic service must be before the sweeper confirms it: older than a
 * create can hold its capacity locks, so a create still at work is not raced, and far inside the
 * 10-minute hold.
 */
export const AUTO_CONFIRM_AFTER_MS = LOCK_TTL_MS;

/** A hold of an automatic service that nobody has confirmed yet and that may still be. */
const awaitsAutomaticConfirm = (b: BookingDoc, nowMs: number): boolean =>
  b.confirmation === 'automatic' && b.status === 'held' && !holdHasExpired(b, nowMs);

/** The state machine's refusal: the booking changed under us (a 503 is an outage and stays one). */
const isRefusal = (err: unknown): boolean =>
  err instanceof DomainError && err.code === 'BOOKING_POLICY_BLOCKED' && err.httpStatus === 409;

/**
 * `confirm` of a hold of an automatic service, answering the booking as it stands afterwards:
 * when someone else changed it first (another replica's sweeper or a replay confirmed it, staff
 * cancelled it) the state machine refuses and the booking is read again.
 */
export async function confirmedOrCurrent(
  deps: LifecycleDeps,
  booking: BookingDoc,
  confirm: () => Promise<BookingDoc>,
): Promise<BookingDoc> {
  try {
    return await confirm();
  } catch (err) {
    if (!isRefusal(err)) throw err;
    return (await deps.store.booking(booking.tenantId, booking._id)) ?? booking;
  }
}

/** The catch-up confirm (actor `system`), taking the capacity locks as every confirm does. */
const confirmAutomatic = (deps: LifecycleDeps, booking: BookingDoc, traceparent: string | null) =>
  confirmedOrCurrent(deps, booking, () =>
    changeStatus(deps, {
      tenantId: booking.tenantId,
      bookingId: booking._id,
      action: 'confirm',
      actor: 'system',
      reason: '',
      traceparent,
    }),
  );

/**
 * What a replay of a create answers (docs/decisions.md "Confirmation policy"): the status of the
 * first answer, which is `held` for a manual service (even when confirmed since) and `confirmed`
 * for an automatic one. An automatic hold its create left unconfirmed is confirmed now; one that
 * never was (it expired first, or was cancelled while held) is answered as it is, so a replay
 * never claims a confirmation that did not happen.
 */
export async function replayAnswer(
  deps: LifecycleDeps,
  booking: BookingDoc,
  originalStatus: string,
  traceparent: string | null,
): Promise<BookingDoc> {
  if (booking.confirmation !== 'automatic') return { ...booking, status: originalStatus as BookingStatus };
  const now = awaitsAutomaticConfirm(booking, deps.now())
    ? await confirmAutomatic(deps, booking, traceparent)
    : booking;
  return typeof now.confirmedAtMs === 'number' ? { ...now, status: 'confirmed' } : now;
}

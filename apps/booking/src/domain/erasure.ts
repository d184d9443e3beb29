// The erase of a customer in the booking service (docs/decisions.md "Privacy"): the job's steps
// in order, which bookings it ends, and what it leaves of a booking and of an event. Pure.

import { validationError } from '@svc/errors';
import { isRecord } from '@svc/rules';
import { holdHasExpired, type LifecycleState } from './lifecycle.js';

/**
 * The job's steps, in order; each is idempotent, so a job resumed at any step (a crash, a
 * restart) finishes as one that ran through:
 * - cancel: the customer's open bookings cancelled through the lifecycle (reason
 *   `customer_erased`, actor system), each with its normal event carrying the customer's data;
 * - strip: answers and notes removed from every booking of the customer;
 * - redact: the stored events of those bookings redacted once the relay has published them;
 * - announce: `customer.erased` rows written, so the other services redact what they hold;
 * - customer: the customer record erased (customer.v1 EraseCustomer);
 * - payments: the Stripe customers made at the bookings' checkouts deleted through the tenant's
 *   account (integrations.v1 DeletePaymentCustomer), so Stripe keeps no customer of theirs;
 * - scrub: events written meanwhile redacted too, and the store's freed bytes scrubbed.
 */
export const ERASE_STEPS = ['cancel', 'strip', 'redact', 'announce', 'customer', 'payments', 'scrub', 'done'] as const;
export type EraseStep = (typeof ERASE_STEPS)[number];
/** Every step a job still has work in. */
export const UNFINISHED_STEPS: readonly EraseStep[] = ERASE_STEPS.filter((s) => s !== 'done');

export function nextStep(step: EraseStep): EraseStep {
  const i = ERASE_STEPS.indexOf(step);
  return ERASE_STEPS[Math.min(i + 1, ERASE_STEPS.length - 1)] as EraseStep;
}

/**
 * The Stripe customers of these bookings' payments, each once ('' is a checkout that made none).
 * Bounded by the page of bookings it is given.
 */
export function paymentCustomersOf(bookings: readonly { payment?: { customerRef: string } | null }[]): string[] {
  const refs = new Set<string>();
  for (const b of bookings) {
    const ref = b.payment?.customerRef ?? '';
    if (ref !== '') refs.add(ref);
  }
  return [...refs];
}

/**
 * Whether a DeletePaymentCustomer outcome leaves the customer at Stripe: the workspace has no
 * account now, or Stripe refused the key or the request. The erase goes on and counts it.
 */
export const paymentCustomerLeft = (outcome: string): boolean => outcome !== 'deleted' && outcome !== 'already_deleted';

/** The cancel reason of the bookings the erase ends. */
export const ERASED_REASON = 'customer_erased';

/** The internal event telling the other services which bookings' data to redact (not a webhook event). */
export const CUSTOMER_ERASED_EVENT = 'customer.erased';

/** Booking ids per `customer.erased` row at most: one message stays small. */
export const ERASED_IDS_PER_EVENT = 500;

/**
 * What the erase does to a booking at `nowMs`: a hold still running and a confirmed booking that
 * has not started are cancelled; a hold that ran out is expired (the only change the state
 * machine allows it, which the sweeper would make anyway). A confirmed booking that has started
 * took place, or is taking place: it stays for the business's accounts, as every finished one does.
 */
export function eraseAction(
  b: Pick<LifecycleState, 'status' | 'startsAtMs' | 'holdExpiresAtMs'>,
  nowMs: number,
): 'cancel' | 'expire' | null {
  if (b.status === 'held') return holdHasExpired(b, nowMs) ? 'expire' : 'cancel';
  if (b.status === 'confirmed' && b.startsAtMs > nowMs) return 'cancel';
  return null;
}

/** A create or reschedule for a customer whose record is erased, or being erased, is refused. */
export const erasedCustomer = () =>
  validationError([
    { path: 'customerId', message: 'this customer was erased: their record takes no new or moved bookings' },
  ]);

/** True while the booking still holds what the erase removes (answers, notes). */
export function holdsPersonalData(b: { notes?: unknown; answers?: unknown }): boolean {
  return (typeof b.notes === 'string' && b.notes !== '') || (Array.isArray(b.answers) && b.answers.length > 0);
}

/** The fields a stripped booking gets: no answers, no notes; time, service, staff, status and policies stay. */
export const STRIPPED_BOOKING = { notes: '', answers: [] as never[] };

/**
 * An event's data with nothing of the customer left: the customer's name and contacts emptied
 * (their id stays, as the booking's does), the intake answers gone. Every other field of a booking
 * event (bookingEvent) holds ids, times, the service and the calendar write-back state.
 */
export function redactEventData(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  const customer = data.customer;
  if (isRecord(customer)) {
    const redacted: Record<string, unknown> = { ...customer, name: '', primaryEmail: '' };
    if ('phone' in customer) redacted.phone = '';
    out.customer = redacted;
  }
  const booking = data.booking;
  if (isRecord(booking)) {
    out.booking = { ...booking, answers: [] };
    if ('notes' in booking) (out.booking as Record<string, unknown>).notes = '';
  }
  return out;
}

// The payment worker (docs/decisions.md "Payments"). The specification rules out inbound
// webhooks, so nothing tells us a customer paid: this worker asks Stripe. Each pass:
//   1. looks at the checkout of every held booking still awaiting payment and confirms the
//      booking (actor `system`) once it is paid, so a customer who closed the tab after paying
//      is confirmed all the same;
//   2. settles the payment of every booking no longer held that has money left to move: a
//      checkout still open is expired through Stripe's API (one paid after all — after the hold
//      ended, or on top of a payment staff recorded — is refunded in full, as no payment is kept
//      for a booking that does not exist or was paid already); a refund or a no-show fee a change
//      decided is made. Every movement is recorded on the booking.
// Each Stripe call that moves money is keyed by the booking and its cause, so a replica that
// dies after Stripe moved it and before the record was written makes the same call again and
// Stripe answers the first result.

import { DomainError } from '@svc/errors';
import { DueWorker } from '@svc/background';
import type { Logger } from '@svc/telemetry';
import { hasPendingWork, type BookingPayment, type PaymentRecord } from '../domain/payment.js';
import type { BookingDoc } from '../store/records.js';
import { changeStatus, type LifecycleDeps } from './booking-lifecycle.js';
import { chargeOf, isPaid, refund } from './payments.js';
import type { Checkout } from './ports.js';

/**
 * Between passes by default: a customer who paid and closed the tab waits about this long for
 * the confirmation; each awaiting booking costs one Stripe read per pass (docs/operations.md
 * "Payments").
 */
export const DEFAULT_PAYMENT_POLL_MS = 5_000;

export interface PaymentWorkerOptions {
  /** Pause between passes. */
  intervalMs: number;
  /** Bookings per scan at most. */
  batch?: number;
  /** Called after a pass that wrote outbox rows, so the relay publishes at once. */
  onChanged?: () => void;
}

/** A refusal of the state machine or of the store's compare-and-set: someone else changed it first. */
const changedMeanwhile = (err: unknown): boolean =>
  err instanceof DomainError && (err.code === 'BOOKING_POLICY_BLOCKED' || err.code === 'BOOKING_SLOT_UNAVAILABLE');

/**
 * The checkout of a held booking awaiting payment, looked at now: the booking confirmed (actor
 * `system`) when it is paid. Answers the booking as it stands afterwards (the return URL's
 * answer). Confirmed by the other path first, or its hold ended first: the booking as it is (the
 * settle pass then finds the paid checkout of a booking no longer held and refunds it).
 */
export async function confirmIfPaid(deps: LifecycleDeps, booking: BookingDoc): Promise<BookingDoc> {
  const payment = booking.payment;
  if (!payment || booking.status !== 'held' || payment.state !== 'awaiting') return booking;
  const checkout = await deps.payments.checkout(booking.tenantId, payment.checkoutSessionId);
  if (!isPaid(checkout)) return booking;
  try {
    return await changeStatus(deps, {
      tenantId: booking.tenantId,
      bookingId: booking._id,
      action: 'confirm',
      actor: 'system',
      reason: '',
      traceparent: null,
      paidCheckout: checkout,
    });
  } catch (err) {
    if (!changedMeanwhile(err)) throw err;
    const now = await deps.store.booking(booking.tenantId, booking._id);
    if (now && now.status !== 'held') deps.onPaymentWork?.();
    return now ?? booking;
  }
}

export class PaymentWorker extends DueWorker {
  private again = false;
  private readonly batch: number;

  constructor(
    private readonly deps: LifecycleDeps,
    private readonly logger: Logger,
    private readonly options: PaymentWorkerOptions,
  ) {
    super('payment', options.intervalMs, logger);
    this.batch = options.batch ?? 50;
  }

  /** One pass over both scans; answers how many bookings it changed. */
  async passOnce(): Promise<number> {
    let changed = 0;
    const awaiting = await this.deps.store.awaitingPayment(this.deps.now(), this.batch);
    for (const booking of awaiting) {
      try {
        if ((await confirmIfPaid(this.deps, booking)).status !== 'held') changed++;
      } catch (err) {
        // Stripe or the integrations service unreachable: asked again next pass.
        this.logger.warn({ err, bookingId: booking._id }, 'payment check failed');
      }
    }
    const unsettled = await this.deps.store.unsettledPayments(this.batch);
    for (const booking of unsettled) {
      try {
        if (await this.settle(booking)) changed++;
      } catch (err) {
        this.logger.warn({ err, bookingId: booking._id }, 'payment settlement failed');
      }
    }
    this.again = awaiting.length === this.batch || unsettled.length === this.batch;
    return changed;
  }

  /** The money left to move for a booking no longer held, moved and recorded. */
  private async settle(booking: BookingDoc): Promise<boolean> {
    const before = booking.payment;
    if (!before || !hasPendingWork(before)) return false;
    const now = this.deps.now();
    let payment: BookingPayment = before;
    if (!payment.sessionSettled) payment = await this.settleCheckout(booking, payment, now);
    if (payment.refundDue > 0) {
      const made = await refund(
        this.deps.payments,
        { ...booking, payment },
        payment.refundDue,
        'cancel',
        now,
        'system',
      );
      payment = { ...payment, refundDue: 0, records: made ? [...payment.records, made] : payment.records };
    }
    if (payment.feeDue > 0) payment = await this.chargeFee(booking, payment, now);
    return this.save(booking, payment);
  }

  /**
   * A checkout of a booking that no longer awaits it: expired, or, when it was paid after all,
   * its payment recorded and refunded in full.
   */
  private async settleCheckout(booking: BookingDoc, payment: BookingPayment, now: number): Promise<BookingPayment> {
    const checkout: Checkout = await this.deps.payments.expireCheckout(booking.tenantId, payment.checkoutSessionId);
    if (checkout.status === 'expired') return { ...payment, sessionSettled: true, checkoutUrl: '' };
    // Still open (Stripe did not expire it after all), or complete with the money not yet
    // arrived (a delayed payment method): looked at again next pass.
    if (!isPaid(checkout)) return payment;
    const charged = payment.records.some((r) => r.kind === 'charge' && r.providerId === checkout.paymentIntentId);
    const withCharge: BookingPayment = charged
      ? payment
      : { ...payment, records: [...payment.records, chargeOf(checkout, now, 'customer')] };
    // Paid for a booking that is gone, or paid twice: all of this checkout's payment goes back.
    const made = await refund(
      this.deps.payments,
      { ...booking, payment: withCharge },
      checkout.amountTotal,
      'late',
      now,
      'system',
    );
    return {
      ...withCharge,
      sessionSettled: true,
      checkoutUrl: '',
      records: made ? [...withCharge.records, made] : withCharge.records,
    };
  }

  /** The no-show charge to the card saved at checkout; a declined card is recorded as failed, not retried. */
  private async chargeFee(booking: BookingDoc, payment: BookingPayment, now: number): Promise<BookingPayment> {
    const movement = await this.deps.payments.chargeSavedCard({
      tenantId: booking.tenantId,
      customerRef: payment.customerRef,
      paymentMethodId: payment.paymentMethodId,
      amount: payment.feeDue,
      currency: payment.currency,
      description: 'No-show',
      idempotencyKey: `no-show-${booking._id}`,
    });
    const record: PaymentRecord = {
      kind: 'no_show_fee',
      amount: movement.amount,
      currency: payment.currency,
      status: movement.status,
      providerId: movement.id,
      atMs: now,
      actor: 'system',
    };
    return { ...payment, feeDue: 0, records: [...payment.records, record] };
  }

  /**
   * Writes what was moved, a compare-and-set on the booking as read; one changed meanwhile is
   * read again next pass (Stripe replays the keyed calls).
   */
  private async save(booking: BookingDoc, payment: BookingPayment): Promise<boolean> {
    const saved = await this.deps.store.withTransaction((tx) => this.deps.store.savePayment(booking, payment, tx));
    if (!saved) this.again = true;
    return saved;
  }

  /** One pass; a full batch or a write that lost a race runs the next at once. */
  protected async pass(): Promise<number> {
    const changed = await this.passOnce();
    if (changed > 0) this.options.onChanged?.();
    return this.again ? 0 : this.options.intervalMs;
  }
}

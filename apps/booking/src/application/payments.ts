// Paid bookings (docs/decisions.md "Payments"): the checkout opened before a create's locks, the
// proof of payment that confirms a hold, and the settling of checkouts whose booking no longer
// awaits them. Stripe is reached only through the integrations service (PaymentProvider); every
// call that changes something carries an idempotency key derived from the booking, so a retry
// after a lost answer is the same call.

import { randomBytes } from 'node:crypto';
import { DomainError } from '@svc/errors';
import { amountDueOf, refundable, type BookingPayment, type PaymentRecord } from '../domain/payment.js';
import type { BookingDoc } from '../store/records.js';
import type { Checkout, PaymentProvider, ServiceInfo } from './ports.js';

/** Where a return URL takes the booking's return key. */
export const RETURN_KEY_PLACEHOLDER = '{KEY}';

/** A checkout session is settled once Stripe says so: paid, or no longer open. */
export const isPaid = (c: Checkout): boolean => c.status === 'complete' && c.paymentStatus === 'paid';

/**
 * The checkout of a new booking of a paid service, opened before the create takes its locks (a
 * Stripe call under them would hold the slot's capacity for its length): the booking id is
 * chosen here and is the session's client_reference_id. Null for a service without a payment
 * policy. Stripe down: PROVIDER_ACTION_FAILED (502) and nothing is written.
 */
export async function openCheckout(
  payments: PaymentProvider,
  q: {
    tenantId: string;
    bookingId: string;
    service: ServiceInfo;
    returnUrl: string;
  },
): Promise<BookingPayment | null> {
  const amountDue = amountDueOf(q.service, q.service.price);
  if (amountDue === null || !q.service.price) return null;
  if (!q.returnUrl.includes(RETURN_KEY_PLACEHOLDER)) {
    throw new DomainError('INTERNAL_ERROR', 'A paid booking needs the URL Stripe sends its customer back to.');
  }
  const returnKey = randomBytes(24).toString('base64url');
  const back = q.returnUrl.replace(RETURN_KEY_PLACEHOLDER, returnKey);
  const checkout = await payments.createCheckout({
    tenantId: q.tenantId,
    bookingId: q.bookingId,
    amount: amountDue,
    currency: q.service.price.currency,
    description: q.service.name,
    successUrl: back,
    cancelUrl: back,
    saveCard: q.service.noShowCharge !== 'none',
    idempotencyKey: `checkout-${q.bookingId}`,
  });
  return {
    policy: q.service.payment === 'deposit' ? 'deposit' : 'full',
    priceAmount: q.service.price.amount,
    currency: q.service.price.currency,
    amountDue,
    refundAfterCutoffPercent: q.service.refundAfterCutoffPercent,
    noShowCharge: q.service.noShowCharge,
    noShowFeeAmount: q.service.noShowFeeAmount,
    state: 'awaiting',
    checkoutSessionId: checkout.sessionId,
    checkoutUrl: checkout.url,
    returnKey,
    sessionSettled: false,
    customerRef: '',
    paymentMethodId: '',
    refundDue: 0,
    feeDue: 0,
    records: [],
  };
}

/** The record of a paid checkout. */
export function chargeOf(checkout: Checkout, nowMs: number, actor: string): PaymentRecord {
  return {
    kind: 'charge',
    amount: checkout.amountTotal,
    currency: checkout.currency.toUpperCase(),
    status: 'succeeded',
    providerId: checkout.paymentIntentId,
    atMs: nowMs,
    actor,
  };
}

/** The booking's payment once its checkout is proven paid. */
export function paidWith(payment: BookingPayment, checkout: Checkout, nowMs: number, actor: string): BookingPayment {
  if (payment.records.some((r) => r.kind === 'charge' && r.providerId === checkout.paymentIntentId)) return payment;
  return {
    ...payment,
    state: 'paid',
    checkoutUrl: '',
    sessionSettled: true,
    customerRef: checkout.customerRef,
    paymentMethodId: checkout.paymentMethodId,
    records: [...payment.records, chargeOf(checkout, nowMs, actor)],
  };
}

/** The booking's payment once staff say it was paid another way (its checkout is then expired). */
export function paidOutside(payment: BookingPayment, nowMs: number, actor: string): BookingPayment {
  return {
    ...payment,
    state: 'paid_outside',
    checkoutUrl: '',
    records: [
      ...payment.records,
      {
        kind: 'outside',
        amount: payment.amountDue,
        currency: payment.currency,
        status: 'succeeded',
        providerId: '',
        atMs: nowMs,
        actor,
      },
    ],
  };
}

/**
 * Refunds `amount` of what the booking's checkout took and answers the record, keyed so a retry
 * is the same refund. Nothing to refund: null.
 */
export async function refund(
  payments: PaymentProvider,
  booking: Pick<BookingDoc, '_id' | 'tenantId'> & { payment: BookingPayment },
  amount: number,
  why: string,
  nowMs: number,
  actor: string,
): Promise<PaymentRecord | null> {
  const charge = booking.payment.records.find((r) => r.kind === 'charge' && r.status === 'succeeded');
  const left = refundable(booking.payment);
  const due = Math.min(amount, left);
  if (!charge || due <= 0) return null;
  const movement = await payments.refund({
    tenantId: booking.tenantId,
    paymentIntentId: charge.providerId,
    amount: due,
    idempotencyKey: `refund-${booking._id}-${why}`,
  });
  return {
    kind: 'refund',
    amount: movement.amount,
    currency: booking.payment.currency,
    status: movement.status,
    providerId: movement.id,
    atMs: nowMs,
    actor,
  };
}

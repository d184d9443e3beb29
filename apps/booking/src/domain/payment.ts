// A paid booking's money as the booking keeps it (docs/decisions.md "Payments"): pure rules for
// what is due at create, what a cancel refunds now, and what a no-show may be charged. Amounts
// are minor units of the booking's currency (whole units for a zero-decimal one such as JPY);
// a percentage rounds down to the smallest unit, then every amount that moves lands on the step
// Stripe takes (10 fils for KWD and the other three-decimal currencies) on the customer's side:
// a refund up, a charge down (@svc/rules refundOnStep, chargeOnStep).

import {
  chargeOnStep,
  MINUTE_MS,
  refundOnStep,
  type NoShowCharge,
  type PaymentPolicy,
  type PaymentTerms,
} from '@svc/rules';

/** One money movement through the tenant's Stripe account, or a payment staff recorded. */
export interface PaymentRecord {
  /** charge: the customer paid at checkout; outside: staff marked it paid another way; refund; no_show_fee. */
  kind: 'charge' | 'outside' | 'refund' | 'no_show_fee';
  /** Minor units, always positive (a refund's is what went back). */
  amount: number;
  currency: string;
  /** succeeded | pending | failed | requires_action (Stripe's), `succeeded` for outside. */
  status: string;
  /** pi_… for a charge or a fee, re_… for a refund; '' for outside. */
  providerId: string;
  atMs: number;
  /** Who caused it: customer (paid, cancelled), staff, partner, system (the poller, a late payment). */
  actor: string;
}

/**
 * What a paid booking keeps of its service's terms when made, its checkout, and its money. The
 * terms are copied so a later change of the service's policy never changes what this customer
 * was told.
 */
export interface BookingPayment {
  policy: Exclude<PaymentPolicy, 'none'>;
  priceAmount: number;
  currency: string;
  /** Due at checkout: the deposit or the price. */
  amountDue: number;
  refundAfterCutoffPercent: number;
  noShowCharge: NoShowCharge;
  noShowFeeAmount: number;
  /**
   * awaiting: checkout open; paid / paid_outside: proven; unpaid: the hold ended without it.
   */
  state: 'awaiting' | 'paid' | 'paid_outside' | 'unpaid';
  checkoutSessionId: string;
  /** Stripe's page while awaiting; '' after. */
  checkoutUrl: string;
  /**
   * The secret of the return URL Stripe sends the customer back to: who has it came from
   * checkout (docs/decisions.md "Payments"). Never answered by the API.
   */
  returnKey: string;
  /**
   * Whether the checkout session is settled: paid and recorded, or expired through Stripe's
   * API. A booking whose hold ended with it unsettled has its session expired by the poller.
   */
  sessionSettled: boolean;
  /** The card saved at checkout, for a no-show charge; '' when none. */
  customerRef: string;
  paymentMethodId: string;
  /**
   * Money a change decided to move that Stripe has not moved yet: the refund of a cancel, the
   * charge of a no-show. Decided in the change's transaction, moved after it by the payment
   * worker (keyed, so never twice), then recorded and set back to 0.
   */
  refundDue: number;
  feeDue: number;
  records: PaymentRecord[];
}

/** Whether the payment worker has something to do for it (BookingDoc.paymentPending). */
export const hasPendingWork = (p: BookingPayment): boolean => !p.sessionSettled || p.refundDue > 0 || p.feeDue > 0;

/** What a service charges at create, or null for a service without a payment policy. */
export function amountDueOf(terms: PaymentTerms, price: { amount: number; currency: string } | null): number | null {
  if (terms.payment === 'none' || !price) return null;
  return terms.payment === 'deposit' ? terms.depositAmount : price.amount;
}

/** What the customer paid, less what went back. */
export function netPaid(p: Pick<BookingPayment, 'records'>): number {
  let net = 0;
  for (const r of p.records) {
    if (r.status !== 'succeeded') continue;
    if (r.kind === 'refund') net -= r.amount;
    else if (r.kind === 'charge' || r.kind === 'no_show_fee') net += r.amount;
  }
  return net;
}

/** What was paid through Stripe and can go back through it (an outside payment cannot). */
export function refundable(p: Pick<BookingPayment, 'records'>): number {
  return Math.max(0, netPaid(p));
}

/** `percent` of `amount`, rounded down to the smallest unit. */
export const percentOf = (amount: number, percent: number): number => Math.floor((amount * percent) / 100);

/**
 * What a cancel at `nowMs` refunds: all of what was paid before the booking's cancel cut-off,
 * `refundAfterCutoffPercent` of it from the cut-off on. Staff may give another percentage
 * (`overridePercent`), for a business's own mistake or goodwill. A percentage of a three-decimal
 * currency rounds up to Stripe's step, never past what was paid.
 */
export function refundOnCancel(
  b: { startsAtMs: number; cancelCutoffMin?: number | undefined; payment: BookingPayment },
  nowMs: number,
  overridePercent?: number,
): number {
  const paid = refundable(b.payment);
  const cutoffAtMs = b.startsAtMs - (b.cancelCutoffMin ?? 0) * MINUTE_MS;
  const percent = overridePercent ?? (nowMs < cutoffAtMs ? 100 : b.payment.refundAfterCutoffPercent);
  return Math.min(paid, refundOnStep(percentOf(paid, percent), b.payment.currency));
}

/**
 * What a no-show may charge to the saved card: the rest of the price or the fee, when the
 * service asks for it and a card was saved; 0 otherwise. Rounded down to Stripe's step.
 */
export function noShowChargeOf(p: BookingPayment): number {
  if (p.noShowCharge === 'none' || p.customerRef === '' || p.paymentMethodId === '') return 0;
  const due = p.noShowCharge === 'fee' ? p.noShowFeeAmount : p.priceAmount - netPaid(p);
  return Math.max(0, chargeOnStep(due, p.currency));
}

/**
 * A booking's payment as webhooks show it (`data.booking.payment`), as the API's record does: never
 * its return key or the saved card's references; null, never '', for a page or an id it has not.
 */
export function paymentEventView(p: BookingPayment) {
  return {
    ...paymentView(p),
    checkoutUrl: p.checkoutUrl === '' ? null : p.checkoutUrl,
    records: p.records.map((r) => ({ ...r, providerId: r.providerId === '' ? null : r.providerId })),
  };
}

/** A booking's payment as booking.v1 answers it (the gateway's record turns '' into null). */
export function paymentView(p: BookingPayment) {
  return {
    policy: p.policy,
    priceAmount: p.priceAmount,
    currency: p.currency,
    amountDue: p.amountDue,
    state: p.state,
    checkoutUrl: p.checkoutUrl,
    refundAfterCutoffPercent: p.refundAfterCutoffPercent,
    noShowCharge: p.noShowCharge,
    noShowFeeAmount: p.noShowFeeAmount,
    netPaid: netPaid(p),
    records: p.records.map((r) => ({ ...r })),
  };
}

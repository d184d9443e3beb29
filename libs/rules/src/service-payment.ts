/**
 * A service's payment policy (docs/decisions.md "Payments"): what the customer pays on Stripe's
 * page during the hold, what a late cancel gets back, and what a no-show may be charged. Amounts
 * are minor units of the service's currency. The catalog checks the fields; the gateway's
 * schemas and the booking service read them through these names.
 */

/** none: nothing is paid online; deposit: `depositAmount` now; full: the price now. */
export const PAYMENT_POLICIES = ['none', 'deposit', 'full'] as const;
export type PaymentPolicy = (typeof PAYMENT_POLICIES)[number];

/** What a no-show is charged to the card saved at checkout: nothing, the rest of the price, or a fee. */
export const NO_SHOW_CHARGES = ['none', 'remainder', 'fee'] as const;
export type NoShowCharge = (typeof NO_SHOW_CHARGES)[number];

/** Stripe's largest amount for a charge, in minor units (8 digits). */
export const MAX_PAYMENT_AMOUNT = 99_999_999;

/** A percentage of what was paid: 0 to this. */
export const MAX_REFUND_PERCENT = 100;

/** The policy a stored or transmitted value names; anything else ('' on older records) is none. */
export const paymentPolicyOf = (value: string | null | undefined): PaymentPolicy =>
  value === 'deposit' || value === 'full' ? value : 'none';

/** The no-show charge a stored or transmitted value names; anything else is none. */
export const noShowChargeOf = (value: string | null | undefined): NoShowCharge =>
  value === 'remainder' || value === 'fee' ? value : 'none';

/** The five fields as every reader of a service sees them. */
export interface PaymentTerms {
  payment: PaymentPolicy;
  /** Due now for `deposit`; 0 otherwise. */
  depositAmount: number;
  /** Share of the payment refunded on a cancel from the cut-off on (before it: all of it). */
  refundAfterCutoffPercent: number;
  noShowCharge: NoShowCharge;
  /** Charged for a no-show under `fee`; 0 otherwise. */
  noShowFeeAmount: number;
}

/** A service without a payment policy, and every service stored before there was one. */
export const NO_PAYMENT_TERMS: Readonly<PaymentTerms> = Object.freeze({
  payment: 'none',
  depositAmount: 0,
  refundAfterCutoffPercent: 0,
  noShowCharge: 'none',
  noShowFeeAmount: 0,
});

/** The terms of a service as the catalog transmits them (strings and numbers, '' and 0 when unset). */
export const paymentTermsOf = (wire: {
  payment: string;
  depositAmount: number;
  refundAfterCutoffPercent: number;
  noShowCharge: string;
  noShowFeeAmount: number;
}): PaymentTerms => ({
  payment: paymentPolicyOf(wire.payment),
  depositAmount: wire.depositAmount,
  refundAfterCutoffPercent: wire.refundAfterCutoffPercent,
  noShowCharge: noShowChargeOf(wire.noShowCharge),
  noShowFeeAmount: wire.noShowFeeAmount,
});

/**
 * A Stripe secret key the workspace connects (docs/decisions.md "Payments"): restricted (`rk_`,
 * the one we ask for) or standard (`sk_`), live or test; the rest letters, digits and
 * underscores (nothing that could break the Authorization header), well under 255 characters.
 * The gateway's schema states it and the integrations service checks it: one rule.
 */
export const STRIPE_SECRET_KEY = /^(rk|sk)_(live|test)_[A-Za-z0-9_]{1,247}$/;

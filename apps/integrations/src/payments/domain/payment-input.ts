/**
 * What the payment RPCs accept (docs/decisions.md "Payments"), checked before any call to
 * Stripe: pure, no I/O. Violations name the request's fields as the caller sent them.
 */
import type { FieldViolation } from '@svc/errors';
import { STRIPE_SECRET_KEY } from '@svc/rules';
import type { integrationsV1 } from '@svc/proto';

/** The key's mode, or a violation at `secretKey` (the message never repeats the key). */
/** Which of Stripe's two worlds a key belongs to. */
export type PaymentMode = 'live' | 'test';

export function secretKeyMode(secretKey: string, violations: FieldViolation[]): PaymentMode | null {
  const match = STRIPE_SECRET_KEY.exec(secretKey);
  if (!match) {
    violations.push({
      path: 'secretKey',
      message:
        secretKey === ''
          ? 'is required'
          : 'must be a Stripe secret key: a restricted key (rk_live_… or rk_test_…) or a secret key (sk_live_… or sk_test_…)',
    });
    return null;
  }
  return match[2] as PaymentMode;
}

/** Stripe's largest amount for a charge in most currencies (eight digits). */
export const MAX_AMOUNT = 99_999_999;
/** Stripe's longest idempotency key. */
const MAX_IDEMPOTENCY_KEY = 255;
/** Stripe's longest success and cancel URLs. */
const MAX_URL = 5_000;
/** What the line item's name and a charge's description may carry (a service's name is shorter). */
const MAX_DESCRIPTION = 500;
const MAX_ID = 255;

const required = (value: string, path: string, violations: FieldViolation[], max = MAX_ID) => {
  if (value === '') violations.push({ path, message: 'is required' });
  else if (value.length > max) violations.push({ path, message: `at most ${max} characters` });
};

const amountOk = (amount: number, path: string, violations: FieldViolation[]) => {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_AMOUNT) {
    violations.push({ path, message: `must be a whole number of minor units from 1 to ${MAX_AMOUNT}` });
  }
};

const currencyOk = (currency: string, violations: FieldViolation[]) => {
  if (!/^[A-Z]{3}$/.test(currency))
    violations.push({ path: 'currency', message: 'must be an ISO 4217 code, upper case' });
};

const httpUrlOk = (value: string, path: string, violations: FieldViolation[]) => {
  if (value === '') return violations.push({ path, message: 'is required' });
  if (value.length > MAX_URL) return violations.push({ path, message: `at most ${MAX_URL} characters` });
  // `{CHECKOUT_SESSION_ID}` is Stripe's to fill in; the rest must be an absolute http(s) URL.
  const parsed = URL.canParse(value) ? new URL(value) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    violations.push({ path, message: 'must be an absolute http(s) URL' });
  }
};

export function checkoutViolations(req: integrationsV1.CreateCheckoutRequest): FieldViolation[] {
  const violations: FieldViolation[] = [];
  required(req.bookingId, 'bookingId', violations);
  amountOk(req.amount, 'amount', violations);
  currencyOk(req.currency, violations);
  required(req.description, 'description', violations, MAX_DESCRIPTION);
  httpUrlOk(req.successUrl, 'successUrl', violations);
  httpUrlOk(req.cancelUrl, 'cancelUrl', violations);
  required(req.idempotencyKey, 'idempotencyKey', violations, MAX_IDEMPOTENCY_KEY);
  return violations;
}

export function sessionViolations(req: { sessionId: string }): FieldViolation[] {
  const violations: FieldViolation[] = [];
  required(req.sessionId, 'sessionId', violations);
  return violations;
}

export function refundViolations(req: integrationsV1.RefundPaymentRequest): FieldViolation[] {
  const violations: FieldViolation[] = [];
  required(req.paymentIntentId, 'paymentIntentId', violations);
  amountOk(req.amount, 'amount', violations);
  required(req.idempotencyKey, 'idempotencyKey', violations, MAX_IDEMPOTENCY_KEY);
  return violations;
}

export function chargeViolations(req: integrationsV1.ChargeSavedCardRequest): FieldViolation[] {
  const violations: FieldViolation[] = [];
  required(req.customerRef, 'customerRef', violations);
  required(req.paymentMethodId, 'paymentMethodId', violations);
  amountOk(req.amount, 'amount', violations);
  currencyOk(req.currency, violations);
  if (req.description.length > MAX_DESCRIPTION) {
    violations.push({ path: 'description', message: `at most ${MAX_DESCRIPTION} characters` });
  }
  required(req.idempotencyKey, 'idempotencyKey', violations, MAX_IDEMPOTENCY_KEY);
  return violations;
}

/** A customer of the tenant's account, as Stripe names it (it goes into the request's path). */
export function customerViolations(req: { customerRef: string }): FieldViolation[] {
  const violations: FieldViolation[] = [];
  required(req.customerRef, 'customerRef', violations);
  if (violations.length === 0 && !/^cus_[A-Za-z0-9]+$/.test(req.customerRef)) {
    violations.push({ path: 'customerRef', message: 'must be a Stripe customer id (cus_…)' });
  }
  return violations;
}

import { describe, expect, it } from 'vitest';
import { NO_PAYMENT_TERMS, noShowChargeOf, paymentPolicyOf, paymentTermsOf, STRIPE_SECRET_KEY } from '../src/index.js';

describe('a service payment policy as transmitted (docs/decisions.md "Payments")', () => {
  it('reads the known policies and charges as they are', () => {
    expect(['none', 'deposit', 'full'].map(paymentPolicyOf)).toEqual(['none', 'deposit', 'full']);
    expect(['none', 'remainder', 'fee'].map(noShowChargeOf)).toEqual(['none', 'remainder', 'fee']);
  });

  it("reads '' (a service stored before payments) and anything unknown as none", () => {
    for (const value of ['', undefined, null, 'card', 'Deposit']) {
      expect(paymentPolicyOf(value)).toBe('none');
      expect(noShowChargeOf(value)).toBe('none');
    }
    const older = { payment: '', depositAmount: 0, refundAfterCutoffPercent: 0, noShowCharge: '', noShowFeeAmount: 0 };
    expect(paymentTermsOf(older)).toEqual(NO_PAYMENT_TERMS);
  });

  it('keeps the amounts and the percentage of a paid service', () => {
    const wire = {
      payment: 'deposit',
      depositAmount: 1_500,
      refundAfterCutoffPercent: 40,
      noShowCharge: 'fee',
      noShowFeeAmount: 700,
    };
    expect(paymentTermsOf(wire)).toEqual(wire);
  });

  it('takes a Stripe secret key of the four kinds, letters, digits and underscores after the prefix', () => {
    for (const key of ['rk_live_a', 'sk_test_A1_b', `rk_test_${'x'.repeat(247)}`])
      expect(STRIPE_SECRET_KEY.test(key)).toBe(true);
    const refused = [
      'pk_live_a',
      'rk_prod_a',
      'rk_test_',
      'xrk_test_a',
      'rk_test_a!',
      'rk_test_a b',
      `rk_test_${'x'.repeat(248)}`,
    ];
    for (const key of refused) expect(STRIPE_SECRET_KEY.test(key)).toBe(false);
    expect(STRIPE_SECRET_KEY.test('rk_test_ab')).toBe(true);
  });
});

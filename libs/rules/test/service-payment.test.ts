import { describe, expect, it } from 'vitest';
import { NO_PAYMENT_TERMS, noShowChargeOf, paymentPolicyOf, paymentTermsOf } from '../src/index.js';

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
});

import { describe, expect, it } from 'vitest';
import { MINUTE_MS, NO_PAYMENT_TERMS } from '@svc/rules';
import {
  amountDueOf,
  hasPendingWork,
  netPaid,
  noShowChargeOf,
  paymentEventView,
  paymentView,
  percentOf,
  refundOnCancel,
  type BookingPayment,
  type PaymentRecord,
} from '../../src/domain/payment.js';

const START = Date.UTC(2031, 4, 5, 10);

const record = (kind: PaymentRecord['kind'], amount: number, status = 'succeeded'): PaymentRecord => ({
  kind,
  amount,
  currency: 'EUR',
  status,
  providerId: kind === 'refund' ? 're_1' : 'pi_1',
  atMs: 1,
  actor: 'system',
});

const paid = (over: Partial<BookingPayment> = {}): BookingPayment => ({
  policy: 'full',
  priceAmount: 4_999,
  currency: 'EUR',
  amountDue: 4_999,
  refundAfterCutoffPercent: 33,
  noShowCharge: 'none',
  noShowFeeAmount: 0,
  state: 'paid',
  checkoutSessionId: 'cs_1',
  checkoutUrl: '',
  returnKey: 'secret-key',
  sessionSettled: true,
  customerRef: 'cus_1',
  paymentMethodId: 'pm_1',
  refundDue: 0,
  feeDue: 0,
  records: [record('charge', 4_999)],
  ...over,
});

describe('what a paid booking is due and gives back', () => {
  it('is due the deposit or the price; nothing for a service without a policy or a price', () => {
    const price = { amount: 12_000, currency: 'JPY' };
    expect(amountDueOf({ ...NO_PAYMENT_TERMS, payment: 'deposit', depositAmount: 3_000 }, price)).toBe(3_000);
    expect(amountDueOf({ ...NO_PAYMENT_TERMS, payment: 'full' }, price)).toBe(12_000);
    expect(amountDueOf(NO_PAYMENT_TERMS, price)).toBeNull();
    expect(amountDueOf({ ...NO_PAYMENT_TERMS, payment: 'full' }, null)).toBeNull();
  });

  it('refunds all of it before the cut-off, the policy’s share from it on, rounded down to the cent', () => {
    const b = { startsAtMs: START, cancelCutoffMin: 24 * 60, payment: paid() };
    const cutoff = START - 24 * 60 * MINUTE_MS;
    expect(refundOnCancel(b, cutoff - 1)).toBe(4_999);
    // 33 % of 49.99 is 16.4967: 16.49, never 16.50.
    expect(refundOnCancel(b, cutoff)).toBe(1_649);
    expect(refundOnCancel(b, START + 1)).toBe(1_649);
    // Staff give another share.
    expect(refundOnCancel(b, START + 1, 100)).toBe(4_999);
    expect(refundOnCancel(b, cutoff - 1, 0)).toBe(0);
  });

  it('counts in whole yen for JPY, and only what is left after earlier refunds', () => {
    const yen = paid({ currency: 'JPY', priceAmount: 5_555, amountDue: 5_555, records: [record('charge', 5_555)] });
    const b = { startsAtMs: START, cancelCutoffMin: 0, payment: { ...yen, refundAfterCutoffPercent: 50 } };
    expect(refundOnCancel(b, START)).toBe(2_777);
    const partly = { ...b, payment: { ...b.payment, records: [...b.payment.records, record('refund', 1_000)] } };
    expect(refundOnCancel(partly, START - 1)).toBe(4_555);
    expect(netPaid(partly.payment)).toBe(4_555);
  });

  it('lands every amount on 10 fils in a three-decimal currency, on the customer’s side', () => {
    // 1.230 KWD paid; 33 % is 0.4059: refunded 0.410 (up), never 0.405, which Stripe refuses.
    const kwd = paid({ currency: 'KWD', priceAmount: 1_230, amountDue: 1_230, records: [record('charge', 1_230)] });
    const b = { startsAtMs: START, cancelCutoffMin: 0, payment: kwd };
    expect(refundOnCancel(b, START - 1)).toBe(1_230);
    expect(refundOnCancel(b, START)).toBe(410);
    expect(refundOnCancel(b, START, 1)).toBe(20);
    expect(refundOnCancel(b, START, 0)).toBe(0);
    // Rounded up, a refund still never passes what was paid (an amount off the step, from before the rule).
    const odd = { ...b, payment: { ...kwd, records: [record('charge', 1_235)] } };
    expect(refundOnCancel(odd, START, 100)).toBe(1_235);
    expect(refundOnCancel(odd, START, 99)).toBe(1_230);
    // A fee and a no-show's remainder round down: never more than the service asks.
    expect(noShowChargeOf({ ...kwd, noShowCharge: 'fee', noShowFeeAmount: 1_005 })).toBe(1_000);
    const deposit = { ...kwd, policy: 'deposit' as const, priceAmount: 2_009, records: [record('charge', 1_000)] };
    expect(noShowChargeOf({ ...deposit, noShowCharge: 'remainder' })).toBe(1_000);
    expect(noShowChargeOf({ ...deposit, noShowCharge: 'fee', noShowFeeAmount: 9 })).toBe(0);
    expect(noShowChargeOf({ ...deposit, noShowCharge: 'remainder', customerRef: '' })).toBe(0);
    // Two- and zero-decimal currencies move to the unit, as before.
    const eur = { startsAtMs: START, cancelCutoffMin: 0, payment: paid({ refundAfterCutoffPercent: 50 }) };
    expect(refundOnCancel(eur, START)).toBe(2_499);
    expect(noShowChargeOf(paid({ noShowCharge: 'fee', noShowFeeAmount: 1_005 }))).toBe(1_005);
  });

  it('refunds nothing of a payment made at the business, or one that failed', () => {
    const outside = paid({ state: 'paid_outside', records: [record('outside', 4_999)] });
    expect(refundOnCancel({ startsAtMs: START, payment: outside }, START - 1)).toBe(0);
    const failed = paid({ records: [record('charge', 4_999, 'failed')] });
    expect(refundOnCancel({ startsAtMs: START, payment: failed }, START - 1)).toBe(0);
  });

  it('charges a no-show the rest of the price or the fee, only with a saved card', () => {
    const deposit = paid({ policy: 'deposit', amountDue: 1_000, records: [record('charge', 1_000)] });
    expect(noShowChargeOf({ ...deposit, noShowCharge: 'remainder' })).toBe(3_999);
    expect(noShowChargeOf({ ...deposit, noShowCharge: 'fee', noShowFeeAmount: 1_500 })).toBe(1_500);
    expect(noShowChargeOf({ ...deposit, noShowCharge: 'none' })).toBe(0);
    expect(noShowChargeOf({ ...deposit, noShowCharge: 'fee', noShowFeeAmount: 1_500, paymentMethodId: '' })).toBe(0);
    expect(noShowChargeOf({ ...paid(), noShowCharge: 'remainder' })).toBe(0);
  });

  it('counts a no-show fee as paid, and shows the money to webhooks with null for what it has not', () => {
    const charged = paid({ records: [record('charge', 1_000), record('no_show_fee', 500), record('refund', 200)] });
    expect(netPaid(charged)).toBe(1_300);
    const view = paymentView(charged);
    expect(view.records).toEqual(charged.records);
    expect(view.records[0]).not.toBe(charged.records[0]);
    const event = paymentEventView({
      ...charged,
      checkoutUrl: '',
      records: [{ ...record('outside', 10), providerId: '' }],
    });
    expect(event).toMatchObject({ checkoutUrl: null, netPaid: 0, records: [{ kind: 'outside', providerId: null }] });
    const open = paymentEventView({ ...charged, checkoutUrl: 'https://pay.example/cs_1' });
    expect(open.checkoutUrl).toBe('https://pay.example/cs_1');
    expect(open.records.map((r) => r.providerId)).toEqual(['pi_1', 'pi_1', 're_1']);
    expect(JSON.stringify(open)).not.toContain('secret-key');
  });

  it('has work pending while the checkout is unsettled or money is due to move', () => {
    expect(hasPendingWork(paid())).toBe(false);
    expect(hasPendingWork(paid({ sessionSettled: false }))).toBe(true);
    expect(hasPendingWork(paid({ refundDue: 1 }))).toBe(true);
    expect(hasPendingWork(paid({ feeDue: 1 }))).toBe(true);
  });

  it('never shows the return key or the saved card', () => {
    const shown = JSON.stringify(paymentView(paid()));
    expect(shown).not.toContain('secret-key');
    expect(shown).not.toContain('cus_1');
    expect(shown).not.toContain('pm_1');
    expect(paymentView(paid()).netPaid).toBe(4_999);
    expect(percentOf(1, 99)).toBe(0);
  });
});

// The pure parts of paid bookings on the pages and in the record (docs/decisions.md "Payments"):
// money in the currency's own minor units, the terms and the payment in the customer's words,
// the status wording of a booking confirmed by its payment and the errors of a paid create (the
// booking record's payment is the gateway's: apps/gateway/test/booking-record-payment.test.ts).

import { describe, expect, it } from 'vitest';
import { explain } from '../client/messages.js';
import { describeStatus } from '../src/booking-status.js';
import { formatMoney, formatPrice } from '../src/format.js';
import {
  cancelRefundWords,
  describePayment,
  paymentTermsLines,
  refundPolicyWords,
  type SummaryContext,
} from '../src/payment-wording.js';
import type { PagePayment as Payment } from '../src/view-models.js';

const eur = (amount: number) => formatMoney(amount, 'EUR', 'en');
const NOW = Date.UTC(2030, 5, 1, 12);
const ctx: SummaryContext = {
  money: eur,
  time: (ms) => `T${ms}`,
  when: (ms) => `W${ms}`,
  business: 'Studio',
  nowMs: NOW,
};

const payment = (over: Partial<Payment> = {}): Payment => ({
  policy: 'deposit',
  priceAmount: 4_000,
  currency: 'EUR',
  amountDue: 1_000,
  state: 'awaiting',
  checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_1',
  refundAfterCutoffPercent: 50,
  noShowCharge: 'none',
  noShowFeeAmount: 0,
  netPaid: 0,
  records: [],
  ...over,
});

const charge = {
  kind: 'charge',
  amount: 1_000,
  currency: 'EUR',
  status: 'succeeded',
  providerId: 'pi_1',
  atMs: 5,
  actor: 'customer',
} as const;
const refund = (status: string, amount = 500) =>
  ({ kind: 'refund', amount, currency: 'EUR', status, providerId: 're_1', atMs: 6, actor: 'customer' }) as const;

describe('formatMoney: minor units of the currency, in the locale', () => {
  it('divides by the currency’s own fraction digits: 2 for EUR, 0 for JPY, 3 for KWD', () => {
    expect(formatMoney(4_550, 'EUR', 'en')).toBe('€45.50');
    expect(formatMoney(5_000, 'JPY', 'en')).toBe('¥5,000');
    expect(formatMoney(1_234, 'KWD', 'en').replace(/\s/g, ' ')).toBe('KWD 1.234');
    expect(formatMoney(4_550, 'EUR', 'de').replace(/\s/g, ' ')).toBe('45,50 €');
    // The price on the page is the same formatting; no locale is English.
    expect(formatPrice({ amount: 99, currency: 'USD' }, '')).toBe('$0.99');
  });
});

describe('the terms before booking', () => {
  it('says the refund policy by the cut-off and the percentage', () => {
    expect(refundPolicyWords(1_440, 50)).toBe(
      'A cancellation up to 1 day before the start is refunded in full; after that, 50% of the payment is refunded.',
    );
    expect(refundPolicyWords(120, 0)).toBe(
      'A cancellation up to 2 hours before the start is refunded in full; after that, nothing is refunded.',
    );
    expect(refundPolicyWords(0, 0)).toBe('A cancellation before the start is refunded in full.');
    expect(refundPolicyWords(60, 100)).toBe('A cancellation is refunded in full.');
  });

  it('states the amount due now, the hold, the refunds and a no-show charge', () => {
    const base = {
      price: { amount: 4_000 },
      cancelCutoffMin: 60,
      refundAfterCutoffPercent: 0,
      depositAmount: 0,
      noShowFeeAmount: 0,
    };
    const full = paymentTermsLines({ ...base, payment: 'full', noShowCharge: 'fee', noShowFeeAmount: 1_500 }, eur);
    expect(full[0]).toBe('Due now: the full price, €40.00.');
    expect(full[1]).toContain('held for you for 10 minutes');
    expect(full[2]).toBe(
      'A cancellation up to 1 hour before the start is refunded in full; after that, nothing is refunded.',
    );
    expect(full[3]).toBe(
      'If you miss the appointment, a fee of €15.00, is charged to the card you pay with (Stripe keeps it for this).',
    );
    const deposit = paymentTermsLines(
      { ...base, payment: 'deposit', depositAmount: 1_000, noShowCharge: 'remainder' },
      eur,
    );
    expect(deposit[0]).toBe('Due now: a deposit of €10.00 (of the €40.00 price).');
    expect(deposit[3]).toContain('the rest of the price, €30.00,');
    // The full price paid leaves no remainder to charge: no such line.
    expect(paymentTermsLines({ ...base, payment: 'full', noShowCharge: 'remainder' }, eur)).toHaveLength(3);
    expect(paymentTermsLines({ ...base, payment: 'none', noShowCharge: 'none' }, eur)).toEqual([]);
    expect(paymentTermsLines({ ...base, price: null, payment: 'full', noShowCharge: 'none' }, eur)).toEqual([]);
  });
});

describe('describePayment (the manage page)', () => {
  it('awaiting inside the hold: pay by the hold’s end, with the link; after it, no link', () => {
    const open = describePayment({ status: 'held', holdExpiresAtMs: NOW + 60_000, payment: payment() }, ctx);
    expect(open.state).toBe(`Payment pending: pay €10.00 (a deposit of the €40.00 price) by T${NOW + 60_000}.`);
    expect(open.payUrl).toBe('https://checkout.stripe.test/c/pay/cs_1');
    const late = describePayment({ status: 'held', holdExpiresAtMs: NOW, payment: payment() }, ctx);
    expect(late.state).toBe('Not paid: the time to pay €10.00 (a deposit of the €40.00 price) has run out.');
    expect(late.payUrl).toBeNull();
    // Only a web address becomes a link.
    const odd = payment({ checkoutUrl: 'javascript:alert(1)' });
    expect(describePayment({ status: 'held', holdExpiresAtMs: null, payment: odd }, ctx).payUrl).toBeNull();
  });

  it('paid, paid another way, unpaid: each as it is, with every movement', () => {
    const paid = describePayment(
      {
        status: 'confirmed',
        holdExpiresAtMs: null,
        payment: payment({
          policy: 'full',
          amountDue: 4_000,
          state: 'paid',
          checkoutUrl: null,
          netPaid: 1_000,
          records: [charge],
        }),
      },
      ctx,
    );
    expect(paid).toEqual({
      state: 'Paid: €40.00 (the full price), by card on Stripe.',
      payUrl: null,
      movements: ['W5: paid €10.00 by card.'],
      net: null,
    });
    const outside = describePayment(
      { status: 'confirmed', holdExpiresAtMs: null, payment: payment({ state: 'paid_outside', checkoutUrl: null }) },
      ctx,
    );
    expect(outside.state).toBe('Paid: €10.00 (a deposit of the €40.00 price), to Studio directly.');
    const unpaid = describePayment(
      { status: 'cancelled', holdExpiresAtMs: null, payment: payment({ state: 'unpaid', checkoutUrl: null }) },
      ctx,
    );
    expect(unpaid.state).toMatch(/^Not paid: .* so the time was released\. Nothing was charged\.$/);
    // A payment that came after the hold ended, refunded in full: "nothing was charged" would be false.
    const late = describePayment(
      {
        status: 'cancelled',
        holdExpiresAtMs: null,
        payment: payment({ state: 'unpaid', checkoutUrl: null, records: [charge, refund('succeeded', 1_000)] }),
      },
      ctx,
    );
    expect(late.state).not.toContain('Nothing was charged');
    expect(late.movements).toEqual(['W5: paid €10.00 by card.', 'W6: refunded €10.00 to your card.']);
    expect(late.net).toBe('Paid in all, less refunds: €0.00.');
  });

  it('refunds pending, failed, and one still to come after a cancel', () => {
    const cancelled = (records: Payment['records'], netPaid: number) =>
      describePayment(
        {
          status: 'cancelled',
          holdExpiresAtMs: null,
          payment: payment({ state: 'paid', checkoutUrl: null, records, netPaid }),
        },
        ctx,
      );
    expect(cancelled([charge], 1_000).movements).toEqual([
      'W5: paid €10.00 by card.',
      'Any refund the policy gives for this cancellation is on its way to your card.',
    ]);
    expect(cancelled([charge, refund('pending')], 500).movements[1]).toBe(
      'W6: a refund of €5.00 is on its way to your card.',
    );
    expect(cancelled([charge, refund('failed')], 1_000).movements[1]).toBe(
      'W6: a refund of €5.00 could not be made; Studio will be in touch.',
    );
  });

  it('says what cancelling now refunds, from the booking service’s figure', () => {
    const paid = payment({ state: 'paid', netPaid: 1_000, records: [charge] });
    expect(cancelRefundWords(paid, 1_000, eur)).toBe('Cancelling now refunds all you paid, €10.00, to your card.');
    expect(cancelRefundWords(paid, 500, eur)).toBe(
      'Cancelling now refunds €5.00 of the €10.00 you paid, to your card.',
    );
    expect(cancelRefundWords(paid, 0, eur)).toBe('Cancelling now refunds nothing of the €10.00 you paid.');
    expect(cancelRefundWords(payment(), 0, eur)).toBeNull();
  });
});

describe('describeStatus of a paid booking', () => {
  const time = (ms: number) => `T${ms}`;
  it('held awaiting its payment: confirmed once paid, not by the business', () => {
    const held = {
      status: 'held' as const,
      holdExpiresAtMs: NOW + 1,
      cancelReason: null,
      payment: { state: 'awaiting' as const },
    };
    expect(describeStatus(held, 'Studio', NOW, time)).toEqual({
      label: 'Awaiting payment',
      detail: `Your booking is confirmed once it is paid. Pay by T${NOW + 1}, or the booking expires and the time is free again.`,
    });
    expect(describeStatus({ ...held, holdExpiresAtMs: NOW }, 'Studio', NOW, time).detail).toBe(
      'This booking expired because it was not paid in time; the time is free again.',
    );
    const expired = {
      status: 'cancelled' as const,
      holdExpiresAtMs: null,
      cancelReason: 'hold_expired',
      payment: { state: 'unpaid' as const },
    };
    expect(describeStatus(expired, 'Studio', NOW, time).label).toBe('Expired');
    // Without a payment, the business's confirmation as before.
    expect(describeStatus({ ...held, payment: null }, 'Studio', NOW, time).detail).toContain('Studio confirms it by');
  });
});

describe('explain: a paid create refused', () => {
  it('names no payment detail and says nothing was booked', () => {
    expect(explain({ code: 'PROVIDER_NOT_CONNECTED', message: 'x' }).text).toBe(
      'This service cannot be booked online right now. Please contact the business.',
    );
    expect(explain({ code: 'PROVIDER_ACTION_FAILED', message: 'x' }).text).toContain('nothing was booked');
  });
});

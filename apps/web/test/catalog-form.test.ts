import { describe, expect, it } from 'vitest';
import { serviceBody } from '../src/catalog-screen.js';

const draft = {
  slug: 'cleaning',
  name: ' Cleaning ',
  description: '',
  durationMin: '45',
  bufferBeforeMin: '0',
  bufferAfterMin: '10',
  slotIntervalMin: '15',
  minNoticeMin: '60',
  maxAdvanceDays: '90',
  price: '45.50',
  priceCurrency: 'eur',
  status: 'active',
  confirmation: 'automatic',
  assignment: 'round_robin',
  seats: '1',
  maxPartySize: '1',
  cancelCutoffMin: '1440',
  rescheduleCutoffMin: '0',
  maxBookingsPerDay: '0',
  payment: 'none',
  deposit: '',
  refundAfterCutoffPercent: '0',
  noShowCharge: 'none',
  noShowFee: '',
  staffIds: ['stf_a'],
  resourceIds: [],
  questions: '[{"key":"reason","label":"Why?","type":"text"}]',
};

describe('the service form', () => {
  it('sends numbers as numbers, the price in minor units and the questions parsed; the slug only on a create', () => {
    const made = serviceBody(draft, true);
    expect(made).toEqual({
      body: expect.objectContaining({
        slug: 'cleaning',
        name: 'Cleaning',
        durationMin: 45,
        slotIntervalMin: 15,
        priceAmount: 4550,
        priceCurrency: 'EUR',
        confirmation: 'automatic',
        assignment: 'round_robin',
        staffIds: ['stf_a'],
        questions: [{ key: 'reason', label: 'Why?', type: 'text' }],
      }),
    });
    const update = serviceBody({ ...draft, price: '' }, false);
    expect('body' in update && update.body).toMatchObject({ priceCurrency: '' });
    expect('body' in update && 'slug' in update.body).toBe(false);
  });

  it('sends the payment policy with its amounts in minor units of the price currency (docs/decisions.md "Payments")', () => {
    const paid = {
      ...draft,
      confirmation: 'manual',
      payment: 'deposit',
      deposit: '10.5',
      refundAfterCutoffPercent: '50',
      noShowCharge: 'fee',
      noShowFee: '20',
    };
    expect(serviceBody(paid, true)).toEqual({
      body: expect.objectContaining({
        priceAmount: 4550,
        payment: 'deposit',
        depositAmount: 1050,
        refundAfterCutoffPercent: 50,
        noShowCharge: 'fee',
        noShowFeeAmount: 2000,
      }),
    });
    // Amounts a policy does not use are 0; without a payment there is no no-show charge.
    expect(serviceBody({ ...paid, payment: 'full', noShowCharge: 'remainder' }, false)).toEqual({
      body: expect.objectContaining({
        payment: 'full',
        depositAmount: 0,
        noShowCharge: 'remainder',
        noShowFeeAmount: 0,
      }),
    });
    expect(serviceBody({ ...paid, payment: 'none' }, false)).toEqual({
      body: expect.objectContaining({ payment: 'none', depositAmount: 0, noShowCharge: 'none', noShowFeeAmount: 0 }),
    });
  });

  it('counts whole units in a currency without minor units, such as JPY', () => {
    const yen = { ...draft, price: '5000', priceCurrency: 'jpy', payment: 'deposit', deposit: '1000' };
    expect(serviceBody(yen, true)).toEqual({
      body: expect.objectContaining({ priceAmount: 5000, priceCurrency: 'JPY', depositAmount: 1000 }),
    });
    expect(serviceBody({ ...yen, deposit: '1000.50' }, true)).toEqual({
      problem: 'The deposit is an amount like 45.',
    });
  });

  it('says which field cannot be read instead of sending it', () => {
    expect(serviceBody({ ...draft, durationMin: '4.5' }, true)).toEqual({
      problem: 'durationMin must be a whole number.',
    });
    expect(serviceBody({ ...draft, price: '45,50' }, true)).toEqual({
      problem: 'The price is an amount like 45 or 45.50.',
    });
    expect(serviceBody({ ...draft, questions: '[{' }, true)).toEqual({ problem: 'The questions are not valid JSON.' });
    expect(serviceBody({ ...draft, payment: 'deposit', deposit: '' }, true)).toEqual({
      problem: 'The deposit is an amount like 45 or 45.50.',
    });
    expect(serviceBody({ ...draft, payment: 'full', noShowCharge: 'fee', noShowFee: '5.555' }, true)).toEqual({
      problem: 'The no-show fee is an amount like 45 or 45.50.',
    });
    expect(serviceBody({ ...draft, refundAfterCutoffPercent: '' }, true)).toEqual({
      problem: 'refundAfterCutoffPercent must be a whole number.',
    });
  });
});

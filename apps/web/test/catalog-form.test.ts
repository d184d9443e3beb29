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

  it('says which field cannot be read instead of sending it', () => {
    expect(serviceBody({ ...draft, durationMin: '4.5' }, true)).toEqual({
      problem: 'durationMin must be a whole number.',
    });
    expect(serviceBody({ ...draft, price: '45,50' }, true)).toEqual({
      problem: 'The price is an amount like 45 or 45.50.',
    });
    expect(serviceBody({ ...draft, questions: '[{' }, true)).toEqual({ problem: 'The questions are not valid JSON.' });
  });
});

import { describe, expect, it } from 'vitest';
import { DomainError } from '@svc/errors';
import {
  effectiveSlotInterval,
  newService,
  parseServiceStatusFilter,
  patchService,
  type ServiceInput,
  type ServiceRecord,
  type ServiceReferences,
} from '../../src/domain/service.js';
import { violationPaths } from '../support/violations.js';

const noReferences: ServiceReferences = { staffIds: new Set(), resourceIds: new Set() };
const valid: ServiceInput = { slug: 'cleaning', name: 'Cleaning', durationMin: 30 };
const create = (input: ServiceInput, references = noReferences) =>
  newService(input, { id: 'svc_1', tenantId: 'ten_1', now: 1_000, references });

describe('service create', () => {
  it('applies the defaults of docs/decisions.md "Catalog"', () => {
    const service = create(valid);
    expect(service).toMatchObject({
      serviceId: 'svc_1',
      tenantId: 'ten_1',
      categoryId: null,
      description: '',
      bufferBeforeMin: 0,
      bufferAfterMin: 0,
      slotIntervalMin: null,
      minNoticeMin: 0,
      maxAdvanceDays: 90,
      priceAmount: null,
      priceCurrency: null,
      staffIds: [],
      resourceIds: [],
      status: 'active',
      conferencing: 'none',
      confirmation: 'manual',
      cancelCutoffMin: 0,
      rescheduleCutoffMin: 0,
      maxBookingsPerDay: 0,
      questions: [],
      seats: 1,
      maxPartySize: 1,
      assignment: 'first_available',
      staffWeights: {},
      payment: 'none',
      depositAmount: 0,
      refundAfterCutoffPercent: 0,
      noShowCharge: 'none',
      noShowFeeAmount: 0,
      createdAtMs: 1_000,
      updatedAtMs: 1_000,
    });
    expect(effectiveSlotInterval(service)).toBe(30);
  });

  it('takes intake questions with the shared rules, the index in each path', () => {
    const questions = [
      { key: 'reason', label: ' Why? ', type: 'text', required: true, options: [] },
      { key: 'kind', label: 'Kind', type: 'select', required: false, options: ['A', 'B'] },
    ];
    expect(create({ ...valid, questions }).questions).toEqual([
      { key: 'reason', label: 'Why?', type: 'text', required: true, options: [] },
      { key: 'kind', label: 'Kind', type: 'select', required: false, options: ['A', 'B'] },
    ]);
    expect(create(valid).questions).toEqual([]);
    const clash = [questions[0]!, { ...questions[1]!, key: 'reason', options: [] }];
    expect(violationPaths(() => create({ ...valid, questions: clash }))).toEqual([
      'questions.1.key',
      'questions.1.options',
    ]);
  });

  it('takes seats and a largest party no larger than them, on the merged record', () => {
    expect(create({ ...valid, seats: 20, maxPartySize: 4 })).toMatchObject({ seats: 20, maxPartySize: 4 });
    expect(violationPaths(() => create({ ...valid, seats: 3, maxPartySize: 4 }))).toEqual(['maxPartySize']);
    const klass = create({ ...valid, seats: 20, maxPartySize: 4 });
    const ctx = { tenantId: 'ten_1', now: 2_000, references: noReferences };
    expect(violationPaths(() => patchService(klass, { seats: 2 }, ctx))).toEqual(['maxPartySize']);
    expect(patchService(klass, { seats: 4 }, ctx)).toMatchObject({ seats: 4, maxPartySize: 4 });
  });

  it('takes an assignment policy and weights of the staff it lists; collective shares no seats', () => {
    const refs = { staffIds: new Set(['stf_a', 'stf_b']), resourceIds: new Set<string>() };
    const team = create(
      { ...valid, staffIds: ['stf_a', 'stf_b'], assignment: 'round_robin', staffWeights: { stf_a: 2 } },
      refs,
    );
    expect(team).toMatchObject({ assignment: 'round_robin', staffWeights: { stf_a: 2 } });
    expect(violationPaths(() => create({ ...valid, assignment: 'random' }))).toEqual(['assignment']);
    expect(violationPaths(() => create({ ...valid, staffIds: ['stf_a'], staffWeights: { stf_b: 1 } }, refs))).toEqual([
      'staffWeights.stf_b',
    ]);
    expect(violationPaths(() => create({ ...valid, staffIds: ['stf_a'], staffWeights: { stf_a: 101 } }, refs))).toEqual(
      ['staffWeights.stf_a'],
    );
    expect(violationPaths(() => create({ ...valid, assignment: 'collective', seats: 2, maxPartySize: 1 }))).toEqual([
      'assignment',
    ]);
    // Taking a staff member off the list drops their weight.
    const ctx = { tenantId: 'ten_1', now: 2_000, references: refs };
    expect(patchService(team, { staffIds: ['stf_b'] }, ctx).staffWeights).toEqual({});
  });

  it('requires slug, name and durationMin', () => {
    expect(violationPaths(() => create({}))).toEqual(['slug', 'name', 'durationMin']);
  });

  it.each([
    ['durationMin', 0],
    ['durationMin', 1441],
    ['durationMin', 1.5],
    ['bufferBeforeMin', -1],
    ['bufferBeforeMin', 1441],
    ['bufferAfterMin', -1],
    ['bufferAfterMin', 1441],
    ['slotIntervalMin', 0],
    ['slotIntervalMin', 1441],
    ['minNoticeMin', -1],
    ['maxAdvanceDays', 0],
    ['maxAdvanceDays', 3651],
    ['priceAmount', -1],
    ['priceAmount', 0.5],
    ['cancelCutoffMin', -1],
    ['cancelCutoffMin', 43_201],
    ['rescheduleCutoffMin', -1],
    ['rescheduleCutoffMin', 2.5],
    ['maxBookingsPerDay', -1],
    ['maxBookingsPerDay', 1001],
    ['seats', 0],
    ['seats', 1001],
    ['maxPartySize', 0],
    ['depositAmount', -1],
    ['depositAmount', 1.5],
    ['depositAmount', 100_000_000],
    ['refundAfterCutoffPercent', -1],
    ['refundAfterCutoffPercent', 101],
    ['refundAfterCutoffPercent', 50.5],
    ['noShowFeeAmount', -1],
    ['noShowFeeAmount', 100_000_000],
  ] as const)('rejects %s = %d', (field, value) => {
    const input: ServiceInput = { ...valid, priceCurrency: 'EUR', priceAmount: 100, [field]: value };
    expect(violationPaths(() => create(input))).toEqual([field]);
  });

  it('accepts the bounds', () => {
    const input = { ...valid, durationMin: 1440, bufferBeforeMin: 1440, bufferAfterMin: 0, slotIntervalMin: 1 };
    expect(create({ ...input, minNoticeMin: 0, maxAdvanceDays: 3650 })).toMatchObject(input);
    expect(create({ ...valid, durationMin: 1, maxAdvanceDays: 1 }).durationMin).toBe(1);
    const policies = { cancelCutoffMin: 43_200, rescheduleCutoffMin: 0, maxBookingsPerDay: 1000 };
    expect(create({ ...valid, ...policies })).toMatchObject(policies);
  });

  it('takes a price as an ISO 4217 currency plus an integer amount, both or neither', () => {
    expect(create({ ...valid, priceAmount: 0, priceCurrency: 'eur' })).toMatchObject({
      priceAmount: 0,
      priceCurrency: 'EUR',
    });
    expect(violationPaths(() => create({ ...valid, priceAmount: 100, priceCurrency: 'EURO' }))).toEqual([
      'priceCurrency',
    ]);
    expect(violationPaths(() => create({ ...valid, priceAmount: 100, priceCurrency: 'ABC' }))).toEqual([
      'priceCurrency',
    ]);
    expect(violationPaths(() => create({ ...valid, priceAmount: 100 }))).toEqual(['priceCurrency']);
    expect(violationPaths(() => create({ ...valid, priceCurrency: 'USD' }))).toEqual(['priceAmount']);
  });

  it('takes a confirmation policy of manual or automatic, nothing else', () => {
    expect(create({ ...valid, confirmation: 'automatic' }).confirmation).toBe('automatic');
    expect(violationPaths(() => create({ ...valid, confirmation: 'instant' }))).toEqual(['confirmation']);
  });

  it('takes a video provider of none, google_meet, microsoft_teams or zoom, nothing else', () => {
    for (const conferencing of ['none', 'google_meet', 'microsoft_teams', 'zoom']) {
      expect(create({ ...valid, conferencing }).conferencing).toBe(conferencing);
    }
    expect(violationPaths(() => create({ ...valid, conferencing: 'webex' }))).toEqual(['conferencing']);
  });

  it('rejects an unknown status', () => {
    expect(violationPaths(() => create({ ...valid, status: 'archived' }))).toEqual(['status']);
    expect(create({ ...valid, status: 'hidden' }).status).toBe('hidden');
  });

  it.each(['Cleaning', 'a b', '-x'])('rejects slug %j', (slug) => {
    expect(violationPaths(() => create({ ...valid, slug }))).toEqual(['slug']);
  });

  it('accepts staff and resources of the tenant, dropping duplicates, and names the unknown ones', () => {
    const references = { staffIds: new Set(['stf_a', 'stf_b']), resourceIds: new Set(['res_a']) };
    const ok = create({ ...valid, staffIds: ['stf_a', 'stf_b', 'stf_a'], resourceIds: ['res_a'] }, references);
    expect(ok).toMatchObject({ staffIds: ['stf_a', 'stf_b'], resourceIds: ['res_a'] });

    const input = { ...valid, staffIds: ['stf_a', 'stf_other'], resourceIds: ['res_x'] };
    expect(() => create(input, references)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        details: [
          { path: 'staffIds', message: 'unknown staff in this tenant: stf_other' },
          { path: 'resourceIds', message: 'unknown resources in this tenant: res_x' },
        ],
      }),
    );
    expect(violationPaths(() => create({ ...valid, staffIds: [''] }, references))).toEqual(['staffIds']);
  });
});

describe('service payment policy (docs/decisions.md "Payments")', () => {
  const paid: ServiceInput = { ...valid, priceAmount: 5_000, priceCurrency: 'EUR' };
  const ctx = { tenantId: 'ten_1', now: 2_000, references: noReferences };
  const patch = (current: ServiceRecord, input: ServiceInput) => patchService(current, input, ctx);
  /** The VALIDATION_ERROR details `fn` throws. */
  const details = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof DomainError && err.code === 'VALIDATION_ERROR') return err.details;
      throw err;
    }
    throw new Error('expected a VALIDATION_ERROR');
  };

  it('takes a deposit of 1 to the price, the price itself included', () => {
    const terms = { payment: 'deposit', depositAmount: 1_500, refundAfterCutoffPercent: 50 };
    expect(create({ ...paid, ...terms })).toMatchObject({ ...terms, noShowCharge: 'none', noShowFeeAmount: 0 });
    expect(create({ ...paid, payment: 'deposit', depositAmount: 1 }).depositAmount).toBe(1);
    expect(create({ ...paid, payment: 'deposit', depositAmount: 5_000 }).depositAmount).toBe(5_000);
    expect(details(() => create({ ...paid, payment: 'deposit', depositAmount: 5_001 }))).toEqual([
      { path: 'depositAmount', message: 'must be at most priceAmount' },
    ]);
    expect(details(() => create({ ...paid, payment: 'deposit' }))).toEqual([
      { path: 'depositAmount', message: 'is required when payment is deposit' },
    ]);
    expect(violationPaths(() => create({ ...paid, payment: 'deposit', depositAmount: 0 }))).toEqual(['depositAmount']);
  });

  it('takes only amounts Stripe can charge: 10 fils in a three-decimal currency, a currency it counts as we do', () => {
    const kwd = { ...paid, priceCurrency: 'KWD', priceAmount: 12_340 };
    expect(create({ ...kwd, payment: 'deposit', depositAmount: 1_230 }).depositAmount).toBe(1_230);
    const step = 'Stripe charges a three-decimal currency to two decimals (1230, not 1235)';
    expect(details(() => create({ ...kwd, priceAmount: 12_345, payment: 'full' }))).toEqual([
      { path: 'priceAmount', message: `must be a multiple of 10 in KWD: ${step}` },
    ]);
    expect(details(() => create({ ...kwd, payment: 'deposit', depositAmount: 1_235 }))).toEqual([
      { path: 'depositAmount', message: `must be a multiple of 10 in KWD: ${step}` },
    ]);
    expect(
      details(() => create({ ...kwd, priceCurrency: 'tnd', payment: 'full', noShowCharge: 'fee', noShowFeeAmount: 5 })),
    ).toEqual([{ path: 'noShowFeeAmount', message: `must be a multiple of 10 in TND: ${step}` }]);
    // Without a payment policy nothing is charged: the price is only shown.
    expect(create({ ...kwd, priceAmount: 12_345 }).priceAmount).toBe(12_345);
    expect(create({ ...paid, priceCurrency: 'EUR', priceAmount: 12_345, payment: 'full' }).priceAmount).toBe(12_345);
    // ICU shows whole forints, Stripe counts fillér: a payment would charge a hundredth of the price.
    expect(details(() => create({ ...paid, priceCurrency: 'HUF', payment: 'full' }))).toEqual([
      {
        path: 'priceCurrency',
        message: "HUF cannot be paid online: Stripe counts its amounts in another unit than the platform's minor unit",
      },
    ]);
    expect(create({ ...paid, priceCurrency: 'HUF' }).priceCurrency).toBe('HUF');
  });

  it('takes full payment without a deposit amount, and refuses one sent for another policy', () => {
    expect(create({ ...paid, payment: 'full' })).toMatchObject({ payment: 'full', depositAmount: 0 });
    expect(details(() => create({ ...paid, payment: 'full', depositAmount: 100 }))).toEqual([
      { path: 'depositAmount', message: 'is only used when payment is deposit' },
    ]);
    expect(violationPaths(() => create({ ...paid, depositAmount: 100 }))).toEqual(['depositAmount']);
    // 0 is "not used", so it may always be sent.
    expect(create({ ...paid, payment: 'full', depositAmount: 0 }).depositAmount).toBe(0);
  });

  it('takes a payment policy of none, deposit or full, nothing else', () => {
    expect(create({ ...paid, payment: 'none' }).payment).toBe('none');
    expect(details(() => create({ ...paid, payment: 'card', depositAmount: 100 }))).toEqual([
      { path: 'payment', message: 'must be one of none, deposit, full' },
    ]);
  });

  it('takes a no-show charge of none, remainder or fee, nothing else', () => {
    expect(create({ ...paid, payment: 'full', noShowCharge: 'remainder' }).noShowCharge).toBe('remainder');
    expect(details(() => create({ ...paid, payment: 'full', noShowCharge: 'all' }))).toEqual([
      { path: 'noShowCharge', message: 'must be one of none, remainder, fee' },
    ]);
  });

  it('needs a price above 0 for a payment policy', () => {
    const message = 'needs a price above 0 (priceAmount and priceCurrency)';
    expect(details(() => create({ ...valid, payment: 'full' }))).toEqual([{ path: 'payment', message }]);
    expect(details(() => create({ ...valid, priceAmount: 0, priceCurrency: 'EUR', payment: 'full' }))).toEqual([
      { path: 'payment', message },
    ]);
    // A price that is itself wrong is reported once, at its own field.
    expect(violationPaths(() => create({ ...valid, priceAmount: 100, payment: 'full' }))).toEqual(['priceCurrency']);
  });

  it("keeps a paid service's price within Stripe's largest amount", () => {
    const largest = { priceAmount: 99_999_999, priceCurrency: 'JPY' };
    expect(create({ ...valid, ...largest, payment: 'full' }).priceAmount).toBe(99_999_999);
    expect(details(() => create({ ...valid, ...largest, priceAmount: 100_000_000, payment: 'full' }))).toEqual([
      { path: 'priceAmount', message: 'must be at most 99999999 for a service with a payment policy' },
    ]);
    // Without a payment policy the price is only shown, so it may be larger.
    expect(create({ ...valid, ...largest, priceAmount: 100_000_000 }).priceAmount).toBe(100_000_000);
  });

  it('refuses automatic confirmation for a payment policy: the payment confirms the booking', () => {
    expect(details(() => create({ ...paid, payment: 'full', confirmation: 'automatic' }))).toEqual([
      {
        path: 'confirmation',
        message: 'cannot be automatic for a service with a payment policy: the payment confirms it',
      },
    ]);
    expect(create({ ...paid, confirmation: 'automatic' }).confirmation).toBe('automatic');
  });

  it('needs a payment policy for a no-show charge, the card being saved at checkout', () => {
    expect(details(() => create({ ...paid, noShowCharge: 'remainder' }))).toEqual([
      { path: 'noShowCharge', message: 'needs a payment policy: the card is saved when the customer pays' },
    ]);
    expect(violationPaths(() => create({ ...paid, noShowCharge: 'fee', noShowFeeAmount: 500 }))).toEqual([
      'noShowCharge',
    ]);
  });

  it('takes a no-show fee of 1 to the price, and refuses one for another charge', () => {
    const fee = { ...paid, payment: 'deposit', depositAmount: 1_000, noShowCharge: 'fee' };
    expect(create({ ...fee, noShowFeeAmount: 2_000 })).toMatchObject({ noShowCharge: 'fee', noShowFeeAmount: 2_000 });
    expect(create({ ...fee, noShowFeeAmount: 5_000 }).noShowFeeAmount).toBe(5_000);
    expect(details(() => create({ ...fee, noShowFeeAmount: 5_001 }))).toEqual([
      { path: 'noShowFeeAmount', message: 'must be at most priceAmount' },
    ]);
    expect(details(() => create(fee))).toEqual([
      { path: 'noShowFeeAmount', message: 'is required when noShowCharge is fee' },
    ]);
    expect(details(() => create({ ...fee, noShowCharge: 'remainder', noShowFeeAmount: 500 }))).toEqual([
      { path: 'noShowFeeAmount', message: 'is only used when noShowCharge is fee' },
    ]);
  });

  it('takes a refund percentage after the cut-off from 0 to 100', () => {
    expect(create({ ...paid, payment: 'full', refundAfterCutoffPercent: 0 }).refundAfterCutoffPercent).toBe(0);
    expect(create({ ...paid, payment: 'full', refundAfterCutoffPercent: 100 }).refundAfterCutoffPercent).toBe(100);
  });

  describe('on PATCH, the rules of the merged record', () => {
    const deposit = create({ ...paid, payment: 'deposit', depositAmount: 2_000, noShowCharge: 'remainder' });

    it('refuses removing the price of a paid service, or lowering it below the deposit', () => {
      expect(violationPaths(() => patch(deposit, { priceCurrency: '' }))).toEqual(['payment']);
      expect(violationPaths(() => patch(deposit, { priceAmount: 0 }))).toEqual(['payment']);
      expect(violationPaths(() => patch(deposit, { priceAmount: 1_999 }))).toEqual(['depositAmount']);
      expect(patch(deposit, { priceAmount: 2_000 }).priceAmount).toBe(2_000);
    });

    it('refuses automatic confirmation on a paid service, and a policy on an automatic one', () => {
      expect(violationPaths(() => patch(deposit, { confirmation: 'automatic' }))).toEqual(['confirmation']);
      const automatic = create({ ...paid, confirmation: 'automatic' });
      expect(violationPaths(() => patch(automatic, { payment: 'full' }))).toEqual(['confirmation']);
      expect(patch(automatic, { payment: 'full', confirmation: 'manual' })).toMatchObject({
        payment: 'full',
        confirmation: 'manual',
      });
    });

    it('checks a new deposit against the stored price, and needs it when switching to deposit', () => {
      expect(patch(deposit, { depositAmount: 5_000 }).depositAmount).toBe(5_000);
      expect(violationPaths(() => patch(deposit, { depositAmount: 5_001 }))).toEqual(['depositAmount']);
      const full = create({ ...paid, payment: 'full' });
      expect(violationPaths(() => patch(full, { payment: 'deposit' }))).toEqual(['depositAmount']);
      expect(patch(full, { payment: 'deposit', depositAmount: 10 }).depositAmount).toBe(10);
    });

    it('drops a stored amount the new policy does not use', () => {
      expect(patch(deposit, { payment: 'full' })).toMatchObject({ payment: 'full', depositAmount: 0 });
      const fee = patch(deposit, { noShowCharge: 'fee', noShowFeeAmount: 700 });
      expect(fee).toMatchObject({ noShowCharge: 'fee', noShowFeeAmount: 700 });
      expect(patch(fee, { noShowCharge: 'none' })).toMatchObject({ noShowCharge: 'none', noShowFeeAmount: 0 });
    });

    it('refuses dropping the payment while a no-show charge needs it', () => {
      expect(violationPaths(() => patch(deposit, { payment: 'none' }))).toEqual(['noShowCharge']);
      expect(patch(deposit, { payment: 'none', noShowCharge: 'none' })).toMatchObject({
        payment: 'none',
        depositAmount: 0,
        noShowCharge: 'none',
      });
    });

    it('reads a service stored before payments as none', () => {
      const { payment, depositAmount, refundAfterCutoffPercent, noShowCharge, noShowFeeAmount, ...older } = create({
        ...paid,
        confirmation: 'automatic',
      });
      expect(patch(older, { name: 'Renamed' })).toMatchObject({ name: 'Renamed', confirmation: 'automatic' });
      expect(violationPaths(() => patch(older, { noShowCharge: 'fee', noShowFeeAmount: 100 }))).toEqual([
        'noShowCharge',
      ]);
    });
  });
});

describe('service patch', () => {
  const priced = create({ ...valid, priceAmount: 5_000, priceCurrency: 'EUR' });
  const patch = (input: ServiceInput, current = priced) =>
    patchService(current, input, { tenantId: 'ten_1', now: 2_000, references: noReferences });

  it('needs at least one field', () => {
    expect(violationPaths(() => patch({}))).toEqual(['']);
  });

  it('changes only the given fields and moves updatedAtMs', () => {
    expect(patch({ name: 'Deep cleaning', bufferAfterMin: 10 })).toEqual({
      ...priced,
      name: 'Deep cleaning',
      bufferAfterMin: 10,
      updatedAtMs: 2_000,
    });
  });

  it('lets the default slot interval follow a new duration, but not an explicit one', () => {
    expect(effectiveSlotInterval(patch({ durationMin: 45 }))).toBe(45);
    const fixed = patch({ slotIntervalMin: 15 });
    expect(effectiveSlotInterval(patch({ durationMin: 45 }, fixed))).toBe(15);
  });

  it("removes the price with priceCurrency '' (and no amount)", () => {
    expect(patch({ priceCurrency: '' })).toMatchObject({ priceAmount: null, priceCurrency: null });
    expect(violationPaths(() => patch({ priceCurrency: '', priceAmount: 10 }))).toEqual(['priceAmount']);
  });

  it('checks the price of the merged record', () => {
    expect(patch({ priceAmount: 7_000 })).toMatchObject({ priceAmount: 7_000, priceCurrency: 'EUR' });
    const free = create(valid);
    expect(violationPaths(() => patch({ priceCurrency: 'EUR' }, free))).toEqual(['priceAmount']);
    expect(violationPaths(() => patch({ priceAmount: 100 }, free))).toEqual(['priceCurrency']);
  });

  it("clears the category with ''", () => {
    const categorized = patch({ categoryId: 'cat_1' });
    expect(categorized.categoryId).toBe('cat_1');
    expect(patch({ categoryId: '' }, categorized).categoryId).toBeNull();
  });

  it('replaces the staff list, an empty list included', () => {
    const references = { staffIds: new Set(['stf_a']), resourceIds: new Set<string>() };
    const staffed = patchService(priced, { staffIds: ['stf_a'] }, { tenantId: 'ten_1', now: 2_000, references });
    expect(staffed.staffIds).toEqual(['stf_a']);
    expect(patch({ staffIds: [] }, staffed).staffIds).toEqual([]);
  });
});

describe('service status filter', () => {
  it('accepts the service statuses and rejects others on query.status', () => {
    expect(parseServiceStatusFilter(['active', 'hidden'])).toEqual(['active', 'hidden']);
    expect(violationPaths(() => parseServiceStatusFilter(['deleted']))).toEqual(['status']);
  });
});

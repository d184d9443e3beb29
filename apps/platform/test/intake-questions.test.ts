// Intake questions through the gateway's HTTP surface on the embedded platform (docs/decisions.md
// "Intake questions"): the dashboard sets a service's questions, the public and partner creates
// answer them (errors at body.answers.<key>), the dashboard and partner detail and the webhook
// event show the answers with the questions as asked. MCP: mcp.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { dashboard, errorOf, platformStores, slotSequence, type PlatformStores } from './dashboard-fixture.js';
import { createKey, partner } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let tenantId = '';
let staffId = '';
let owner: ReturnType<typeof dashboard>;
let v1: ReturnType<typeof partner>;
let serviceId = '';
const nextSlot = slotSequence(berlinTime);

const QUESTIONS = [
  { key: 'reason', label: 'What brings you in?', type: 'text', required: true },
  { key: 'insurer', label: 'Insurance', type: 'select', options: ['Public', 'Private'] },
  { key: 'areas', label: 'Which teeth?', type: 'multiselect', options: ['Upper', 'Lower'] },
  { key: 'history', label: 'Anything we should know?', type: 'textarea' },
  { key: 'consent', label: 'I agree to the terms', type: 'checkbox', required: true },
  { key: 'contact_email', label: 'Second email', type: 'email' },
  { key: 'contact_phone', label: 'Emergency phone', type: 'phone' },
  { key: 'age', label: 'Age', type: 'number' },
];

beforeAll(async () => {
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  ({ tenantId, staffId } = await seedTenant(platform.services.catalog.address, 'intake'));
  const session = await stores.session(tenantId, 'tenant_owner');
  owner = dashboard(platform.url, session);
  v1 = partner(platform.url, (await createKey(platform.url, session, ['*'])).secret, tenantId);
  const res = await owner('POST', '/api/services', {
    slug: 'first-visit',
    name: 'First visit',
    durationMin: 30,
    staffIds: [staffId],
    questions: QUESTIONS,
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  serviceId = body.data.serviceId;
});
afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
});

const book = (answers: unknown, key = `intake-${Math.random()}`) =>
  fetch(`${platform.url}/book/intake/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      serviceSlug: 'first-visit',
      startsAtMs: nextSlot(),
      customer: { name: 'Ann Example', primaryEmail: `${key}@example.test` },
      answers,
    }),
  });

describe('intake questions', () => {
  it('the service shows its questions, defaults filled in; broken ones are refused with their path', async () => {
    const service = (await json(await owner('GET', `/api/services/${serviceId}`))).data;
    expect(service.questions[0]).toEqual({ ...QUESTIONS[0], options: [] });
    expect(service.questions[1]).toEqual({ ...QUESTIONS[1], required: false });

    const cases: Array<[unknown, string]> = [
      [[QUESTIONS[0], { ...QUESTIONS[0], label: 'Again' }], 'body.questions.1.key'],
      [[{ key: 'kind', label: 'Kind', type: 'select', options: ['A', 'A'] }], 'body.questions.0.options'],
      [[{ key: 'Kind', label: 'Kind', type: 'text' }], 'body.questions.0.key'],
      [Array.from({ length: 21 }, (_, i) => ({ key: `q${i}`, label: 'Q', type: 'text' })), 'body.questions'],
    ];
    for (const [questions, path] of cases) {
      const refused = await errorOf(await owner('PATCH', `/api/services/${serviceId}`, { questions }));
      expect(refused, JSON.stringify(questions)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(refused.details?.map((d: { path: string }) => d.path)).toContain(path);
    }
    // A select without options is refused by the schema itself.
    const schema = await errorOf(
      await owner('PATCH', `/api/services/${serviceId}`, { questions: [{ key: 'k', label: 'K', type: 'select' }] }),
    );
    expect(schema).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(schema.details[0].path).toMatch(/^body\.questions/);
  });

  it('a public create answers them; the dashboard shows the answers with the questions as asked', async () => {
    const res = await book({
      reason: ' Check-up ',
      insurer: 'Private',
      areas: ['Lower', 'Upper'],
      history: 'None',
      consent: true,
      contact_email: 'Second@Example.test',
      contact_phone: '+49 30 1234567',
      age: 41,
    });
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(201);
    const bookingId = created.data.booking.bookingId as string;
    const detail = (await json(await owner('GET', `/api/bookings/${bookingId}`))).data;
    const shown = [
      { key: 'reason', label: 'What brings you in?', type: 'text', value: 'Check-up' },
      { key: 'insurer', label: 'Insurance', type: 'select', value: 'Private' },
      { key: 'areas', label: 'Which teeth?', type: 'multiselect', value: ['Upper', 'Lower'] },
      { key: 'history', label: 'Anything we should know?', type: 'textarea', value: 'None' },
      { key: 'consent', label: 'I agree to the terms', type: 'checkbox', value: true },
      { key: 'contact_email', label: 'Second email', type: 'email', value: 'second@example.test' },
      { key: 'contact_phone', label: 'Emergency phone', type: 'phone', value: '+49301234567' },
      { key: 'age', label: 'Age', type: 'number', value: 41 },
    ];
    expect(detail.answers).toEqual(shown);
    // The webhook event of the create carries them (docs/decisions.md "Webhooks").
    const [row] = await stores.outbox(bookingId);
    expect(row).toMatchObject({ type: 'booking.created', data: { booking: { answers: shown } } });

    // The questions change later; the booking keeps what was asked.
    const renamed = QUESTIONS.map((q) => (q.key === 'reason' ? { ...q, label: 'Reason for the visit' } : q));
    expect((await owner('PATCH', `/api/services/${serviceId}`, { questions: renamed })).status).toBe(200);
    expect((await json(await owner('GET', `/api/bookings/${bookingId}`))).data.answers[0].label).toBe(
      'What brings you in?',
    );
    await owner('PATCH', `/api/services/${serviceId}`, { questions: QUESTIONS });
  });

  it('answers that do not fit are VALIDATION_ERROR at body.answers.<key>; nothing is booked', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ consent: true }, ['body.answers.reason']],
      [{ reason: 'x', consent: false }, ['body.answers.consent']],
      [{ reason: 'x', consent: true, insurer: 'Statutory' }, ['body.answers.insurer']],
      [{ reason: 'x', consent: true, areas: ['Middle'] }, ['body.answers.areas']],
      [{ reason: 'x', consent: true, contact_email: 'nope' }, ['body.answers.contact_email']],
      [{ reason: 'x', consent: true, contact_phone: '123' }, ['body.answers.contact_phone']],
      [{ reason: 'x', consent: true, age: '41' }, ['body.answers.age']],
      [{ reason: 'x', consent: true, history: 'x'.repeat(5001) }, ['body.answers.history']],
      [{ reason: 'x', consent: true, shoe_size: 42 }, ['body.answers.shoe_size']],
    ];
    for (const [answers, paths] of cases) {
      const refused = await errorOf(await book(answers));
      expect(refused, JSON.stringify(answers)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(refused.details?.map((d: { path: string }) => d.path)).toEqual(paths);
    }
    // Shapes JSON Schema states are refused by the gateway's schema.
    expect(await errorOf(await book({ reason: null }))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await errorOf(await book({ 'Bad Key': 'x' }))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const none = await json(await owner('GET', '/api/bookings?limit=100'));
    expect(
      none.data.items.filter((b: { serviceId: string; answers: unknown[] }) => b.serviceId === serviceId),
    ).toHaveLength(1);
  });

  it('a partner create answers them too, and the partner detail shows them', async () => {
    const res = await v1(
      'POST',
      '/v1/bookings',
      {
        serviceSlug: 'first-visit',
        startsAtMs: nextSlot(),
        customer: { name: 'Partner customer', primaryEmail: 'partner-intake@example.test' },
        answers: { reason: 'Referral', consent: true },
      },
      { 'idempotency-key': 'partner-intake-1' },
    );
    const created = await json(res);
    expect(res.status, JSON.stringify(created)).toBe(201);
    const detail = (await json(await v1('GET', `/v1/bookings/${created.data.booking.bookingId}`))).data;
    expect(detail.answers.map((a: { key: string; value: unknown }) => [a.key, a.value])).toEqual([
      ['reason', 'Referral'],
      ['consent', true],
    ]);
    const refused = await errorOf(
      await v1(
        'POST',
        '/v1/bookings',
        {
          serviceSlug: 'first-visit',
          startsAtMs: nextSlot(),
          customer: { name: 'Partner customer', primaryEmail: 'partner-intake@example.test' },
          answers: { consent: true },
        },
        { 'idempotency-key': 'partner-intake-2' },
      ),
    );
    expect(refused.details?.[0]?.path).toBe('body.answers.reason');
  });
});

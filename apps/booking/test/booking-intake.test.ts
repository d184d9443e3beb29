// Intake questions at the service boundary (docs/decisions.md "Intake questions"): the answers of
// a create checked against the catalog's questions, kept with the questions as asked, and sent in
// booking.created. The real booking service over gRPC with the real catalog.

import { describe, expect, it } from 'vitest';
import { SERVICE_LISTS_UNCHANGED } from '@svc/testing';
import { fromAnswerValue, toAnswerValue, type AnswerJson } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import {
  addService,
  bookingOf,
  create,
  createBookableTenant,
  createRequest,
  failure,
  localSlot,
  storedFor,
  bookingServiceForSuite,
} from './booking-fixture.js';

/** The booking service and its dependencies, started for this file. */
const suite = bookingServiceForSuite();

const QUESTIONS: catalogV1.Question[] = [
  { key: 'reason', label: 'What brings you in?', type: 'text', required: true, options: [] },
  { key: 'insurer', label: 'Insurance', type: 'select', required: false, options: ['Public', 'Private'] },
  { key: 'areas', label: 'Which teeth?', type: 'multiselect', required: false, options: ['Upper', 'Lower'] },
  { key: 'consent', label: 'I agree to the terms', type: 'checkbox', required: true, options: [] },
  { key: 'age', label: 'Age', type: 'number', required: false, options: [] },
];

async function tenantAsking(questions = QUESTIONS) {
  const tenant = await createBookableTenant(suite.deps.catalog);
  const service = await addService(suite.deps.catalog, tenant.tenantId, { staffIds: [tenant.staffId], questions });
  return { tenantId: tenant.tenantId, service };
}

const answers = (values: Record<string, AnswerJson>) =>
  Object.entries(values).map(([key, value]) => ({ key, value: toAnswerValue(value) }));

describe('intake answers', () => {
  it('keeps them with the questions as asked, in order, on the booking and in booking.created', async () => {
    const service = await tenantAsking();
    const booking = bookingOf(
      await create(
        suite.svc.client,
        createRequest(service, localSlot(3, 10), {
          answers: answers({ consent: true, reason: '  A loose filling ', areas: ['Lower', 'Upper'], age: 41 }),
        }),
      ),
    );
    const kept = [
      { key: 'reason', label: 'What brings you in?', type: 'text', value: 'A loose filling' },
      { key: 'areas', label: 'Which teeth?', type: 'multiselect', value: ['Upper', 'Lower'] },
      { key: 'consent', label: 'I agree to the terms', type: 'checkbox', value: true },
      { key: 'age', label: 'Age', type: 'number', value: 41 },
    ];
    expect(booking.answers.map((a) => ({ ...a, value: fromAnswerValue(a.value) }))).toEqual(kept);
    const { bookings, outbox } = await storedFor(suite.svc.store, service.tenantId);
    expect(bookings[0]!.answers).toEqual(kept);
    expect(outbox[0]).toMatchObject({ type: 'booking.created', data: { booking: { answers: kept } } });

    // A later edit of the questions changes nothing the booking kept.
    await suite.deps.catalog.updateService({
      tenantId: service.tenantId,
      serviceId: service.service.serviceId,
      fields: {
        ...SERVICE_LISTS_UNCHANGED,
        questions: [{ ...QUESTIONS[0]!, label: 'Reason for the visit' }],
        questionsSet: true,
      },
    });
    const again = await suite.svc.client.getBooking({
      tenantId: service.tenantId,
      bookingId: booking.bookingId,
      actor: '',
    });
    expect(again.booking!.answers[0]).toMatchObject({ key: 'reason', label: 'What brings you in?' });
  });

  it('refuses answers that do not fit, naming each key, before anything is written', async () => {
    const service = await tenantAsking();
    const refused = await failure(
      create(
        suite.svc.client,
        createRequest(service, localSlot(3, 11), {
          answers: answers({ insurer: 'Statutory', consent: false, shoe_size: 42, age: 'forty' }),
        }),
      ),
    );
    expect(refused.code).toBe('VALIDATION_ERROR');
    expect(refused.details).toEqual([
      { path: 'answers.shoe_size', message: 'is not a question of this service' },
      { path: 'answers.reason', message: 'is required' },
      { path: 'answers.insurer', message: 'must be one of: Public, Private' },
      { path: 'answers.consent', message: 'is required' },
      { path: 'answers.age', message: expect.stringContaining('must be a number') },
    ]);
    const { bookings, outbox, idempotency } = await storedFor(suite.svc.store, service.tenantId);
    expect([bookings, outbox, idempotency]).toEqual([[], [], []]);
  });

  it('a service without questions takes no answers, and a booking of it has none', async () => {
    const service = await tenantAsking([]);
    const refused = await failure(
      create(suite.svc.client, createRequest(service, localSlot(3, 12), { answers: answers({ note: 'hi' }) })),
    );
    expect(refused.details).toEqual([{ path: 'answers.note', message: 'is not a question of this service' }]);
    const booking = bookingOf(await create(suite.svc.client, createRequest(service, localSlot(3, 12))));
    expect(booking.answers).toEqual([]);
  });

  it('the answers are part of the idempotent request: the same key with other answers is a conflict', async () => {
    const service = await tenantAsking();
    const first = createRequest(service, localSlot(3, 13), { answers: answers({ reason: 'x', consent: true }) });
    bookingOf(await create(suite.svc.client, first));
    const other = createRequest(service, localSlot(3, 13), {
      idempotencyKey: first.idempotencyKey,
      customer: first.customer,
      answers: answers({ reason: 'y', consent: true }),
    });
    expect((await failure(create(suite.svc.client, other))).code).toBe('BOOKING_IDEMPOTENCY_CONFLICT');
  });
});

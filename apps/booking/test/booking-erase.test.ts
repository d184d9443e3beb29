// The erase of a customer in the booking service (docs/decisions.md "Privacy"): the real booking
// service over gRPC with the real catalog and customer services, on SQLite (in memory, and files
// where a restart or the files' bytes matter), and its races with a change or a create also on
// MongoDB, whose transactions overlap. Where a test must fail or count the customer
// record's own erase (the customer service's, tested there), a double stands in for that one call
// (erase-fixture.ts); one test runs it for real.

import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_EVENTS_TOPIC, type ReceivedMessage } from '@svc/events';
import { connectService } from '@svc/grpc';
import { customerV1 } from '@svc/proto';
import { isWebhookEventType } from '@svc/rules';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { mongoMissing, serverGate, startMongo, type MongoServer } from '@svc/testing';
import {
  bookingOf,
  create,
  createRequest,
  eventually,
  failure,
  localSlot,
  startBooking,
  startDependencies,
  storedFor,
  type BookingHarness,
  type Dependencies,
} from './booking-fixture.js';
import {
  customerWithBookings,
  erasingCustomers,
  gatedBus,
  Pause,
  PausingStore,
  personalData,
  type CustomerWithBookings,
  type ErasingCustomers,
} from './erase-fixture.js';
import { BOOKING_COLLECTIONS, type BookingDoc, type EraseJobDoc, type OutboxDoc } from '../src/store/records.js';

const DEADLINE = { deadlineMs: 30_000 };

let deps: Dependencies;
let customers: ErasingCustomers;
let svc: BookingHarness;
beforeAll(async () => {
  deps = await startDependencies();
  customers = erasingCustomers(deps);
  // The start-up resume ran before any test wrote a job; later passes are far away, so a job a
  // test writes by hand stays where it put it.
  svc = await startBooking(deps, { customers: customers.client(), erase: { pollMs: 600_000 } });
});
afterAll(async () => {
  await svc?.stop();
  await deps?.stop();
});

const erase = (harness: BookingHarness, c: Pick<CustomerWithBookings, 'tenantId' | 'customerId'>) =>
  harness.client.eraseCustomer({ tenantId: c.tenantId, customerId: c.customerId }, DEADLINE);

const jobOf = (store: DocumentStore, c: Pick<CustomerWithBookings, 'tenantId' | 'customerId'>) =>
  store.collection<EraseJobDoc>(BOOKING_COLLECTIONS.eraseJobs).findOne({ _id: `${c.tenantId}:${c.customerId}` });

const erasedRows = (outbox: OutboxDoc[]) => outbox.filter((r) => r.type === 'customer.erased');

/** Every row of the tenant published (the relay runs every 500 ms and after each write). */
const allPublished = (harness: BookingHarness, tenantId: string) =>
  eventually('every outbox row published', async () => {
    const { outbox } = await storedFor(harness.store, tenantId);
    return outbox.every((r) => r.state === 'published') ? outbox : undefined;
  });

describe('EraseCustomer', () => {
  it('cancels the open bookings first with their events, then strips bookings and redacts their events', async () => {
    const c = await customerWithBookings(deps, svc.client);
    // Another customer of the tenant keeps everything.
    const other = bookingOf(await create(svc.client, createRequest(c, localSlot(7, 10), { notes: 'keep me' })));
    const received: ReceivedMessage[] = [];
    const sub = await svc.bus.subscribe({ topic: BOOKING_EVENTS_TOPIC, groupId: `erase-${c.tenantId}` }, async (m) => {
      received.push(m);
    });
    try {
      const answer = await erase(svc, c);
      expect(answer).toMatchObject({ customerId: c.customerId, status: 'erased', bookings: 5, cancelled: 2 });
      expect(answer.requestedAtMs).toBeGreaterThan(0);
      expect(answer.completedAtMs).toBeGreaterThanOrEqual(answer.requestedAtMs);

      const { bookings, outbox } = await storedFor(svc.store, c.tenantId);
      const byId = new Map(bookings.map((b) => [b._id, b]));
      // The open ones cancelled by the platform; the others keep their status and reason.
      for (const id of [c.bookings.held, c.bookings.confirmed]) {
        expect(byId.get(id)).toMatchObject({ status: 'cancelled', cancelReason: 'customer_erased' });
      }
      expect(byId.get(c.bookings.completed)!.status).toBe('completed');
      expect(byId.get(c.bookings.no_show)!.status).toBe('no_show');
      expect(byId.get(c.bookings.cancelled)).toMatchObject({ status: 'cancelled', cancelReason: 'double booked' });
      // Answers and notes gone; time, service, staff and the rest kept.
      for (const id of Object.values(c.bookings)) {
        const b = byId.get(id) as BookingDoc;
        expect(b).toMatchObject({ notes: '', answers: [], customerId: c.customerId, serviceId: c.service.serviceId });
        expect(b.staffId).toMatch(/^stf_/);
        expect(b.endsAtMs - b.startsAtMs).toBe(30 * 60_000);
      }
      expect(byId.get(other.bookingId)).toMatchObject({ notes: 'keep me' });

      // Each cancellation wrote its normal event, by the platform...
      const cancellations = outbox.filter((r) => r.type === 'booking.cancelled' && r.data.actor === 'system');
      expect(cancellations.map((r) => r.key).sort()).toEqual([c.bookings.held, c.bookings.confirmed].sort());
      // ...which went out with the customer's data before it was redacted.
      for (const row of cancellations) {
        const message = received.find((m) => m.headers['event-id'] === row._id);
        expect(message, row._id).toBeDefined();
        const sent = JSON.parse(message!.value) as { data: Record<string, any> };
        expect(sent.data.customer).toMatchObject({ name: c.person.name, primaryEmail: c.person.email });
        expect(sent.data.booking.answers).toEqual([expect.objectContaining({ value: c.person.answer })]);
      }
      // Every event of the customer's bookings is published and redacted; the other customer's is not.
      const mine = outbox.filter((r) => Object.values(c.bookings).includes(r.key));
      expect(mine.length).toBeGreaterThanOrEqual(11);
      for (const row of mine) {
        expect(row.state).toBe('published');
        expect(row.redactedAtMs).toBeGreaterThanOrEqual(row.publishedAtMs as number);
        expect(row.data.customer).toEqual({ customerId: c.customerId, name: '', primaryEmail: '' });
        expect((row.data.booking as { answers: unknown[] }).answers).toEqual([]);
        expect(JSON.stringify(row)).not.toContain(c.person.name);
      }
      const others = outbox.filter((r) => r.key === other.bookingId);
      expect(others[0]!.redactedAtMs).toBeUndefined();
      expect((others[0]!.data.customer as { name: string }).name).not.toBe('');

      // One customer.erased row naming every booking, keyed by the customer; not a webhook event.
      const [announced, ...more] = erasedRows(outbox);
      expect(more).toEqual([]);
      expect(announced).toMatchObject({ key: c.customerId, tenantId: c.tenantId, payloadVersion: 1 });
      expect(announced!.data).toEqual({
        tenantId: c.tenantId,
        customerId: c.customerId,
        bookingIds: expect.arrayContaining(Object.values(c.bookings)),
        erasedAtMs: answer.requestedAtMs,
      });
      expect(announced!.data.bookingIds).toHaveLength(5);
      expect(isWebhookEventType(announced!.type)).toBe(false);
      await eventually('customer.erased published', async () =>
        received.find((m) => m.headers['event-type'] === 'customer.erased' && m.key === c.customerId),
      );
      expect(customers.eraseCalls).toBeGreaterThanOrEqual(1);
      expect(customers.erased.has(`${c.tenantId}:${c.customerId}`)).toBe(true);

      // The history stays (it carries no personal data).
      const history = await svc.client.listBookingEvents({ tenantId: c.tenantId, bookingId: c.bookings.confirmed });
      expect(history.events.map((e) => e.type)).toEqual(['booking.created', 'booking.confirmed', 'booking.cancelled']);
      expect(history.events[2]).toMatchObject({ actor: 'system', status: 'cancelled' });
    } finally {
      await sub.stop();
    }
  });

  it('answers a second request with what the first did, without doing it again', async () => {
    const c = await customerWithBookings(deps, svc.client);
    const before = customers.eraseCalls;
    // Three at once run one job.
    const [first, ...concurrent] = await Promise.all([erase(svc, c), erase(svc, c), erase(svc, c)]);
    expect(concurrent).toEqual([first, first]);
    expect(customers.eraseCalls).toBe(before + 1);
    expect(erasedRows((await storedFor(svc.store, c.tenantId)).outbox)).toHaveLength(1);
    const calls = customers.eraseCalls;
    const rows = (await storedFor(svc.store, c.tenantId)).outbox.length;
    const again = await erase(svc, c);
    expect(again).toEqual(first);
    expect(customers.eraseCalls).toBe(calls);
    expect((await storedFor(svc.store, c.tenantId)).outbox).toHaveLength(rows);
  });

  it('refuses another tenant’s customer, an unknown one and an id out of shape', async () => {
    const c = await customerWithBookings(deps, svc.client);
    const elsewhere = await customerWithBookings(deps, svc.client);
    const foreign = await failure(erase(svc, { tenantId: elsewhere.tenantId, customerId: c.customerId }));
    expect(foreign.code).toBe('NOT_FOUND');
    expect((await failure(erase(svc, { tenantId: c.tenantId, customerId: 'cus_unknownunknownunknown' }))).code).toBe(
      'NOT_FOUND',
    );
    const shape = await failure(erase(svc, { tenantId: c.tenantId, customerId: 'not an id' }));
    expect(shape.code).toBe('VALIDATION_ERROR');
    expect(shape.details.map((d) => d.path)).toEqual(['customerId']);
    // Nothing happened to the customer: their open booking is still confirmed and has its notes.
    const { bookings, outbox } = await storedFor(svc.store, c.tenantId);
    expect(bookings.find((b) => b._id === c.bookings.confirmed)).toMatchObject({
      status: 'confirmed',
      notes: c.person.notes,
    });
    expect(erasedRows(outbox)).toEqual([]);
    expect(await jobOf(svc.store, { tenantId: elsewhere.tenantId, customerId: c.customerId })).toBeNull();
  });

  it('refuses a create or reschedule for an erased customer, and a create for one being erased', async () => {
    // The customer service answers the record as erased (here without a job of ours).
    const c = await customerWithBookings(deps, svc.client);
    customers.erased.add(`${c.tenantId}:${c.customerId}`);
    const again = createRequest(c, localSlot(8, 10), {
      customer: { name: c.person.name, primaryEmail: c.person.email },
    });
    const refused = await failure(create(svc.client, again));
    expect(refused.code).toBe('VALIDATION_ERROR');
    expect(refused.details).toEqual([{ path: 'customerId', message: expect.stringContaining('erased') }]);
    const moved = await failure(
      svc.client.rescheduleBooking({
        tenantId: c.tenantId,
        bookingId: c.bookings.confirmed,
        startsAtMs: localSlot(9, 10),
        actor: 'staff',
      }),
    );
    expect(moved.code).toBe('VALIDATION_ERROR');
    expect(moved.details.map((d) => d.path)).toEqual(['customerId']);

    // A customer whose erase has begun (its job written, not run yet) takes no new booking either.
    const d = await customerWithBookings(deps, svc.client);
    await svc.store.collection<EraseJobDoc>(BOOKING_COLLECTIONS.eraseJobs).insertOne(jobAt(d, 'strip'));
    const during = await failure(
      create(
        svc.client,
        createRequest(d, localSlot(8, 11), {
          customer: { name: d.person.name, primaryEmail: d.person.email },
        }),
      ),
    );
    expect(during.details.map((v) => v.path)).toEqual(['customerId']);
    expect((await storedFor(svc.store, d.tenantId)).bookings).toHaveLength(5);
  });

  it('announces a customer’s 1,201 bookings in rows of at most 500 ids, each once, paging through them', async () => {
    const c = await customerWithBookings(deps, svc.client);
    const [template] = (await storedFor(svc.store, c.tenantId)).bookings;
    // Finished bookings of the past, and every 400th one confirmed ahead: the erase cancels those too.
    const seeded: BookingDoc[] = Array.from({ length: 1_196 }, (_, i) => ({
      ...(template as BookingDoc),
      _id: `bkg_seeded${String(i).padStart(6, '0')}${c.tenantId.slice(4, 14)}`,
      status: i % 400 === 399 ? 'confirmed' : 'completed',
      startsAtMs: i % 400 === 399 ? localSlot(21 + Math.floor(i / 400), 10) : localSlot(-30, 10) - i * 3_600_000,
      holdExpiresAtMs: null,
      cancelReason: null,
      noShowReason: null,
      revision: 1,
      createdAtMs: Date.now() - 1_000_000 + i,
    }));
    for (const b of seeded) b.endsAtMs = b.startsAtMs + 30 * 60_000;
    await svc.store.withTransaction(async (tx) => {
      for (const b of seeded) await svc.store.collection<BookingDoc>(BOOKING_COLLECTIONS.bookings).insertOne(b, tx);
    });

    const answer = await erase(svc, c);
    expect(answer).toMatchObject({ bookings: 1_201, cancelled: 2 + 2 });
    const { outbox, bookings } = await storedFor(svc.store, c.tenantId);
    const rows = erasedRows(outbox).sort((a, b) => (a._id < b._id ? -1 : 1));
    expect(rows.map((r) => (r.data.bookingIds as string[]).length)).toEqual([500, 500, 201]);
    const announced = rows.flatMap((r) => r.data.bookingIds as string[]);
    expect(new Set(announced).size).toBe(1_201);
    expect(new Set(announced)).toEqual(new Set(bookings.map((b) => b._id)));
    expect(bookings.filter((b) => b.cancelReason === 'customer_erased')).toHaveLength(4);
    expect(bookings.every((b) => b.notes === '' && (b.answers ?? []).length === 0)).toBe(true);
  });
});

/** A job document as the service writes it, standing at `step`. */
function jobAt(c: Pick<CustomerWithBookings, 'tenantId' | 'customerId'>, step: EraseJobDoc['step']): EraseJobDoc {
  return {
    _id: `${c.tenantId}:${c.customerId}`,
    tenantId: c.tenantId,
    customerId: c.customerId,
    step,
    requestedAtMs: Date.now(),
    completedAtMs: null,
    bookings: 0,
    cancelled: 0,
    announcedAfter: null,
    announcedRows: 0,
    updatedAtMs: Date.now(),
  };
}

describe('EraseCustomer with the real customer service', () => {
  it('erases the record last; a second request answers the same, and the person may book again as someone new', async () => {
    const harness = await startBooking(deps);
    const directory = connectService(customerV1.CustomerServiceService, deps.customerHost.address);
    try {
      const c = await customerWithBookings(deps, harness.client);
      const answer = await erase(harness, c);
      expect(answer).toMatchObject({ status: 'erased', bookings: 5, cancelled: 2 });
      const { customer } = await directory.getCustomer({ tenantId: c.tenantId, customerId: c.customerId });
      expect(customer).toMatchObject({ status: 'erased', name: '' });
      expect(await erase(harness, c)).toEqual(answer);
      const again = bookingOf(
        await create(
          harness.client,
          createRequest(c, localSlot(8, 10), { customer: { name: c.person.name, primaryEmail: c.person.email } }),
        ),
      );
      expect(again.customerId).not.toBe(c.customerId);
    } finally {
      directory.close();
      await harness.stop();
    }
  });
});

describe('EraseCustomer with the relay held back', () => {
  it('redacts an event only once the relay has published it', async () => {
    let gate: ReturnType<typeof gatedBus> | undefined;
    const local = erasingCustomers(deps);
    const harness = await startBooking(deps, {
      customers: local.client(),
      wrapBus: (bus) => (gate = gatedBus(bus)).bus,
      erase: { waitMs: 1_500 },
    });
    try {
      const c = await customerWithBookings(deps, harness.client);
      await allPublished(harness, c.tenantId);
      gate!.close();
      const late = await failure(erase(harness, c));
      expect(late.retryable).toBe(true);
      // The cancellations wait for the relay, unredacted, and so does the job.
      const { outbox } = await storedFor(harness.store, c.tenantId);
      const pending = outbox.filter((r) => r.state === 'pending');
      expect(pending.map((r) => r.type)).toEqual(['booking.cancelled', 'booking.cancelled']);
      for (const row of pending) {
        expect(row.redactedAtMs).toBeUndefined();
        expect((row.data.customer as { name: string }).name).toBe(c.person.name);
      }
      expect((await jobOf(harness.store, c))!.step).toBe('redact');
      expect(local.eraseCalls).toBe(0);

      gate!.open();
      const answer = await erase(harness, c);
      expect(answer).toMatchObject({ status: 'erased', cancelled: 2 });
      const after = (await storedFor(harness.store, c.tenantId)).outbox.filter((r) => r.type !== 'customer.erased');
      for (const row of after) {
        expect(row.state).toBe('published');
        expect(row.redactedAtMs).toBeGreaterThanOrEqual(row.publishedAtMs as number);
      }
    } finally {
      gate?.open();
      await harness.stop();
    }
  });
});

describe('EraseCustomer over SQLite files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'booking-erase-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const bytesOf = async (file: string) =>
    Buffer.concat(await Promise.all([file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFile(f))));

  it('finishes an interrupted job on the restarted service, and answers what it did', async () => {
    const file = join(dir, 'interrupted.sqlite');
    const local = erasingCustomers(deps);
    local.failErases = 1;
    let harness = await startBooking(deps, {
      store: await openSqliteStore({ file }),
      customers: local.client(),
      erase: { pollMs: 600_000 },
    });
    const c = await customerWithBookings(deps, harness.client);
    try {
      // The customer service fails its part: the steps before it are done, the job stays there.
      const failed = await failure(erase(harness, c));
      expect(failed.retryable).toBe(true);
      expect((await jobOf(harness.store, c))!.step).toBe('customer');
      expect(erasedRows((await storedFor(harness.store, c.tenantId)).outbox)).toHaveLength(1);
    } finally {
      await harness.stop();
    }

    // Started again on the same file: the job is resumed at start-up, nobody asking.
    harness = await startBooking(deps, { store: await openSqliteStore({ file }), customers: local.client() });
    try {
      const done = await eventually('the resumed job done', async () => {
        const job = await jobOf(harness.store, c);
        return job?.step === 'done' ? job : undefined;
      });
      expect(local.eraseCalls).toBe(2);
      expect(local.erased.has(`${c.tenantId}:${c.customerId}`)).toBe(true);
      const answer = await erase(harness, c);
      expect(answer).toEqual({
        customerId: c.customerId,
        status: 'erased',
        bookings: 5,
        cancelled: 2,
        requestedAtMs: done.requestedAtMs,
        completedAtMs: done.completedAtMs,
      });
      expect(await erase(harness, c)).toEqual(answer);
      expect(local.eraseCalls).toBe(2);
      // Its customer.erased row was written once, not again by the resumed run.
      expect(erasedRows((await storedFor(harness.store, c.tenantId)).outbox)).toHaveLength(1);
    } finally {
      await harness.stop();
    }
  });

  it('resumes a job written at its strip step, as a crash right after the cancellations leaves it', async () => {
    const file = join(dir, 'strip.sqlite');
    const local = erasingCustomers(deps);
    let harness = await startBooking(deps, { store: await openSqliteStore({ file }), customers: local.client() });
    const c = await customerWithBookings(deps, harness.client);
    await harness.stop();
    const store = await openSqliteStore({ file });
    await store.collection<EraseJobDoc>(BOOKING_COLLECTIONS.eraseJobs).insertOne(jobAt(c, 'strip'));
    await store.close();

    harness = await startBooking(deps, { store: await openSqliteStore({ file }), customers: local.client() });
    try {
      const done = await eventually('the resumed job done', async () => {
        const job = await jobOf(harness.store, c);
        return job?.step === 'done' ? job : undefined;
      });
      // The cancel step was behind it: the open bookings stay as they were, the rest is done.
      expect(done).toMatchObject({ bookings: 5, cancelled: 0 });
      const { bookings, outbox } = await storedFor(harness.store, c.tenantId);
      expect(bookings.every((b) => b.notes === '' && (b.answers ?? []).length === 0)).toBe(true);
      expect(outbox.filter((r) => r.type !== 'customer.erased').every((r) => r.redactedAtMs !== undefined)).toBe(true);
      expect(erasedRows(outbox)).toHaveLength(1);
    } finally {
      await harness.stop();
    }
  });

  it('leaves none of the customer’s name, email, answers or notes in the store’s files', async () => {
    const file = join(dir, 'bytes.sqlite');
    const local = erasingCustomers(deps);
    const harness = await startBooking(deps, { store: await openSqliteStore({ file }), customers: local.client() });
    const person = personalData();
    const texts = [person.name, person.email, person.answer, person.notes];
    try {
      const c = await customerWithBookings(deps, harness.client, person);
      await allPublished(harness, c.tenantId);
      // The files hold them now, so the search below can find them.
      const before = await bytesOf(file);
      for (const text of texts) expect(before.includes(text), text).toBe(true);

      await erase(harness, c);
      const after = await bytesOf(file);
      for (const text of texts) expect(after.includes(text), text).toBe(false);
    } finally {
      await harness.stop();
    }
  });
});

/**
 * A store to race on: SQLite runs one writer at a time; on MongoDB transactions overlap, and a
 * read in one does not conflict with another's insert (docs/operations.md "The MongoDB test server").
 */
interface RaceProfile {
  name: string;
  /** Whether a transaction can stay open while the erase runs (MongoDB). */
  concurrent: boolean;
  open(): Promise<DocumentStore>;
}

function raceSuite(profile: RaceProfile, setUp?: { before(): Promise<void>; after(): Promise<void> }): void {
  describe(`${profile.name}: EraseCustomer racing a change or a create of the customer`, () => {
    beforeAll(async () => setUp?.before());
    afterAll(async () => setUp?.after());

    async function started() {
      const store = new PausingStore(await profile.open());
      const local = erasingCustomers(deps);
      const harness = await startBooking(deps, { store, customers: local.client(), erase: { pollMs: 600_000 } });
      const received: ReceivedMessage[] = [];
      const sub = await harness.bus.subscribe({ topic: BOOKING_EVENTS_TOPIC, groupId: 'race' }, async (m) => {
        received.push(m);
      });
      const stop = async () => {
        await sub.stop();
        await harness.stop();
      };
      return { store, local, harness, received, stop };
    }

    /** The customer's confirmed booking moved into the past: the erase leaves it, staff may complete it. */
    async function startedBooking(harness: BookingHarness, c: CustomerWithBookings, set: Partial<BookingDoc> = {}) {
      const startsAtMs = localSlot(-1, 10);
      await harness.store
        .collection<BookingDoc>(BOOKING_COLLECTIONS.bookings)
        .updateOne({ _id: c.bookings.confirmed }, { startsAtMs, endsAtMs: startsAtMs + 30 * 60_000, ...set });
      return c.bookings.confirmed;
    }

    const complete = (harness: BookingHarness, c: CustomerWithBookings, bookingId: string) =>
      harness.client.changeBookingStatus(
        { tenantId: c.tenantId, bookingId, action: 'complete', reason: '', actor: 'staff' },
        DEADLINE,
      );

    /** The change's event: stored and sent with nothing of the person, and the booking stripped. */
    async function expectRedacted(
      harness: BookingHarness,
      received: ReceivedMessage[],
      c: CustomerWithBookings,
      bookingId: string,
    ) {
      await allPublished(harness, c.tenantId);
      const { bookings, outbox } = await storedFor(harness.store, c.tenantId);
      const row = outbox.find((r) => r.type === 'booking.completed' && r.key === bookingId);
      expect(row).toBeDefined();
      expect(row!.data.customer).toEqual({ customerId: c.customerId, name: '', primaryEmail: '' });
      expect((row!.data.booking as { answers: unknown[] }).answers).toEqual([]);
      expect(row!.redactedAtMs).toBeGreaterThan(0);
      const sent = await eventually('the completion sent', async () =>
        received.find((m) => m.headers['event-id'] === row!._id),
      );
      for (const text of [c.person.name, c.person.email, c.person.answer, c.person.notes]) {
        expect(JSON.stringify(row), text).not.toContain(text);
        expect(sent.value, text).not.toContain(text);
      }
      expect(bookings.find((b) => b._id === bookingId)).toMatchObject({ status: 'completed', notes: '', answers: [] });
    }

    it('writes a change redacted when it read the customer before the erase and commits after it', async () => {
      const { local, harness, received, stop } = await started();
      try {
        const c = await customerWithBookings(deps, harness.client);
        const bookingId = await startedBooking(harness, c);
        // The completion reads the customer (name and email), then waits while the whole erase runs.
        const pause = (local.afterRead = new Pause());
        const completing = complete(harness, c, bookingId);
        await pause.reached;
        expect(await erase(harness, c)).toMatchObject({ status: 'erased', bookings: 5, cancelled: 1 });
        pause.release();
        // It happened: the state change is not refused, only its data redacted.
        expect((await completing).booking).toMatchObject({ status: 'completed' });
        await expectRedacted(harness, received, c, bookingId);
        // The job's own cancellation of the open booking went out with the customer's data (step 1).
        const cancelled = (await storedFor(harness.store, c.tenantId)).outbox.find(
          (r) => r.type === 'booking.cancelled' && r.key === c.bookings.held,
        );
        const message = received.find((m) => m.headers['event-id'] === cancelled!._id);
        expect(message!.value).toContain(c.person.name);
      } finally {
        await stop();
      }
    });

    // The two below hold a transaction open while the erase runs: on SQLite, whose one writer
    // makes that race impossible, the erase would wait for it and it for the erase.
    // Registered only where the race exists (not skipped: nothing is left out of a run).
    if (profile.concurrent)
      it('runs again a change whose transaction read "no erase job" before the job opened, and writes it redacted', async () => {
        const { store, harness, received, stop } = await started();
        try {
          const c = await customerWithBookings(deps, harness.client);
          // Without answers or notes, so the job's strip step does not write the booking itself.
          const bookingId = await startedBooking(harness, c, { notes: '', answers: [] });
          const pause = (store.afterJobRead = new Pause());
          const completing = complete(harness, c, bookingId);
          await pause.reached;
          expect(await erase(harness, c)).toMatchObject({ status: 'erased', bookings: 5 });
          pause.release();
          expect((await completing).booking).toMatchObject({ status: 'completed' });
          await expectRedacted(harness, received, c, bookingId);
        } finally {
          await stop();
        }
      });

    // Registered only where the race exists (not skipped: nothing is left out of a run).
    if (profile.concurrent)
      it('refuses a create whose transaction read "no erase job" before the job opened', async () => {
        const { store, harness, stop } = await started();
        try {
          const c = await customerWithBookings(deps, harness.client);
          const pause = (store.afterJobRead = new Pause());
          const creating = failure(
            create(
              harness.client,
              createRequest(c, localSlot(8, 10), {
                customer: { name: c.person.name, primaryEmail: c.person.email },
                notes: c.person.notes,
              }),
            ),
          );
          await pause.reached;
          const answer = await erase(harness, c);
          expect(answer).toMatchObject({ status: 'erased', bookings: 5 });
          pause.release();
          const refused = await creating;
          expect(refused.code).toBe('VALIDATION_ERROR');
          expect(refused.details.map((d) => d.path)).toEqual(['customerId']);
          // Nothing was added after the job collected the customer's bookings: all of them announced and stripped.
          await allPublished(harness, c.tenantId);
          const { bookings, outbox } = await storedFor(harness.store, c.tenantId);
          expect(bookings).toHaveLength(5);
          const announced = erasedRows(outbox).flatMap((r) => r.data.bookingIds as string[]);
          expect(new Set(announced)).toEqual(new Set(bookings.map((b) => b._id)));
          for (const text of [c.person.name, c.person.email, c.person.notes]) {
            expect(JSON.stringify([bookings, outbox]), text).not.toContain(text);
          }
        } finally {
          await stop();
        }
      });
  });
}

raceSuite({ name: 'SQLite', concurrent: false, open: () => openSqliteStore({ file: ':memory:' }) });

// MONGODB_URL (a real replica set) when set, otherwise the wire-protocol test server.
const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl !== undefined || serverGate('MongoDB', mongoMissing())) {
  let server: MongoServer | undefined;
  let url = mongoUrl ?? '';
  raceSuite(
    {
      name: mongoUrl ? 'MongoDB (MONGODB_URL)' : 'MongoDB test server',
      concurrent: true,
      open: () => openMongoStore({ url, dbName: `booking_erase_${randomUUID().replaceAll('-', '').slice(0, 12)}` }),
    },
    {
      async before() {
        if (!mongoUrl) {
          server = await startMongo();
          url = server.url;
        }
      },
      async after() {
        await server?.stop();
      },
    },
  );
}

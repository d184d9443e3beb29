// Booking create at the service boundary (docs/architecture.md "Booking create", docs/decisions.md
// "Booking", "Availability"): the real booking service over gRPC, with the real catalog and customer
// services behind it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_EVENTS_TOPIC, type ReceivedMessage } from '@svc/events';
import { connectService } from '@svc/grpc';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRedisLockManager, InProcessLockManager, type LockManager } from '@svc/lock';
import { customerV1, type bookingV1 } from '@svc/proto';
import {
  openSqliteStore,
  StoreUnavailableError,
  type Collection,
  type Document,
  type DocumentStore,
  type IndexSpec,
  type Tx,
} from '@svc/store';
import { redisMissing, serverGate, startRedis, type RedisServer } from '@svc/testing';
import { idempotencyId } from '../src/store/booking-store.js';
import {
  addService,
  addStaff,
  addWeeklyRules,
  bookingOf,
  codeCounts,
  create,
  createBookableTenant,
  createRequest,
  eventually,
  failure,
  fingerprintOf,
  HOLD_MS,
  localSlot,
  localWeekday,
  MIN,
  settleAll,
  startBooking,
  storedFor,
  TIMEZONE,
  type BookableTenant,
  type BookingHarness,
  bookingServiceForSuite,
} from './booking-fixture.js';

/** The booking service and its dependencies, started for this file. */
const suite = bookingServiceForSuite();

/** Three days ahead at 10:00 local: inside the rules, aligned, within notice and advance limits. */
const SLOT = () => localSlot(3, 10);

describe('create', () => {
  it('holds the slot for 10 minutes, assigns the staff member, and writes one booking.created outbox row', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const startsAtMs = SLOT();
    const req = createRequest(tenant, startsAtMs, {
      customer: { name: 'Ada Lovelace', primaryEmail: 'ada@example.com' },
      notes: 'window seat',
    });

    const res = await create(suite.svc.client, req);
    const booking = bookingOf(res);

    expect(res.idempotentReplay).toBe(false);
    expect(booking).toMatchObject({
      tenantId: tenant.tenantId,
      serviceId: tenant.service.serviceId,
      serviceSlug: tenant.service.slug,
      staffId: tenant.staffId,
      resourceId: '',
      status: 'held',
      startsAtMs,
      endsAtMs: startsAtMs + 30 * MIN,
      timezone: TIMEZONE, // none sent: the tenant's
      source: 'public_page',
      notes: 'window seat',
      cancelReason: '',
      noShowReason: '',
    });
    expect(booking.bookingId).toMatch(/^bkg_/);
    expect(booking.customerId).not.toBe('');
    expect(booking.holdExpiresAtMs).toBe(booking.createdAtMs + HOLD_MS);
    expect(booking.updatedAtMs).toBe(booking.createdAtMs);

    const stored = await storedFor(suite.svc.store, tenant.tenantId);
    expect(stored.bookings).toHaveLength(1);
    expect(stored.bookings[0]).toMatchObject({
      _id: booking.bookingId,
      status: 'held',
      holdExpiresAtMs: booking.holdExpiresAtMs,
    });
    expect(stored.idempotency).toHaveLength(1);
    expect(stored.idempotency[0]).toMatchObject({
      _id: idempotencyId(tenant.tenantId, req.idempotencyKey),
      fingerprint: req.requestFingerprint,
      bookingId: booking.bookingId,
      originalStatus: 'held',
    });

    expect(stored.outbox).toHaveLength(1);
    const row = stored.outbox[0]!;
    const data = {
      booking: {
        bookingId: booking.bookingId,
        tenantId: tenant.tenantId,
        serviceId: tenant.service.serviceId,
        staffId: booking.staffId,
        staffIds: [booking.staffId],
        status: 'held',
        startsAtMs,
        endsAtMs: startsAtMs + 30 * MIN,
        timezone: TIMEZONE,
        revision: 0,
        answers: [],
        partySize: 1,
        // The booking's state beyond the change, so readers compose without reading it back.
        createdAtMs: booking.createdAtMs,
        holdExpiresAtMs: booking.createdAtMs + HOLD_MS,
        cancelReason: '',
        cancelCutoffMin: 0,
        rescheduleCutoffMin: 0,
        customerActions: { allowed: ['cancel', 'reschedule'], refused: [] },
      },
      service: { serviceId: tenant.service.serviceId, slug: tenant.service.slug, name: tenant.service.name },
      customer: { customerId: booking.customerId, name: 'Ada Lovelace', primaryEmail: 'ada@example.com' },
    };
    expect(row).toMatchObject({
      type: 'booking.created',
      payloadVersion: 1,
      occurredAtMs: booking.createdAtMs,
      key: booking.bookingId,
      tenantId: tenant.tenantId,
    });
    expect(row.data).toEqual(data);

    // The relay publishes the row to the bus, keyed by booking id, as the event envelope.
    const received: ReceivedMessage[] = [];
    const sub = await suite.svc.bus.subscribe(
      { topic: BOOKING_EVENTS_TOPIC, groupId: `test-${tenant.tenantId}` },
      async (m) => {
        received.push(m);
      },
    );
    try {
      const message = await eventually('the booking.created message', async () =>
        received.find((m) => m.key === booking.bookingId),
      );
      expect(message.headers).toMatchObject({
        'event-id': row._id,
        'event-type': 'booking.created',
        'tenant-id': tenant.tenantId,
      });
      expect(JSON.parse(message.value)).toEqual({
        id: row._id,
        type: 'booking.created',
        payloadVersion: 1,
        occurredAtMs: booking.createdAtMs,
        data,
      });
      expect(received.filter((m) => m.key === booking.bookingId)).toHaveLength(1);
    } finally {
      await sub.stop();
    }
    // ...and marks it published.
    const published = await eventually('the outbox row marked published', async () => {
      const [r] = (await storedFor(suite.svc.store, tenant.tenantId)).outbox;
      return r?.state === 'published' ? r : undefined;
    });
    expect(published.publishedAtMs).toBeGreaterThanOrEqual(booking.createdAtMs);

    // GetBooking answers the same booking.
    const got = await suite.svc.client.getBooking({
      tenantId: tenant.tenantId,
      bookingId: booking.bookingId,
      actor: '',
    });
    expect(got.booking).toEqual(booking);
  });

  it("keeps the customer's own timezone on the booking and honours a staff preference", async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const other = await addStaff(suite.deps.catalog, tenant.tenantId, 'Other Staff');
    await addWeeklyRules(suite.deps.catalog, tenant.tenantId, 'staff', other, [0, 1, 2, 3, 4, 5, 6], 0, 1440);
    const service = await addService(suite.deps.catalog, tenant.tenantId, { staffIds: [tenant.staffId, other] });

    const res = await create(
      suite.svc.client,
      createRequest({ ...tenant, service }, SLOT(), { timezone: 'America/New_York', staffId: other }),
    );
    expect(bookingOf(res)).toMatchObject({ timezone: 'America/New_York', staffId: other, status: 'held' });
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and body, even after the booking moved on', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const req = createRequest(tenant, SLOT());
    const first = bookingOf(await create(suite.svc.client, req));

    // The booking changes after the first answer (a later confirm, say).
    const bookings = (suite.svc.store as DocumentStore).collection<Document>('bookings');
    expect(await bookings.updateOne({ _id: first.bookingId }, { status: 'confirmed', holdExpiresAtMs: null })).toBe(1);

    const again = await create(suite.svc.client, req);
    expect(again.idempotentReplay).toBe(true);
    expect(bookingOf(again).bookingId).toBe(first.bookingId);
    expect(bookingOf(again).status).toBe('held'); // as first answered

    const stored = await storedFor(suite.svc.store, tenant.tenantId);
    expect(stored.bookings).toHaveLength(1);
    expect(stored.outbox).toHaveLength(1);
    expect(stored.idempotency).toHaveLength(1);
  });

  it('rejects the same key with another body as BOOKING_IDEMPOTENCY_CONFLICT', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const req = createRequest(tenant, SLOT());
    const first = bookingOf(await create(suite.svc.client, req));

    const otherBody = { ...req, startsAtMs: req.startsAtMs + 30 * MIN };
    const err = await failure(create(suite.svc.client, { ...otherBody, requestFingerprint: fingerprintOf(otherBody) }));
    expect(err.code).toBe('BOOKING_IDEMPOTENCY_CONFLICT');
    expect(err.httpStatus).toBe(409);

    const stored = await storedFor(suite.svc.store, tenant.tenantId);
    expect(stored.bookings.map((b) => b._id)).toEqual([first.bookingId]);
    expect(stored.outbox).toHaveLength(1);
  });

  it('a key lives in its caller’s scope: one key from three callers books three times, each replaying its own', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const key = 'order-1002';
    const scopes = ['', 'api_key:key_partner', 'mcp:key_partner'];
    const firsts = [];
    for (const [i, idempotencyScope] of scopes.entries()) {
      const req = createRequest(tenant, localSlot(3, 10 + i), { idempotencyKey: key, idempotencyScope });
      const first = await create(suite.svc.client, req);
      expect(first.idempotentReplay, idempotencyScope).toBe(false);
      firsts.push({ req, bookingId: bookingOf(first).bookingId });
    }
    for (const { req, bookingId } of firsts) {
      const again = await create(suite.svc.client, req);
      expect(again.idempotentReplay).toBe(true);
      expect(bookingOf(again).bookingId).toBe(bookingId);
    }
    const stored = await storedFor(suite.svc.store, tenant.tenantId);
    expect(stored.bookings).toHaveLength(3);
    expect(stored.idempotency).toHaveLength(3);
    // The public scope keeps the record form keys had before scopes.
    expect(stored.idempotency.some((r) => r._id === idempotencyId(tenant.tenantId, key))).toBe(true);
  });

  it('a scope that is not one of the callers’ shapes is VALIDATION_ERROR at idempotencyScope', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    for (const idempotencyScope of ['public', 'api_key:', 'partner:key_1', `api_key:${'k'.repeat(70)}`, 'mcp:key 1']) {
      const err = await failure(create(suite.svc.client, createRequest(tenant, SLOT(), { idempotencyScope })));
      expect(err.code, idempotencyScope).toBe('VALIDATION_ERROR');
      expect(err.details.map((d) => d.path)).toEqual(['idempotencyScope']);
    }
    expect((await storedFor(suite.svc.store, tenant.tenantId)).bookings).toHaveLength(0);
  });

  it('20 concurrent creates with one key make one booking and all name it', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const req = createRequest(tenant, SLOT());

    const { ok, failed } = await settleAll(Array.from({ length: 20 }, () => create(suite.svc.client, req)));

    expect(codeCounts(failed)).toEqual({});
    expect(ok).toHaveLength(20);
    const ids = new Set(ok.map((r) => bookingOf(r).bookingId));
    expect(ids.size).toBe(1);
    expect(ok.filter((r) => !r.idempotentReplay)).toHaveLength(1);
    expect(ok.every((r) => bookingOf(r).status === 'held')).toBe(true);

    const stored = await storedFor(suite.svc.store, tenant.tenantId);
    expect(stored.bookings.map((b) => b._id)).toEqual([...ids]);
    expect(stored.outbox).toHaveLength(1);
    expect(stored.idempotency).toHaveLength(1);
  });
});

describe('one slot, many customers', () => {
  it('200 parallel creates for one slot: exactly one wins, 199 are BOOKING_SLOT_UNAVAILABLE', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const startsAtMs = SLOT();

    const { ok, failed } = await settleAll(
      Array.from({ length: 200 }, () => create(suite.svc.client, createRequest(tenant, startsAtMs))),
    );

    expect(codeCounts(failed)).toEqual({ BOOKING_SLOT_UNAVAILABLE: 199 });
    expect(ok).toHaveLength(1);
    const winner = bookingOf(ok[0]!);
    expect(winner).toMatchObject({ status: 'held', startsAtMs, staffId: tenant.staffId });
    expect(failed.every((e) => e.httpStatus === 409)).toBe(true);

    const stored = await storedFor(suite.svc.store, tenant.tenantId);
    expect(stored.bookings.map((b) => b._id)).toEqual([winner.bookingId]);
    expect(stored.outbox.map((r) => r.key)).toEqual([winner.bookingId]);
    expect(stored.idempotency.map((r) => r.bookingId)).toEqual([winner.bookingId]);
    // The losers were refused before a customer was created for them.
    const customers = connectService(customerV1.CustomerServiceService, suite.deps.customerHost.address);
    const listed = await customers.listCustomers({
      tenantId: tenant.tenantId,
      page: { limit: 100, cursor: '' },
      query: '',
    });
    customers.close();
    expect(listed.items.map((c) => c.customerId)).toEqual([winner.customerId]);
  });
});

describe('waiting for the capacity locks', () => {
  /**
   * A replica whose locks are held elsewhere until open() (every acquire waits out its slice).
   * `acquires(n)` is a fence: it resolves once acquire has been called n times in all, so a test
   * knows the create is past its pre-check and waiting (and how many slices it has waited)
   * instead of sleeping and hoping.
   */
  function gatedLock() {
    const inner = new InProcessLockManager();
    let closed = true;
    let calls = 0;
    const fences: Array<{ n: number; resolve: () => void }> = [];
    const lock: LockManager = {
      acquire: async (key, opts) => {
        calls += 1;
        for (const f of fences.filter((f) => f.n <= calls)) f.resolve();
        if (!closed) return inner.acquire(key, opts);
        await sleep(opts.waitMs);
        return null;
      },
      release: (lease) => inner.release(lease),
      extend: (lease, ttlMs) => inner.extend(lease, ttlMs),
      ping: async () => undefined,
      close: () => inner.close(),
    };
    return {
      lock,
      open: () => void (closed = false),
      calls: () => calls,
      acquires: (n: number) =>
        n <= calls ? Promise.resolve() : new Promise<void>((resolve) => fences.push({ n, resolve })),
    };
  }

  /** Whether the promise has settled yet (after letting pending callbacks run). */
  async function settled(p: Promise<unknown>): Promise<boolean> {
    let done = false;
    p.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((r) => setImmediate(r));
    return done;
  }

  /**
   * Two replicas on one store: `waiting` behind a gated lock (lockWaitMs a minute), `other` with
   * its own; `body` runs with a fresh tenant, then both stop.
   */
  async function twoReplicas(
    body: (r: {
      gate: ReturnType<typeof gatedLock>;
      store: DocumentStore;
      waiting: BookingHarness;
      other: BookingHarness;
      tenant: BookableTenant;
    }) => Promise<void>,
  ): Promise<void> {
    const gate = gatedLock();
    const store = await openSqliteStore({ file: ':memory:' });
    const waiting = await startBooking(suite.deps, { store, lock: gate.lock, lockWaitMs: 60_000 });
    const other = await startBooking(suite.deps, { store });
    try {
      await body({ gate, store, waiting, other, tenant: await createBookableTenant(suite.deps.catalog) });
    } finally {
      await waiting.stop();
      await other.stop();
    }
  }

  it('a waiter answers BOOKING_SLOT_UNAVAILABLE once another booking takes the slot, not after lockWaitMs', async () => {
    // Without the re-check while waiting this create would answer 503 after a minute (test timeout).
    await twoReplicas(async ({ gate, store, waiting, other, tenant }) => {
      const loser = failure(create(waiting.client, createRequest(tenant, SLOT())));
      await gate.acquires(1); // past its own pre-check, waiting for the locks
      expect(await settled(loser)).toBe(false);
      const winner = bookingOf(await create(other.client, createRequest(tenant, SLOT())));
      const err = await loser;
      expect(err.code).toBe('BOOKING_SLOT_UNAVAILABLE');
      expect(err.httpStatus).toBe(409);
      expect((await storedFor(store, tenant.tenantId)).bookings.map((b) => b._id)).toEqual([winner.bookingId]);
    });
  });

  it('a retry whose first request commits while it waits answers that as a replay, never a 409, with its locks still shut', async () => {
    await twoReplicas(async ({ gate, waiting, other, tenant }) => {
      const req = createRequest(tenant, SLOT());
      const retry = create(waiting.client, req);
      await gate.acquires(1); // waiting for the locks
      expect(await settled(retry)).toBe(false);
      const first = bookingOf(await create(other.client, req));
      // Its next look finds the key's record before the slot it took: the replay, while the
      // gated lock still refuses every acquire.
      const replay = await retry;
      expect(replay.idempotentReplay).toBe(true);
      expect(bookingOf(replay).bookingId).toBe(first.bookingId);
      gate.open();
    });
  });
});

describe('slot rules at create', () => {
  let tenant: BookableTenant;
  let takenBookingId: string;

  beforeAll(async () => {
    tenant = await createBookableTenant(suite.deps.catalog);
    takenBookingId = bookingOf(await create(suite.svc.client, createRequest(tenant, SLOT()))).bookingId;
  });

  /** Asserts the create fails with `code` (and `reason` in the message) and leaves no trace. */
  async function expectRejected(req: bookingV1.CreateBookingRequest, code: string, reason?: string): Promise<void> {
    const before = await storedFor(suite.svc.store, req.tenantId);
    const err = await failure(create(suite.svc.client, req));
    expect(err.code).toBe(code);
    if (reason) expect(err.message).toContain(`(${reason})`);
    const after = await storedFor(suite.svc.store, req.tenantId);
    expect(after.bookings).toHaveLength(before.bookings.length);
    expect(after.outbox).toHaveLength(before.outbox.length);
    expect(after.idempotency).toHaveLength(before.idempotency.length);
    expect(after.idempotency.some((r) => r._id === idempotencyId(req.tenantId, req.idempotencyKey))).toBe(false);
  }

  it('a taken slot is BOOKING_SLOT_UNAVAILABLE', async () => {
    await expectRejected(createRequest(tenant, SLOT()), 'BOOKING_SLOT_UNAVAILABLE', 'taken');
    // Overlapping by part of it is taken too: the 30-minute service at +0 holds 10:00–10:30 only,
    // so 10:30 is free while 10:00 is not.
    expect(bookingOf(await create(suite.svc.client, createRequest(tenant, SLOT() + 30 * MIN))).status).toBe('held');
  });

  it('outside working hours is BOOKING_SLOT_UNAVAILABLE', async () => {
    // A part-timer who works 09:00–12:00 on that one weekday only.
    const partTimer = await addStaff(suite.deps.catalog, tenant.tenantId, 'Part Timer');
    await addWeeklyRules(suite.deps.catalog, tenant.tenantId, 'staff', partTimer, [localWeekday(3)], 9 * 60, 12 * 60);
    const service = await addService(suite.deps.catalog, tenant.tenantId, { staffIds: [partTimer] });
    const scoped = { ...tenant, service };

    await expectRejected(createRequest(scoped, localSlot(3, 14)), 'BOOKING_SLOT_UNAVAILABLE', 'outside hours');
    await expectRejected(createRequest(scoped, localSlot(3, 12)), 'BOOKING_SLOT_UNAVAILABLE', 'outside hours');
    await expectRejected(createRequest(scoped, localSlot(4, 10)), 'BOOKING_SLOT_UNAVAILABLE', 'outside hours');
    // ...while inside those hours it books.
    expect(bookingOf(await create(suite.svc.client, createRequest(scoped, localSlot(3, 11, 30)))).staffId).toBe(
      partTimer,
    );
  });

  it('a start off the slot grid is BOOKING_SLOT_UNAVAILABLE', async () => {
    await expectRejected(createRequest(tenant, localSlot(5, 10) + 5 * MIN), 'BOOKING_SLOT_UNAVAILABLE', 'misaligned');
  });

  it('a start in the past is BOOKING_SLOT_UNAVAILABLE', async () => {
    await expectRejected(createRequest(tenant, localSlot(-1, 10)), 'BOOKING_SLOT_UNAVAILABLE', 'too soon');
  });

  it('a start within minNoticeMin is BOOKING_SLOT_UNAVAILABLE', async () => {
    const service = await addService(suite.deps.catalog, tenant.tenantId, {
      staffIds: [tenant.staffId],
      minNoticeMin: 3 * 1440,
    });
    await expectRejected(
      createRequest({ ...tenant, service }, localSlot(1, 10)),
      'BOOKING_SLOT_UNAVAILABLE',
      'too soon',
    );
    expect(
      bookingOf(await create(suite.svc.client, createRequest({ ...tenant, service }, localSlot(5, 12)))).status,
    ).toBe('held');
  });

  it('a start beyond maxAdvanceDays is BOOKING_SLOT_UNAVAILABLE', async () => {
    await expectRejected(createRequest(tenant, localSlot(92, 10)), 'BOOKING_SLOT_UNAVAILABLE', 'too far');
    expect(bookingOf(await create(suite.svc.client, createRequest(tenant, localSlot(88, 10)))).status).toBe('held');
  });

  it('a hidden or disabled service is SERVICE_INACTIVE', async () => {
    for (const status of ['hidden', 'disabled']) {
      const service = await addService(suite.deps.catalog, tenant.tenantId, { staffIds: [tenant.staffId], status });
      await expectRejected(createRequest({ ...tenant, service }, localSlot(6, 10)), 'SERVICE_INACTIVE');
    }
  });

  it('an unknown service slug is NOT_FOUND', async () => {
    const service = { serviceId: 'nope', slug: 'no-such-service', name: 'nope' };
    await expectRejected(createRequest({ ...tenant, service }, localSlot(6, 10)), 'NOT_FOUND');
  });

  it('a failed create stores no idempotency record: its key then books a valid request', async () => {
    const key = `key-reused-${Date.now()}`;
    await expectRejected(createRequest(tenant, SLOT(), { idempotencyKey: key }), 'BOOKING_SLOT_UNAVAILABLE', 'taken');
    await expectRejected(
      createRequest(tenant, localSlot(7, 10) + 5 * MIN, { idempotencyKey: key }),
      'BOOKING_SLOT_UNAVAILABLE',
      'misaligned',
    );

    const res = await create(suite.svc.client, createRequest(tenant, localSlot(7, 10), { idempotencyKey: key }));
    expect(res.idempotentReplay).toBe(false);
    const booking = bookingOf(res);
    expect(booking.bookingId).not.toBe(takenBookingId);
    const stored = await storedFor(suite.svc.store, tenant.tenantId);
    expect(stored.idempotency.find((r) => r._id === idempotencyId(tenant.tenantId, key))?.bookingId).toBe(
      booking.bookingId,
    );
  });
});

describe('infrastructure down: BOOKING_POLICY_BLOCKED 503, nothing written', () => {
  it('when the store is closed under the service', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    const own = await startBooking(suite.deps, { store });
    try {
      const tenant = await createBookableTenant(suite.deps.catalog);
      await store.close();
      const err = await failure(create(own.client, createRequest(tenant, SLOT())));
      expect(err.code).toBe('BOOKING_POLICY_BLOCKED');
      expect(err.httpStatus).toBe(503);
    } finally {
      await own.stop();
    }
  });

  it.each([
    ['every store operation fails', 'all'],
    // A leaked lock would make the retry wait out lockWaitMs and answer 503.
    ['the write transaction fails under the lock (and the lock is released again)', 'transactions'],
  ] as const)('answers 503 when %s, writes nothing, and the same key books after recovery', async (_what, outage) => {
    const store = new OutageStore(await openSqliteStore({ file: ':memory:' }));
    const own = await startBooking(suite.deps, { store, lockWaitMs: 2_000 });
    try {
      const tenant = await createBookableTenant(suite.deps.catalog);
      const req = createRequest(tenant, SLOT());

      store.outage = outage;
      const err = await failure(create(own.client, req));
      expect(err.code).toBe('BOOKING_POLICY_BLOCKED');
      expect(err.httpStatus).toBe(503);

      store.outage = 'none';
      expect(await storedFor(store, tenant.tenantId)).toEqual({ bookings: [], outbox: [], idempotency: [] });
      const res = await create(own.client, req);
      expect(res.idempotentReplay).toBe(false);
      expect(bookingOf(res)).toMatchObject({ status: 'held', startsAtMs: req.startsAtMs });
    } finally {
      await own.stop();
    }
  });
});

const run = serverGate('Redis', redisMissing());

describe.skipIf(!run)('lock unavailable (real Redis)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  it('is BOOKING_POLICY_BLOCKED 503 with nothing written; once Redis is back the same key books', async () => {
    const lock = await createRedisLockManager({ url: redis.url, keyPrefix: 'test:booking:' });
    const store = await openSqliteStore({ file: ':memory:' });
    const own = await startBooking(suite.deps, { lock, store });
    try {
      const tenant = await createBookableTenant(suite.deps.catalog);
      const req = createRequest(tenant, SLOT());
      const port = redis.port;

      await redis.stop();
      const err = await failure(create(own.client, req));
      expect(err.code).toBe('BOOKING_POLICY_BLOCKED');
      expect(err.httpStatus).toBe(503);
      expect(await storedFor(store, tenant.tenantId)).toEqual({ bookings: [], outbox: [], idempotency: [] });

      // The client reconnects by itself; until it has, creates keep answering 503.
      redis = await startRedis({ port });
      const res = await eventually(
        'a create once Redis is back',
        async () => {
          try {
            return await create(own.client, req);
          } catch (e) {
            if ((e as { httpStatus?: number }).httpStatus === 503) return undefined;
            throw e;
          }
        },
        20_000,
      );
      expect(res.idempotentReplay).toBe(false);
      expect((await storedFor(store, tenant.tenantId)).bookings).toHaveLength(1);
    } finally {
      await own.stop();
    }
  }, 60_000);
});

/**
 * A DocumentStore that can be made to fail like an unreachable database: `all` fails every
 * operation, `transactions` only the write transactions (so a create gets as far as its locks).
 */
class OutageStore implements DocumentStore {
  outage: 'none' | 'all' | 'transactions' = 'none';

  constructor(private readonly inner: DocumentStore) {}

  collection<T extends Document>(name: string): Collection<T> {
    const c = this.inner.collection<T>(name);
    // Operations inside a transaction only happen once withTransaction has let it start.
    const guard = <R>(tx: Tx | undefined, op: () => Promise<R>): Promise<R> =>
      tx === undefined && this.outage === 'all' ? Promise.reject(this.down()) : op();
    return {
      insertOne: (doc, tx) => guard(tx, () => c.insertOne(doc, tx)),
      findOne: (filter, tx) => guard(tx, () => c.findOne(filter, tx)),
      find: (filter, opts, tx) => guard(tx, () => c.find(filter, opts, tx)),
      count: (filter, tx) => guard(tx, () => c.count(filter, tx)),
      updateOne: (filter, set, tx) => guard(tx, () => c.updateOne(filter, set, tx)),
      deleteMany: (filter, tx) => guard(tx, () => c.deleteMany(filter, tx)),
    };
  }

  ensureIndexes(specs: IndexSpec[]): Promise<void> {
    return this.inner.ensureIndexes(specs);
  }

  dropIndex(collection: string, name: string): Promise<void> {
    return this.inner.dropIndex(collection, name);
  }

  withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    if (this.outage !== 'none') return Promise.reject(this.down());
    return this.inner.withTransaction(fn);
  }

  ping(): Promise<void> {
    return this.outage === 'none' ? this.inner.ping() : Promise.reject(this.down());
  }

  scrubFreed(): Promise<void> {
    return this.inner.scrubFreed();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private down(): StoreUnavailableError {
    return new StoreUnavailableError('simulated outage: the database is unreachable');
  }
}

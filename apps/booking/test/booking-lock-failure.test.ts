// When the capacity lock fails (docs/operations.md "Never double-booked: what enforces it"): a
// lock that grants every acquire, as a Redis lease does once its stalled holder outlived the TTL,
// lets every contender past it, and only the store stands between them and a double booking. On
// SQLite its single writer; on MongoDB the occupancy document every busy-making write counts up
// in its transaction (BookingStore.markBusy), which two overlapping transactions cannot both
// commit. The real booking service over gRPC, on each store; the store is read after every race.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { bookingV1 } from '@svc/proto';
import {
  openMongoStore,
  openSqliteStore,
  type Collection,
  type Document,
  type DocumentStore,
  type Tx,
} from '@svc/store';
import { mongoMissing, serverGate, startMongo, type MongoServer } from '@svc/testing';
import { occupiedKeys } from '../src/store/occupied-keys.js';
import {
  BOOKING_COLLECTIONS,
  staffOfBooking,
  type BookingDoc,
  type OccupancyVersionDoc,
} from '../src/store/records.js';
import {
  addService,
  addStaff,
  addWeeklyRules,
  AlwaysGrantingLock,
  bookingOf,
  codeCounts,
  create,
  createBookableTenant,
  createRequest,
  failure,
  HOLD_MS,
  localSlot,
  settleAll,
  startBooking,
  startDependencies,
  storedFor,
  type BookingHarness,
  type Dependencies,
} from './booking-fixture.js';

/**
 * How long a create of the 200 may take (gRPC deadline, and the MongoDB store's retry budget):
 * the 200 transactions run at once, and the MongoDB test server answers one command at a time, so
 * on a busy two-core machine a create can take far longer than in production. The store's own
 * 10 s default is tested in libs/store.
 */
const RACE_MS = 120_000;

/** A promise and its resolve, for fences between the test and the service's transactions. */
function fence(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/**
 * The store as the service sees it, plus what the test needs to steer and measure its
 * transactions: how many attempts they took (a retry is MongoDB's answer to a WriteConflict),
 * and fences that hold a transaction at a chosen operation so two of them really overlap.
 */
class ObservedStore implements DocumentStore {
  transactions = 0;
  attempts = 0;
  /** Runs before a booking read (`find`) or booking update inside a transaction; may wait. */
  beforeTxFind: (() => Promise<void>) | undefined;
  beforeTxUpdate: (() => Promise<void>) | undefined;

  constructor(readonly inner: DocumentStore) {}

  /** Retries of transactions so far (attempts beyond the first of each). */
  get retries(): number {
    return this.attempts - this.transactions;
  }

  collection<T extends Document>(name: string): Collection<T> {
    const c = this.inner.collection<T>(name);
    if (name !== BOOKING_COLLECTIONS.bookings) return c;
    return {
      find: async (filter, opts, tx) => {
        if (tx && this.beforeTxFind) await this.beforeTxFind();
        return c.find(filter, opts, tx);
      },
      updateOne: async (filter, set, tx) => {
        if (tx && this.beforeTxUpdate) await this.beforeTxUpdate();
        return c.updateOne(filter, set, tx);
      },
      insertOne: (doc, tx) => c.insertOne(doc, tx),
      findOne: (filter, tx) => c.findOne(filter, tx),
      count: (filter, tx) => c.count(filter, tx),
      deleteMany: (filter, tx) => c.deleteMany(filter, tx),
    };
  }

  withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    this.transactions++;
    return this.inner.withTransaction((tx) => {
      this.attempts++;
      return fn(tx);
    });
  }

  ensureIndexes: DocumentStore['ensureIndexes'] = (specs) => this.inner.ensureIndexes(specs);
  dropIndex: DocumentStore['dropIndex'] = (collection, name) => this.inner.dropIndex(collection, name);
  ping = () => this.inner.ping();
  scrubFreed = () => this.inner.scrubFreed();
  close = () => this.inner.close();
}

/** The first `n` callers wait until all `n` have arrived, then everyone passes freely. */
function barrier(n: number): () => Promise<void> {
  const all = fence();
  let arrived = 0;
  return async () => {
    if (arrived >= n) return;
    if (++arrived === n) all.open();
    await all.promise;
  };
}

interface Profile {
  name: string;
  /** Whether two transactions can be open at once (MongoDB), or one writer runs at a time (SQLite). */
  concurrent: boolean;
  /**
   * Whether a reader sees only committed writes. The MongoDB test server shows a transaction's
   * writes at once (docs/operations.md "The MongoDB test server"), so a look outside the lock can
   * count a booking whose transaction then loses a write conflict.
   */
  isolatedReads: boolean;
  open(): Promise<DocumentStore>;
}

const sqlite: Profile = {
  name: 'SQLite',
  concurrent: false,
  isolatedReads: true,
  open: () => openSqliteStore({ file: ':memory:' }),
};

function lockFailureSuite(profile: Profile, setUp?: { before(): Promise<void>; after(): Promise<void> }): void {
  describe(`${profile.name}: a lock that grants every acquire`, () => {
    let deps: Dependencies;
    beforeAll(async () => {
      await setUp?.before();
      deps = await startDependencies();
    });
    afterAll(async () => {
      await deps?.stop();
      await setUp?.after();
    });

    /** The booking service on a fresh store of the profile, behind an always-granting lock. */
    async function started(now?: () => number) {
      const lock = new AlwaysGrantingLock();
      const store = new ObservedStore(await profile.open());
      const svc = await startBooking(deps, { lock, store, ...(now ? { now } : {}) });
      return { lock, store, svc };
    }

    /** Bookings of the tenant that occupy time at `atMs` (held with a running hold, or confirmed). */
    async function occupying(svc: BookingHarness, tenantId: string, startsAtMs: number, atMs: number) {
      const { bookings } = await storedFor(svc.store, tenantId);
      return bookings.filter(
        (b) =>
          b.startsAtMs === startsAtMs &&
          (b.status === 'confirmed' || (b.status === 'held' && (b.holdExpiresAtMs ?? 0) > atMs)),
      );
    }

    const versionsOf = async (svc: BookingHarness, b: BookingDoc) => {
      const versions = svc.store.collection<OccupancyVersionDoc>(BOOKING_COLLECTIONS.occupancyVersions);
      return Promise.all(occupiedKeys(b).map(async (key) => (await versions.findOne({ _id: key }))?.version ?? 0));
    };

    it(
      '200 parallel creates for one slot: exactly one booking in the store',
      async () => {
        const { lock, store, svc } = await started();
        try {
          const tenant = await createBookableTenant(deps.catalog);
          const startsAtMs = localSlot(3, 10);
          const { ok, failed } = await settleAll(
            Array.from({ length: 200 }, () =>
              svc.client.createBooking(createRequest(tenant, startsAtMs), { deadlineMs: RACE_MS }),
            ),
          );
          // The lock really let them in together.
          expect(lock.maxHolders).toBeGreaterThan(1);
          expect(codeCounts(failed)).toEqual({ BOOKING_SLOT_UNAVAILABLE: 199 });
          expect(ok).toHaveLength(1);
          const winner = bookingOf(ok[0]!);

          const stored = await storedFor(svc.store, tenant.tenantId);
          expect(stored.bookings).toHaveLength(1);
          expect(stored.bookings[0]).toMatchObject({ _id: winner.bookingId, startsAtMs, status: 'held' });
          expect(stored.outbox.map((e) => [e.type, e.key])).toEqual([['booking.created', winner.bookingId]]);
          expect(stored.idempotency).toHaveLength(1);
          // One write made the staff member busy that day, and it counted once.
          expect(await versionsOf(svc, stored.bookings[0]!)).toEqual([1]);
          console.log(
            `lock failure, ${profile.name}: 200 creates for one slot (at most ${lock.maxHolders} holding its lock at once) → ` +
              `${stored.bookings.length} booking; ${store.retries} transaction attempts run again after a WriteConflict`,
          );
        } finally {
          await svc.stop();
        }
      },
      RACE_MS + 30_000,
    );

    it('two reschedules of different bookings into one slot, both past the lock and both rechecked: one wins', async () => {
      const { store, svc } = await started();
      try {
        const tenant = await createBookableTenant(deps.catalog);
        const a = bookingOf(await create(svc.client, createRequest(tenant, localSlot(4, 9))));
        const b = bookingOf(await create(svc.client, createRequest(tenant, localSlot(4, 11))));
        const target = localSlot(4, 15);
        // Where transactions can overlap, both read the slot free (the recheck) before either
        // writes: the write skew a read-then-write check alone lets through. Both are held at
        // their first read until both are there, and again at their first write until both have
        // read, so neither can commit before the other has looked.
        if (profile.concurrent) {
          store.beforeTxFind = barrier(2);
          store.beforeTxUpdate = barrier(2);
        }
        const retriesBefore = store.retries;
        const move = (x: bookingV1.Booking) =>
          svc.client.rescheduleBooking({
            tenantId: x.tenantId,
            bookingId: x.bookingId,
            startsAtMs: target,
            actor: 'staff',
          });
        const { ok, failed } = await settleAll([move(a), move(b)]);
        store.beforeTxFind = undefined;
        store.beforeTxUpdate = undefined;

        expect(ok).toHaveLength(1);
        expect(codeCounts(failed)).toEqual({ BOOKING_SLOT_UNAVAILABLE: 1 });
        const moved = ok[0]!.booking!;
        const stayed = moved.bookingId === a.bookingId ? b : a;
        const { bookings, outbox } = await storedFor(svc.store, tenant.tenantId);
        expect(bookings.filter((x) => x.startsAtMs === target).map((x) => x._id)).toEqual([moved.bookingId]);
        expect(bookings.find((x) => x._id === stayed.bookingId)).toMatchObject({
          startsAtMs: stayed.startsAtMs,
          revision: 0,
        });
        expect(outbox.filter((e) => e.type === 'booking.rescheduled').map((e) => e.key)).toEqual([moved.bookingId]);
        // On MongoDB the loser's transaction conflicted on the occupancy document and ran again.
        if (profile.concurrent) expect(store.retries - retriesBefore).toBeGreaterThan(0);
      } finally {
        await svc.stop();
      }
    });

    it('a daily limit of 1: two creates on one local day of the staff member, in two UTC days, both past the lock: one lands', async () => {
      const { store, svc } = await started();
      try {
        const tenant = await createBookableTenant(deps.catalog);
        const limited = await addService(deps.catalog, tenant.tenantId, {
          staffIds: [tenant.staffId],
          maxBookingsPerDay: 1,
        });
        // 00:30 and 23:00 in Berlin fall on two UTC days: a day's count is not a UTC day's.
        const early = localSlot(4, 0, 30);
        const late = localSlot(4, 23);
        expect(new Date(early).toISOString().slice(0, 10)).not.toBe(new Date(late).toISOString().slice(0, 10));
        if (profile.concurrent) store.beforeTxFind = barrier(2);
        const retriesBefore = store.retries;
        const service = { tenantId: tenant.tenantId, service: limited };
        const { ok, failed } = await settleAll([
          create(svc.client, createRequest(service, early)),
          create(svc.client, createRequest(service, late)),
        ]);
        store.beforeTxFind = undefined;
        expect(ok).toHaveLength(1);
        expect(codeCounts(failed)).toEqual({ BOOKING_SLOT_UNAVAILABLE: 1 });
        expect(failed[0]!.message).toContain('daily limit');
        const { bookings } = await storedFor(svc.store, tenant.tenantId);
        expect(bookings).toHaveLength(1);
        expect(bookings[0]).toMatchObject({ maxBookingsPerDay: 1, serviceId: limited.serviceId });
        // On MongoDB both read the day empty; their occupancy writes met on a common document.
        if (profile.concurrent) expect(store.retries - retriesBefore).toBeGreaterThan(0);
      } finally {
        await svc.stop();
      }
    });

    it(
      'a 6-seat class, 30 parallel creates of parties of 1 and 2, all past the lock: never more than 6 seats',
      async () => {
        const { lock, svc } = await started();
        try {
          const tenant = await createBookableTenant(deps.catalog);
          const klass = await addService(deps.catalog, tenant.tenantId, {
            staffIds: [tenant.staffId],
            seats: 6,
            maxPartySize: 2,
          });
          const startsAtMs = localSlot(5, 10);
          const { failed } = await settleAll(
            Array.from({ length: 30 }, (_, i) =>
              svc.client.createBooking(
                createRequest({ tenantId: tenant.tenantId, service: klass }, startsAtMs, { partySize: 1 + (i % 2) }),
                { deadlineMs: RACE_MS },
              ),
            ),
          );
          expect(lock.maxHolders).toBeGreaterThan(1);
          expect(new Set(failed.map((f) => f.code))).toEqual(new Set(['BOOKING_SLOT_UNAVAILABLE']));
          const { bookings } = await storedFor(svc.store, tenant.tenantId);
          const taken = bookings.reduce((sum, b) => sum + (b.partySize ?? 1), 0);
          // Never more than the seats, whatever the reads see.
          expect(taken).toBeLessThanOrEqual(6);
          // Exactly full: a party of 1 fits while any seat is left, and half the requests are one.
          // Where a reader can see a booking whose transaction then aborts (the test server), a
          // party of 1 may be refused on that phantom: full, or one seat short.
          if (profile.isolatedReads) expect(taken).toBe(6);
          else expect(taken).toBeGreaterThanOrEqual(5);
        } finally {
          await svc.stop();
        }
      },
      RACE_MS + 30_000,
    );

    it(
      'a collective service of 3 and single-staff services of the same people, 30 creates past the lock: nobody booked twice',
      async () => {
        const { lock, svc } = await started();
        try {
          const tenant = await createBookableTenant(deps.catalog);
          const staffIds = [tenant.staffId];
          for (const name of ['Second', 'Third']) {
            const id = await addStaff(deps.catalog, tenant.tenantId, name);
            await addWeeklyRules(deps.catalog, tenant.tenantId, 'staff', id, [0, 1, 2, 3, 4, 5, 6], 0, 1440);
            staffIds.push(id);
          }
          const together = await addService(deps.catalog, tenant.tenantId, { staffIds, assignment: 'collective' });
          const singles = await Promise.all(
            staffIds.map((id) => addService(deps.catalog, tenant.tenantId, { staffIds: [id] })),
          );
          const startsAtMs = localSlot(5, 14);
          await settleAll(
            Array.from({ length: 30 }, (_, i) =>
              svc.client.createBooking(
                createRequest(
                  { tenantId: tenant.tenantId, service: i % 2 === 0 ? together : singles[i % 3]! },
                  startsAtMs,
                ),
                { deadlineMs: RACE_MS },
              ),
            ),
          );
          expect(lock.maxHolders).toBeGreaterThan(1);
          const { bookings } = await storedFor(svc.store, tenant.tenantId);
          const taken = bookings.flatMap(staffOfBooking);
          expect(taken.length).toBeGreaterThan(0);
          expect(new Set(taken).size).toBe(taken.length);
        } finally {
          await svc.stop();
        }
      },
      RACE_MS + 30_000,
    );

    it('replicas whose clocks disagree: a create that saw the hold run out wins, the late confirm is refused', async () => {
      // Two replicas on one store, the always-granting lock: `ahead` runs a minute past the
      // hold's end, `behind` on the real clock, where the hold still runs.
      const store = new ObservedStore(await profile.open());
      const ahead = await startBooking(deps, {
        lock: new AlwaysGrantingLock(),
        store,
        now: () => Date.now() + HOLD_MS + 60_000,
      });
      const behind = await startBooking(deps, { lock: new AlwaysGrantingLock(), store });
      try {
        const tenant = await createBookableTenant(deps.catalog);
        const hold = bookingOf(await create(behind.client, createRequest(tenant, localSlot(3, 11))));
        const taken = bookingOf(await create(ahead.client, createRequest(tenant, hold.startsAtMs)));
        const refused = await failure(
          behind.client.changeBookingStatus({
            tenantId: tenant.tenantId,
            bookingId: hold.bookingId,
            action: 'confirm',
            reason: '',
            actor: 'staff',
          }),
        );
        expect([refused.code, refused.httpStatus]).toEqual(['BOOKING_SLOT_UNAVAILABLE', 409]);
        const { bookings } = await storedFor(store, tenant.tenantId);
        expect(bookings.map((b) => [b._id, b.status]).sort()).toEqual(
          [
            [hold.bookingId, 'held'],
            [taken.bookingId, 'held'],
          ].sort(),
        );
      } finally {
        await ahead.stop();
        await behind.stop();
      }
    });

    it('a confirm that found the hold running and a create that found it run out: one wins', async () => {
      let clock: number | undefined;
      const { store, svc } = await started(() => clock ?? Date.now());
      try {
        const tenant = await createBookableTenant(deps.catalog);
        const hold = bookingOf(await create(svc.client, createRequest(tenant, localSlot(3, 10))));
        const expiresAtMs = hold.holdExpiresAtMs!;
        expect(expiresAtMs).toBe(hold.createdAtMs + HOLD_MS);
        clock = expiresAtMs - 1;

        const confirm = () =>
          svc.client.changeBookingStatus({
            tenantId: tenant.tenantId,
            bookingId: hold.bookingId,
            action: 'confirm',
            reason: '',
            actor: 'staff',
          });
        if (profile.concurrent) {
          // The confirm reads the hold, still running, and its transaction stays open just before
          // it writes; meanwhile the hold runs out and a create takes the slot and commits.
          const decided = fence();
          const release = fence();
          store.beforeTxUpdate = async () => {
            store.beforeTxUpdate = undefined;
            decided.open();
            await release.promise;
          };
          const retriesBefore = store.retries;
          const confirming = confirm();
          void confirming.catch(() => undefined);
          let created: bookingV1.Booking;
          try {
            await decided.promise;
            clock = expiresAtMs;
            created = bookingOf(await create(svc.client, createRequest(tenant, hold.startsAtMs)));
          } finally {
            release.open();
          }
          // Its write met the create's occupancy write; run again, it finds the hold run out.
          expect((await failure(confirming)).message).toContain('hold has expired');
          expect(store.retries - retriesBefore).toBeGreaterThan(0);
          expect((await occupying(svc, tenant.tenantId, hold.startsAtMs, expiresAtMs)).map((b) => b._id)).toEqual([
            created.bookingId,
          ]);
        } else {
          // One writer at a time: the confirm commits before the create can look.
          await confirm();
          clock = expiresAtMs;
          expect((await failure(create(svc.client, createRequest(tenant, hold.startsAtMs)))).code).toBe(
            'BOOKING_SLOT_UNAVAILABLE',
          );
          const occupants = await occupying(svc, tenant.tenantId, hold.startsAtMs, expiresAtMs);
          expect(occupants.map((b) => [b._id, b.status])).toEqual([[hold.bookingId, 'confirmed']]);
        }
      } finally {
        await svc.stop();
      }
    });
  });
}

lockFailureSuite(sqlite);

// MONGODB_URL (a real replica set) when set, otherwise the wire-protocol test server, which
// raises WriteConflict as MongoDB does (docs/operations.md "The MongoDB test server").
const realUrl = process.env.MONGODB_URL;
if (realUrl !== undefined || serverGate('MongoDB', mongoMissing())) {
  let server: MongoServer | undefined;
  let url = realUrl ?? '';
  lockFailureSuite(
    {
      name: realUrl ? 'MongoDB (MONGODB_URL)' : 'MongoDB test server',
      concurrent: true,
      isolatedReads: realUrl !== undefined,
      open: () =>
        openMongoStore({
          url,
          dbName: `booking_lock_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
          transactionTimeoutMS: RACE_MS,
        }),
    },
    {
      async before() {
        if (!realUrl) {
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

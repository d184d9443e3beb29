// The occupancy cache (docs/architecture.md "Occupancy cache"): two BookingStores over one SQLite
// file stand for two booking replicas; every answer must equal a fresh store's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS as DAY, MINUTE_MS as MIN } from '@svc/rules';
import { openSqliteStore, type Collection, type Document, type DocumentStore, type Filter } from '@svc/store';
import { occupyingBookings, toExistingBooking } from '../../src/application/existing-bookings.js';
import { ServiceBuffers, type Buffers } from '../../src/application/stored-buffers.js';
import { MAX_BUFFER_MS } from '../../src/domain/lock-keys.js';
import { BookingStore } from '../../src/store/booking-store.js';
import { OCCUPANCY_MAX_AGE_MS, OccupancyCache } from '../../src/store/occupancy-cache.js';
import { BOOKING_COLLECTIONS, type BookingDoc, type OccupancyDoc } from '../../src/store/records.js';
import { bookingDoc, outboxRow, T } from './booking-docs.js';

const BASE = 20_000 * DAY; // a UTC midnight
let raw: DocumentStore;
/** The `startsAtMs` ranges of the booking reads made through `counted`. */
let reads: Array<[number, number]> = [];

/** `raw`, recording the start range of every read of bookings. */
function counted(inner: DocumentStore): DocumentStore {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop !== 'collection') {
        const value = Reflect.get(target, prop, receiver) as unknown;
        // Bound to the store itself: its transactions belong to it, not to the proxy.
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return <T extends Document>(name: string): Collection<T> => {
        const c = target.collection<T>(name);
        if (name !== BOOKING_COLLECTIONS.bookings) return c;
        return new Proxy(c, {
          get(ct, p, r) {
            if (p !== 'find') return Reflect.get(ct, p, r) as unknown;
            return (filter: Filter, ...rest: unknown[]) => {
              const range = filter.startsAtMs as { $gte: number; $lt: number } | undefined;
              if (range) reads.push([range.$gte, range.$lt]);
              return (ct.find as (...a: unknown[]) => Promise<T[]>)(filter, ...rest);
            };
          },
        });
      };
    },
  });
}

beforeEach(async () => {
  raw = await openSqliteStore({ file: ':memory:' });
  await new BookingStore(raw).ensureIndexes();
  reads = [];
});
afterEach(() => raw.close());

/** On one of three staff members, buffers stored, its hold running until its start. */
const booking = (startsAtMs: number, fields: Partial<BookingDoc> = {}) =>
  bookingDoc(startsAtMs, {
    staffId: `stf_${startsAtMs % 3}`,
    holdExpiresAtMs: startsAtMs,
    bufferBeforeMin: 0,
    bufferAfterMin: 0,
    ...fields,
  });

const insert = (store: BookingStore, b: BookingDoc) =>
  store.withTransaction((tx) => store.insertHeld(b, outboxRow(b), { key: `key-${b._id}`, fingerprint: 'fp' }, tx));

const change = (store: BookingStore, before: BookingDoc, after: Partial<BookingDoc>) => {
  const changed = { ...before, ...after, revision: (before.revision ?? 0) + 1, updatedAtMs: 2_000 };
  return store.withTransaction((tx) =>
    store.transition(before, changed, outboxRow(changed, { type: 'booking.changed', occurredAtMs: 2_000 }), tx),
  );
};

const ids = (rows: OccupancyDoc[]) => rows.map((r) => r._id);
/** Every test booking has its buffers stored: the catalog is never asked. */
const noServices = { byId: () => Promise.reject(new Error('not asked')) };
/** What a store with nothing kept answers. */
const truth = (from: number, to: number) => new BookingStore(raw).overlapping(T, from, to).then(ids);

describe('the occupancy cache', () => {
  it('a second read of a window reads no booking; a write through another replica shows at once, only its day read again', async () => {
    const writer = new BookingStore(raw);
    const reader = new BookingStore(counted(raw));
    for (let d = 0; d < 10; d++) await insert(writer, booking(BASE + d * DAY + 9 * 60 * MIN));
    const window = [BASE, BASE + 10 * DAY] as const;

    expect(ids(await reader.overlapping(T, ...window))).toEqual(await truth(...window));
    expect(reads).toHaveLength(1);
    reads = [];
    expect(ids(await reader.overlapping(T, ...window))).toEqual(await truth(...window));
    expect(reads).toEqual([]);

    const added = booking(BASE + 4 * DAY + 15 * 60 * MIN);
    await insert(writer, added);
    const after = ids(await reader.overlapping(T, ...window));
    expect(after).toContain(added._id);
    expect(after).toEqual(await truth(...window));
    // Only the day of its start was read again.
    expect(reads).toEqual([[BASE + 4 * DAY, BASE + 5 * DAY]]);
  });

  it('a cancel frees the time, a reschedule moves it: both days read again, the answer the same as uncached', async () => {
    const writer = new BookingStore(raw);
    const reader = new BookingStore(counted(raw));
    const a = booking(BASE + 2 * DAY + 10 * 60 * MIN);
    const b = booking(BASE + 3 * DAY + 10 * 60 * MIN);
    await insert(writer, a);
    await insert(writer, b);
    const window = [BASE, BASE + 7 * DAY] as const;
    expect(ids(await reader.overlapping(T, ...window))).toEqual([a._id, b._id]);

    expect(await change(writer, a, { status: 'cancelled', cancelReason: 'x' })).toBe(true);
    expect(ids(await reader.overlapping(T, ...window))).toEqual([b._id]);

    reads = [];
    const moved = BASE + 5 * DAY + 10 * 60 * MIN;
    expect(await change(writer, b, { startsAtMs: moved, endsAtMs: moved + 30 * MIN })).toBe(true);
    expect(ids(await reader.overlapping(T, ...window))).toEqual([b._id]);
    expect((await reader.overlapping(T, BASE + 3 * DAY, BASE + 4 * DAY)).length).toBe(0);
    expect(reads).toEqual([
      [BASE + 3 * DAY, BASE + 4 * DAY],
      [BASE + 5 * DAY, BASE + 6 * DAY],
    ]);
  });

  it('a booking that reaches into the next day: a change of it reads its start day again, the answer the same as uncached', async () => {
    const writer = new BookingStore(raw);
    const reader = new BookingStore(counted(raw));
    const late = booking(BASE + DAY - 30 * MIN, { endsAtMs: BASE + DAY + 60 * MIN, bufferAfterMin: 30 });
    await insert(writer, late);
    const window = [BASE + DAY, BASE + 2 * DAY] as const;
    expect(ids(await reader.overlapping(T, ...window))).toEqual([late._id]);
    reads = [];
    expect(await change(writer, late, { status: 'cancelled', cancelReason: 'x' })).toBe(true);
    expect(ids(await reader.overlapping(T, ...window))).toEqual([]);
    expect(reads).toEqual([[BASE, BASE + 2 * DAY]]);
  });

  it("the engine's view of a kept booking follows its change: held, then confirmed, then cancelled", async () => {
    const writer = new BookingStore(raw);
    const reader = new BookingStore(raw);
    const held = booking(BASE + 9 * 60 * MIN);
    await insert(writer, held);
    const view = () =>
      occupyingBookings({ store: reader }, new ServiceBuffers(noServices, T), {
        tenantId: T,
        fromMs: BASE,
        toMs: BASE + DAY,
      });
    expect((await view()).map((b) => b.status)).toEqual(['held']);
    expect(await view()).toEqual(await view());
    expect(await change(writer, held, { status: 'confirmed', holdExpiresAtMs: null })).toBe(true);
    const [confirmed] = await view();
    expect(confirmed).toMatchObject({ bookingId: held._id, status: 'confirmed' });
    expect(confirmed).not.toHaveProperty('holdExpiresAtMs');
    const stored: BookingDoc = {
      ...held,
      status: 'confirmed',
      holdExpiresAtMs: null,
      revision: (held.revision ?? 0) + 1,
    };
    expect(await change(writer, stored, { status: 'cancelled', cancelReason: 'x' })).toBe(true);
    expect(await view()).toEqual([]);
  });

  it('a read inside a transaction reads the rows and keeps nothing', async () => {
    const store = new BookingStore(counted(raw));
    await insert(store, booking(BASE + 9 * 60 * MIN));
    const window = [BASE, BASE + DAY] as const;
    await store.overlapping(T, ...window);
    reads = [];
    await store.withTransaction((tx) => store.overlapping(T, ...window, tx));
    expect(reads).toHaveLength(1);
    reads = [];
    await store.overlapping(T, ...window);
    expect(reads).toEqual([]);
  });

  it('random writes by two replicas and random windows: every answer equals the uncached one, as rows and as the engine sees them', async () => {
    const a = new BookingStore(raw);
    const b = new BookingStore(raw);
    const live: BookingDoc[] = [];
    let rnd = 7;
    const next = (n: number) => (rnd = (rnd * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    for (let step = 0; step < 300; step++) {
      const store = next(2) === 0 ? a : b;
      const op = next(4);
      if (op === 0 || live.length === 0) {
        const doc = booking(BASE + next(20) * DAY + next(48) * 30 * MIN, { endsAtMs: 0 });
        doc.endsAtMs = doc.startsAtMs + (1 + next(96)) * 15 * MIN;
        await insert(store, doc);
        live.push(doc);
      } else if (op === 1) {
        const [doc] = live.splice(next(live.length), 1);
        await change(store, doc!, { status: next(2) ? 'cancelled' : 'confirmed' });
      } else {
        const from = BASE + next(20 * 24) * 60 * MIN;
        const to = from + (1 + next(10 * 24)) * 60 * MIN;
        expect(ids(await store.overlapping(T, from, to))).toEqual(await truth(from, to));
        // The engine's views of kept rows (existing-bookings.ts) equal a fresh conversion.
        const seen = await occupyingBookings({ store }, new ServiceBuffers(noServices, T), {
          tenantId: T,
          fromMs: from,
          toMs: to,
        });
        const fresh = await new BookingStore(raw).overlapping(T, from - MAX_BUFFER_MS, to + MAX_BUFFER_MS);
        expect(seen).toEqual(fresh.map((d) => toExistingBooking(d, d as OccupancyDoc & Buffers)));
      }
    }
  });
});

describe('OccupancyCache', () => {
  it('an entry older than OCCUPANCY_MAX_AGE_MS is read again whatever its version', () => {
    const cache = new OccupancyCache();
    const stamps = new Map([[5, 3]]);
    cache.fill(T, new Map([[5, []]]), stamps, 1_000);
    expect(cache.lookup(T, 5, 5, stamps, 1_000 + OCCUPANCY_MAX_AGE_MS - 1).missing).toEqual([]);
    expect(cache.lookup(T, 5, 5, stamps, 1_000 + OCCUPANCY_MAX_AGE_MS).missing).toEqual([[5, 5]]);
    expect(cache.lookup(T, 5, 5, new Map([[5, 4]]), 1_000).missing).toEqual([[5, 5]]);
  });

  it('keeps no more than its bounds, and other tenants never share a day', () => {
    const cache = new OccupancyCache({ maxEntries: 10, maxBytes: 1024 * 1024 });
    const none = new Map<number, number>();
    for (let d = 0; d < 50; d++) cache.fill(T, new Map([[d, []]]), none, 0);
    expect(cache.lookup(T, 0, 49, none, 0).missing).toEqual([[0, 39]]);
    expect(cache.lookup('ten_2', 40, 49, none, 0).missing).toEqual([[40, 49]]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS as DAY, MINUTE_MS as MIN } from '@svc/rules';
import { DuplicateKeyError, openSqliteStore, type DocumentStore } from '@svc/store';
import { BookingStore, idempotencyId } from '../../src/store/booking-store.js';
import { bookingDoc, outboxRow, T } from './booking-docs.js';
import {
  BOOKING_COLLECTIONS,
  type BookingDoc,
  type OccupancyVersionDoc,
  type OutboxDoc,
} from '../../src/store/records.js';

let raw: DocumentStore;
let store: BookingStore;

beforeEach(async () => {
  raw = await openSqliteStore({ file: ':memory:' });
  store = new BookingStore(raw);
  await store.ensureIndexes();
});
afterEach(() => raw.close());

const booking = bookingDoc;
const event = (b: BookingDoc, id?: string): OutboxDoc => outboxRow(b, id ? { _id: id } : {});

const insertHeld = (b: BookingDoc, key = `key-${b._id}`) =>
  store.withTransaction((tx) => store.insertHeld(b, event(b), { key, fingerprint: `fp-${key}` }, tx));

const count = async (name: keyof typeof BOOKING_COLLECTIONS) => raw.collection(BOOKING_COLLECTIONS[name]).count({});

describe('BookingStore', () => {
  it('insertHeld writes the booking, its event and the key record together', async () => {
    const b = booking(10 * DAY);
    await insertHeld(b, 'k1');
    expect(await store.booking(T, b._id)).toEqual(b);
    expect(await store.booking('other-tenant', b._id)).toBeNull();
    expect(await store.idempotencyRecord(T, 'k1', b.createdAtMs)).toEqual({
      _id: idempotencyId(T, 'k1'),
      tenantId: T,
      fingerprint: 'fp-k1',
      bookingId: b._id,
      originalStatus: 'held',
      createdAtMs: b.createdAtMs,
      expiresAtMs: b.createdAtMs + DAY,
    });
    expect((await store.pendingEvents(10)).map((e) => e.key)).toEqual([b._id]);
  });

  it('insertHeld writes nothing when the key is live, and refuses a booking that is not held', async () => {
    await insertHeld(booking(10 * DAY), 'same');
    await expect(insertHeld(booking(11 * DAY), 'same')).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(insertHeld(booking(12 * DAY, { status: 'confirmed' }))).rejects.toThrow(/held/);
    expect([await count('bookings'), await count('outbox'), await count('idempotency')]).toEqual([1, 1, 1]);
  });

  it('a key older than 24 hours is not live and is replaced by the next create', async () => {
    const first = booking(10 * DAY);
    await insertHeld(first, 'k');
    expect(await store.idempotencyRecord(T, 'k', first.createdAtMs + DAY - 1)).not.toBeNull();
    expect(await store.idempotencyRecord(T, 'k', first.createdAtMs + DAY)).toBeNull();
    const second = booking(11 * DAY, { createdAtMs: first.createdAtMs + DAY });
    await insertHeld(second, 'k');
    expect((await store.idempotencyRecord(T, 'k', second.createdAtMs))?.bookingId).toBe(second._id);
    expect(await count('idempotency')).toBe(1);
  });

  it('overlapping answers held and confirmed bookings that overlap the interval, by start', async () => {
    const at = 20 * DAY;
    const inside = [
      booking(at - 30 * MIN + 1), // ends just inside
      booking(at, { status: 'confirmed' }),
      booking(at + 50 * MIN, { endsAtMs: at + 2 * DAY }), // long, starts before the end
    ];
    const outside = [
      booking(at - 30 * MIN), // ends exactly at the start
      booking(at + 60 * MIN), // starts exactly at the end
      booking(at, { status: 'cancelled' }),
      booking(at, { tenantId: 'other-tenant' }),
    ];
    // Other statuses arrive through later transitions: written straight to the collection here.
    const bookings = raw.collection<BookingDoc>(BOOKING_COLLECTIONS.bookings);
    for (const b of [...outside, ...inside]) await (b.status === 'held' ? insertHeld(b) : bookings.insertOne(b));
    const found = await store.overlapping(T, at, at + 60 * MIN);
    expect(found.map((b) => b._id)).toEqual(inside.map((b) => b._id));
  });

  it('counts up the occupancy version of every (owner, UTC day) a create, confirm, reschedule or cancel touches', async () => {
    const versions = async () =>
      Object.fromEntries(
        (await raw.collection<OccupancyVersionDoc>(BOOKING_COLLECTIONS.occupancyVersions).find({})).map((d) => [
          d._id.slice(T.length + 1),
          d.version,
        ]),
      );
    const transition = (before: BookingDoc, after: BookingDoc) =>
      store.withTransaction((tx) => store.transition(before, after, event(after), tx));
    const day = 40 * DAY; // 1970-02-10
    // 23:00–23:30 with a 90-minute after-buffer: its staff member and resource, both days.
    const held = booking(day + 23 * 60 * MIN, {
      staffId: 'st',
      resourceId: 'rs',
      bufferBeforeMin: 0,
      bufferAfterMin: 90,
    });
    await insertHeld(held);
    expect(await versions()).toEqual({
      'resource:rs:1970-02-10': 1,
      'resource:rs:1970-02-11': 1,
      'staff:st:1970-02-10': 1,
      'staff:st:1970-02-11': 1,
    });

    const confirmed: BookingDoc = { ...held, status: 'confirmed', holdExpiresAtMs: null, revision: 1 };
    expect(await transition(held, confirmed)).toBe(true);
    const moved: BookingDoc = {
      ...confirmed,
      startsAtMs: day + 12 * 60 * MIN,
      endsAtMs: day + 12.5 * 60 * MIN,
      revision: 2,
    };
    expect(await transition(confirmed, moved)).toBe(true);
    // The move counts the days it left too, and freeing time counts the days freed (the occupancy
    // cache's stamps, docs/architecture.md "Occupancy cache"); a change that lost its
    // compare-and-set counts nothing.
    expect(await transition(moved, { ...moved, status: 'cancelled', revision: 3 })).toBe(true);
    expect(await transition(moved, { ...moved, startsAtMs: day, revision: 3 })).toBe(false);
    expect(await versions()).toEqual({
      'resource:rs:1970-02-10': 4,
      'resource:rs:1970-02-11': 3,
      'staff:st:1970-02-10': 4,
      'staff:st:1970-02-11': 3,
    });
  });

  it('a booking with neither staff nor resource occupies its service; one without stored buffers counts the longest', async () => {
    await insertHeld(booking(40 * DAY + 12 * 60 * MIN, { bufferBeforeMin: 0, bufferAfterMin: 0 }));
    await insertHeld(booking(50 * DAY + 12 * 60 * MIN)); // made before buffers were stored
    const ids = (await raw.collection(BOOKING_COLLECTIONS.occupancyVersions).find({})).map((d) => d._id).sort();
    expect(ids).toEqual([
      `${T}:service:svc_1:1970-02-10`,
      `${T}:service:svc_1:1970-02-19`,
      `${T}:service:svc_1:1970-02-20`,
      `${T}:service:svc_1:1970-02-21`,
    ]);
  });

  it('pendingEvents answers unpublished events oldest first; markPublished takes them out', async () => {
    const bs = [booking(30 * DAY), booking(31 * DAY), booking(32 * DAY)];
    for (const b of bs) await insertHeld(b);
    const pending = await store.pendingEvents(2);
    expect(pending.map((e) => e.key)).toEqual([bs[0]!._id, bs[1]!._id]);
    await store.markPublished(
      pending.map((e) => e._id),
      5_000,
    );
    await store.markPublished([pending[0]!._id], 9_000); // already published: unchanged
    expect((await store.pendingEvents(10)).map((e) => e.key)).toEqual([bs[2]!._id]);
    const published = await raw.collection<OutboxDoc>(BOOKING_COLLECTIONS.outbox).find({ state: 'published' });
    expect(published.map((e) => e.publishedAtMs)).toEqual([5_000, 5_000]);
  });
});

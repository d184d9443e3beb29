// The waits for a booking's video meeting link in the notifications' store, on both adapters
// (docs/decisions.md "Notifications"): a later event replaces or ends a wait, an older or
// repeated one changes nothing, one worker at a time holds it, and an erase drops it.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { mongoForSuites } from '@svc/testing';
import { ErasureRepository } from '../src/store/erasure-repository.js';
import { MeetingWaitRepository } from '../src/store/meeting-wait-repository.js';
import { COLLECTIONS, NOTIFICATION_INDEXES, type HeldEvent, type MeetingWaitDoc } from '../src/store/records.js';

const T = 'ten_a';
const NOW = 1_900_000_000_000;

const heldEvent = (bookingId: string, over: Partial<HeldEvent> = {}): HeldEvent => ({
  id: `evt_${randomUUID().slice(0, 8)}`,
  type: 'booking.confirmed',
  occurredAtMs: NOW,
  tenantId: T,
  bookingId,
  serviceId: 'svc_1',
  staffId: 'stf_1',
  status: 'confirmed',
  startsAtMs: NOW + 86_400_000,
  endsAtMs: NOW + 88_200_000,
  timezone: 'Europe/Berlin',
  revision: 1,
  actor: 'staff',
  previous: null,
  customerId: 'cus_1',
  ...over,
});

function waitSuite(name: string, open: () => Promise<DocumentStore>) {
  describe(`meeting-link waits (${name})`, () => {
    let store: DocumentStore;
    let waits: MeetingWaitRepository;

    beforeAll(async () => {
      store = await open();
      await store.ensureIndexes(NOTIFICATION_INDEXES);
      waits = new MeetingWaitRepository(store);
    });
    afterAll(() => store?.close());

    const hold = (event: HeldEvent, dueAtMs = NOW + 500) =>
      store.withTransaction((tx) => waits.hold(event, event.occurredAtMs + 120_000, dueAtMs, NOW, tx));
    const raw = (bookingId: string) =>
      store.collection<MeetingWaitDoc>(COLLECTIONS.meetingWaits).findOne({ _id: bookingId });

    it('keeps the newest event’s wait: an older or repeated event changes nothing, a later one replaces it', async () => {
      const b = `bkg_${randomUUID().slice(0, 8)}`;
      const confirmed = heldEvent(b);
      await hold(confirmed);
      expect(await waits.get(T, b)).toMatchObject({ phase: 'hold', eventAtMs: NOW, dueAtMs: NOW + 500, checks: 0 });
      // Nothing of the customer is kept.
      expect(JSON.stringify(await raw(b))).not.toMatch(/customerSnapshot|traceparent/);
      // Another tenant does not see it.
      expect(await waits.get('ten_b', b)).toBeNull();

      const [leased] = await waits.due(NOW + 500, 10).then((d) => d.filter((w) => w._id === b));
      expect(await waits.lease(leased!, NOW + 500, NOW + 30_500)).toBe(true);
      await store.withTransaction((tx) => waits.follow(leased!, NOW + 31_000, NOW + 600, tx));
      // The same event again (a redelivery) leaves the wait as the worker moved it.
      await hold(confirmed);
      expect(await waits.get(T, b)).toMatchObject({ phase: 'follow', dueAtMs: NOW + 31_000 });

      const moved = heldEvent(b, { type: 'booking.rescheduled', occurredAtMs: NOW + 1_000, revision: 2 });
      await hold(moved, NOW + 1_500);
      expect(await waits.get(T, b)).toMatchObject({ phase: 'hold', eventAtMs: NOW + 1_000, event: moved });
      // A worker still acting on the replaced wait writes nothing.
      await waits.again(leased!, NOW + 99_000, NOW + 1_100);
      await waits.finish(leased!);
      expect(await waits.get(T, b)).toMatchObject({ phase: 'hold', dueAtMs: NOW + 1_500 });
    });

    it('is held by one worker at a time, and ended by a later event only', async () => {
      const b = `bkg_${randomUUID().slice(0, 8)}`;
      await hold(heldEvent(b, { occurredAtMs: NOW + 5_000 }));
      const doc = (await waits.get(T, b))!;
      expect(await waits.lease(doc, NOW + 600, NOW + 30_600)).toBe(true);
      expect(await waits.lease(doc, NOW + 700, NOW + 30_700)).toBe(false);
      // An earlier event (delivered late) does not end it; a later one does.
      await store.withTransaction((tx) => waits.endBefore(T, b, NOW + 4_000, tx));
      expect(await waits.get(T, b)).not.toBeNull();
      await store.withTransaction((tx) => waits.endBefore(T, b, NOW + 6_000, tx));
      expect(await waits.get(T, b)).toBeNull();
    });

    it('is dropped with the booking’s customer', async () => {
      const b = `bkg_${randomUUID().slice(0, 8)}`;
      await hold(heldEvent(b));
      await new ErasureRepository(store).apply(
        { eventId: `evt_erase_${b}`, tenantId: T, customerId: 'cus_1', bookingIds: [b], erasedAtMs: NOW },
        NOW + 10,
      );
      expect(await raw(b)).toBeNull();
    });
  });
}

waitSuite('SQLite', () => openSqliteStore({ file: ':memory:' }));

// The distributed profile's adapter: MONGODB_URL (a real replica set) when set, else the
// wire-protocol test server (a missing server fails under CI).
const mongo = mongoForSuites();
afterAll(() => mongo.stop());
if (mongo.runs) {
  waitSuite('MongoDB', async () =>
    openMongoStore({
      url: await mongo.url(),
      dbName: `notifications_waits_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    }),
  );
}

// The integrations service's part of a customer erasure (docs/decisions.md "Privacy"), at the
// consumer and store level on both adapters: `customer.erased` marks the bookings and erases
// their sync records (calendar event wished absent, no personal field left); a booking event
// read after the marker stores nothing personal; an erasure racing a booking event or a
// worker's write leaves no personal data either; redelivery changes nothing. On SQLite the
// database file's bytes are searched too.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { mongoForSuites } from '@svc/testing';
import { ConnectionRepository } from '../src/connections/store/connection-repository.js';
import { ErasureRepository } from '../src/store/erasure-repository.js';
import { COLLECTIONS, INTEGRATION_INDEXES, type SyncDoc } from '../src/store/records.js';
import { isErased, SyncRepository } from '../src/store/sync-repository.js';
import { recordErasure, recordWish, type ConsumerDeps } from '../src/calendars/sync/consumer.js';
import { customerErasure } from '../src/calendars/sync/customer-erased.js';
import { bookingEvent, CUSTOMER, erasedEvent, HOUR, personalIn } from './erasure-events.js';

const T0 = Date.UTC(2031, 4, 5);

describe('the customer.erased event', () => {
  it('is read from its envelope; anything else is not an erasure', () => {
    expect(customerErasure(erasedEvent(['bkg_1', 'bkg_2', 'bkg_1'], 7).value)).toMatchObject({
      tenantId: 'ten_a',
      customerId: CUSTOMER.customerId,
      bookingIds: ['bkg_1', 'bkg_2'],
      erasedAtMs: 7,
    });
    // One rule for every consumer (@svc/events): an empty booking id makes the event invalid.
    expect(customerErasure(erasedEvent(['bkg_1', ''], 7).value)).toBeNull();
    const envelope = (data: unknown, type = 'customer.erased') => JSON.stringify({ type, occurredAtMs: 1, data });
    const valid = { tenantId: 't', customerId: 'c', bookingIds: [], erasedAtMs: 1 };
    expect(customerErasure(envelope(valid))).toMatchObject({ bookingIds: [] });
    expect(customerErasure(envelope(valid, 'booking.cancelled'))).toBeNull();
    expect(customerErasure(envelope({ ...valid, tenantId: '' }))).toBeNull();
    expect(customerErasure(envelope({ ...valid, customerId: 5 }))).toBeNull();
    expect(customerErasure(envelope({ ...valid, bookingIds: 'bkg_1' }))).toBeNull();
    expect(customerErasure(envelope({ ...valid, erasedAtMs: '1' }))).toBeNull();
    expect(customerErasure('{')).toBeNull();
    expect(
      customerErasure(
        bookingEvent({ type: 'booking.confirmed', bookingId: 'b', occurredAtMs: 1, startsAtMs: 1 }).value,
      ),
    ).toBeNull();
  });
});

interface Variant {
  open(): Promise<DocumentStore>;
  /** The store's files as bytes (SQLite), to search for the customer's data. */
  bytes?: () => Buffer;
}

function erasureSuite(name: string, variant: Variant) {
  describe(`customer erasure in the calendar sync records (${name})`, () => {
    let store: DocumentStore;
    let syncs: SyncRepository;
    let deps: ConsumerDeps;
    let clock = T0;
    let scrubs = 0;
    let stored = 0;

    beforeAll(async () => {
      store = await variant.open();
      await store.ensureIndexes(INTEGRATION_INDEXES);
      const connections = new ConnectionRepository(store);
      await connections.insert({
        _id: 'icn_1',
        tenantId: 'ten_a',
        staffId: 'stf_1',
        provider: 'caldav',
        status: 'connected',
        serverUrl: 'http://127.0.0.1:1/',
        account: 'ana',
        sealedSecret: 'sealed',
        busyCalendarIds: [],
        bookingCalendarId: 'http://127.0.0.1:1/ana/main/',
        lastSyncAtMs: null,
        createdAtMs: T0,
        updatedAtMs: T0,
      });
      syncs = new SyncRepository(store);
      deps = {
        connections,
        syncs,
        erasures: new ErasureRepository(store),
        scrubFreed: async () => {
          scrubs++;
          await store.scrubFreed();
        },
        now: () => clock,
        onStored: () => stored++,
      };
    });

    afterAll(async () => {
      await store?.close();
    });

    const confirmed = (bookingId: string, occurredAtMs = T0) =>
      bookingEvent({ type: 'booking.confirmed', bookingId, occurredAtMs, startsAtMs: T0 + 10 * HOUR }).value;
    const erase = (bookingIds: string[], erasedAtMs: number) =>
      recordErasure(deps, customerErasure(erasedEvent(bookingIds, erasedAtMs).value)!);
    const record = async (bookingId: string) => (await syncs.get('ten_a', bookingId))!;
    const allRecords = () => store.collection<SyncDoc>(COLLECTIONS.syncs).find({});

    /** The record as the worker leaves it after writing the event. */
    async function synced(bookingId: string): Promise<SyncDoc> {
      const doc = await record(bookingId);
      expect(await syncs.lease(doc, clock, clock + 60_000)).toBe(true);
      await syncs.finish(doc, {
        status: 'synced',
        provider: 'caldav',
        connectionId: 'icn_1',
        calendarId: 'http://127.0.0.1:1/ana/main/',
        externalEventId: `http://127.0.0.1:1/ana/main/${bookingId}.ics`,
        meetingUrl: null,
        writes: 1,
        summary: doc.title,
        description: `Booking ${bookingId}`,
        attempts: 0,
        dueAtMs: null,
        lastError: null,
        updatedAtMs: clock,
      });
      return record(bookingId);
    }

    it('marks the bookings, erases the synced record (its event due to go) and scrubs the store; again changes nothing', async () => {
      expect(await recordWish(deps, confirmed('bkg_e1'))).toBe(true);
      const before = await synced('bkg_e1');
      // The test can fail: the record holds the name until the erasure (and so do the store's files).
      expect(before.summary).toBe(`Massage: ${CUSTOMER.name}`);
      if (variant.bytes) expect(personalIn(variant.bytes().toString('utf8'))).toContain(CUSTOMER.name);

      clock = T0 + 5 * HOUR;
      const [scrubsBefore, storedBefore] = [scrubs, stored];
      await erase(['bkg_e1', 'bkg_never'], T0 + 4 * HOUR);
      const markers = await store.collection(COLLECTIONS.erasedBookings).find({}, { sort: [['_id', 1]] });
      expect(markers).toEqual(
        expect.arrayContaining([
          { _id: 'bkg_e1', tenantId: 'ten_a', customerId: CUSTOMER.customerId, erasedAtMs: T0 + 4 * HOUR },
          { _id: 'bkg_never', tenantId: 'ten_a', customerId: CUSTOMER.customerId, erasedAtMs: T0 + 4 * HOUR },
        ]),
      );
      const after = await record('bkg_e1');
      expect(after).toMatchObject({
        want: 'absent',
        status: 'pending',
        dueAtMs: clock,
        attempts: 0,
        title: '',
        summary: '',
        description: '',
        // What the worker needs to remove the event stays.
        connectionId: 'icn_1',
        externalEventId: before.externalEventId,
      });
      expect(after.eventAtMs).toBeGreaterThan(before.eventAtMs);
      expect(await syncs.get('ten_a', 'bkg_never')).toBeNull();
      expect(personalIn(JSON.stringify(await allRecords()))).toEqual([]);
      expect(scrubs - scrubsBefore).toBe(1);
      expect(stored - storedBefore).toBe(1);

      // Delivered again (at least once): the same markers, the same record.
      clock = T0 + 6 * HOUR;
      await erase(['bkg_e1', 'bkg_never'], T0 + 6 * HOUR);
      expect(await store.collection(COLLECTIONS.erasedBookings).find({}, { sort: [['_id', 1]] })).toEqual(markers);
      expect(await record('bkg_e1')).toEqual(after);
    });

    it('a booking event read after the marker stores nothing personal: the record is erased, none is made', async () => {
      expect(await recordWish(deps, confirmed('bkg_l1'))).toBe(true);
      await synced('bkg_l1');
      clock = T0 + 7 * HOUR;
      // The erasure is read first; bkg_l2's confirmation (another partition) only afterwards.
      await erase(['bkg_l1', 'bkg_l2'], T0 + 7 * HOUR);
      const erased = await record('bkg_l1');
      clock = T0 + 8 * HOUR;
      for (const value of [
        bookingEvent({ type: 'booking.cancelled', bookingId: 'bkg_l1', occurredAtMs: T0 + 8 * HOUR, startsAtMs: T0 })
          .value,
        bookingEvent({ type: 'booking.rescheduled', bookingId: 'bkg_l1', occurredAtMs: T0 + 9 * HOUR, startsAtMs: T0 })
          .value,
        confirmed('bkg_l2', T0 + 2 * HOUR),
      ]) {
        expect(await recordWish(deps, value)).toBe(false);
      }
      expect(await record('bkg_l1')).toEqual(erased);
      expect(await syncs.get('ten_a', 'bkg_l2')).toBeNull();
      expect(personalIn(JSON.stringify(await allRecords()))).toEqual([]);
    });

    it('a marker written while a booking event was being stored: the event finds it after its write and erases', async () => {
      // The look for the marker happens before the erasure commits it (stale once).
      class StaleOnce extends ErasureRepository {
        private stale = true;
        override async get(tenantId: string, bookingId: string) {
          if (this.stale) {
            this.stale = false;
            await erase(['bkg_r1'], clock);
            return null;
          }
          return super.get(tenantId, bookingId);
        }
      }
      clock = T0 + 10 * HOUR;
      expect(await recordWish({ ...deps, erasures: new StaleOnce(store) }, confirmed('bkg_r1', T0 + 9 * HOUR))).toBe(
        true,
      );
      const doc = await record('bkg_r1');
      expect(isErased(doc)).toBe(true);
      expect(personalIn(JSON.stringify(doc))).toEqual([]);
    });

    it('a worker write finishing after the erasure keeps only the ids it wrote; the removal stays due', async () => {
      clock = T0 + 11 * HOUR;
      expect(await recordWish(deps, confirmed('bkg_w1', T0 + 11 * HOUR))).toBe(true);
      const leased = await record('bkg_w1');
      expect(await syncs.lease(leased, clock, clock + 60_000)).toBe(true);
      await erase(['bkg_w1'], clock);
      // The worker's write of the old wish (with the name) ends now.
      await syncs.finish(leased, {
        status: 'synced',
        provider: 'caldav',
        connectionId: 'icn_1',
        calendarId: 'cal',
        externalEventId: 'cal/bkg_w1.ics',
        meetingUrl: null,
        writes: 1,
        summary: leased.title,
        description: 'Booking bkg_w1',
        attempts: 0,
        dueAtMs: null,
        lastError: null,
        updatedAtMs: clock,
      });
      const doc = await record('bkg_w1');
      expect(doc).toMatchObject({
        want: 'absent',
        status: 'pending',
        externalEventId: 'cal/bkg_w1.ics',
        leaseUntilMs: 0,
      });
      expect(isErased(doc)).toBe(true);
      expect((await syncs.due(clock, 100)).map((d) => d._id)).toContain('bkg_w1');
    });

    it('erasures racing the bookings’ events: no record keeps personal data', async () => {
      clock = T0 + 12 * HOUR;
      const ids = Array.from({ length: 30 }, (_, i) => `bkg_race_${i}`);
      // Half already written before the race, half written by the racing event.
      for (const id of ids.slice(0, 15)) await recordWish(deps, confirmed(id, T0 + HOUR));
      await Promise.all(
        ids.flatMap((id, i) => [
          recordWish(
            deps,
            bookingEvent({ type: 'booking.cancelled', bookingId: id, occurredAtMs: T0 + 13 * HOUR + i, startsAtMs: T0 })
              .value,
          ),
          recordWish(deps, confirmed(id, T0 + 12 * HOUR + i)),
          erase([id], T0 + 12 * HOUR),
        ]),
      );
      const docs = await store.collection<SyncDoc>(COLLECTIONS.syncs).find({ _id: { $in: ids } });
      expect(docs.length).toBeGreaterThanOrEqual(15);
      for (const doc of docs) expect(isErased(doc), doc._id).toBe(true);
      expect(personalIn(JSON.stringify(docs))).toEqual([]);
    });

    if (variant.bytes) {
      it("the database file and its log hold none of the customer's data", () => {
        const bytes = variant.bytes!();
        expect(bytes.toString('utf8')).toContain('bkg_e1');
        expect(personalIn(bytes.toString('utf8'))).toEqual([]);
      });
    }
  });
}

const dir = mkdtempSync(join(tmpdir(), 'integrations-erasure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'integrations.db');
erasureSuite('SQLite', {
  open: () => openSqliteStore({ file }),
  bytes: () => Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f))),
});

// The distributed profile's adapter: MONGODB_URL (a real replica set) when set, else the
// wire-protocol test server (a missing server fails under CI).
const mongo = mongoForSuites();
afterAll(() => mongo.stop());
if (mongo.runs) {
  erasureSuite('MongoDB', {
    open: async () =>
      openMongoStore({
        url: await mongo.url(),
        dbName: `integrations_erasure_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
      }),
  });
}

// The busy-time cache by connection and UTC day, and the provider clients kept per connection
// (docs/decisions.md "Integrations"), with the real SQLite store and a provider that counts what
// it is asked. Their bounds: least recently used out first.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '@svc/rules';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { calendarResource } from '@svc/ics';
import { BusyTimes, merged } from '../src/calendars/busy-times.js';
import { ConnectionUse, ProviderClients } from '../src/connections/connections.js';
import { eventUrl, writtenBooking } from '../src/calendars/providers/caldav.js';
import type { BusyEvent, CalendarProvider } from '../src/providers/provider.js';
import { ConnectionRepository } from '../src/connections/store/connection-repository.js';
import { COLLECTIONS, INTEGRATION_INDEXES, type ConnectionDoc } from '../src/store/records.js';
import { SyncRepository } from '../src/store/sync-repository.js';

const D0 = Date.UTC(2031, 4, 5);
const day = (n: number) => D0 + n * DAY_MS;

/**
 * A calendar busy 10:00–11:00 UTC every day, and 23:00 on day 2 to 01:00 on day 3. On day 40,
 * bookings written back: the tenant's own at 12:00, another tenant's at 14:00, one of no
 * write-back record at 16:00, and the tenant's own for a colleague sharing the calendar at 18:00.
 */
function busyOf(fromMs: number, toMs: number): BusyEvent[] {
  const out: BusyEvent[] = [];
  for (let d = Math.floor(fromMs / DAY_MS) * DAY_MS; d < toMs; d += DAY_MS) {
    out.push({ startsAtMs: d + 10 * HOUR_MS, endsAtMs: d + 11 * HOUR_MS, showAs: 'busy' });
  }
  const night: BusyEvent = { startsAtMs: day(2) + 23 * HOUR_MS, endsAtMs: day(3) + HOUR_MS, showAs: 'busy' };
  if (night.endsAtMs > fromMs && night.startsAtMs < toMs) out.push(night);
  for (const [hour, bookingId] of [
    [12, 'bkg_own'],
    [14, 'bkg_theirs'],
    [16, 'bkg_unknown'],
    [18, 'bkg_colleague'],
  ] as const) {
    out.push({
      startsAtMs: day(40) + hour * HOUR_MS,
      endsAtMs: day(40) + (hour + 1) * HOUR_MS,
      showAs: 'busy',
      bookingId,
    });
  }
  return out.filter((i) => i.endsAtMs > fromMs && i.startsAtMs < toMs);
}

let store: DocumentStore;
let connections: ConnectionRepository;
let reads: Array<[number, number]>;
/** The zone each read was asked to read floating times in. */
let readZones: Array<string | undefined>;
let made: number;
let clock: number;
let gate: Promise<void> | null;

function connection(id: string, staffId = `stf_${id}`): ConnectionDoc {
  return {
    _id: id,
    tenantId: 'ten_a',
    staffId,
    provider: 'caldav',
    status: 'connected',
    serverUrl: 'https://calendar.example.com/',
    account: 'ana',
    sealedSecret: `sealed-${id}`,
    busyCalendarIds: ['https://calendar.example.com/ana/work/'],
    bookingCalendarId: null,
    lastSyncAtMs: null,
    createdAtMs: 1,
    updatedAtMs: 1,
  };
}

const counting = (): CalendarProvider => {
  made++;
  return {
    listCalendars: async () => [],
    busy: async (_ids, fromMs, toMs, timeZone) => {
      reads.push([fromMs, toMs]);
      readZones.push(timeZone);
      await gate;
      return busyOf(fromMs, toMs);
    },
    putEvent: async () => ({ externalEventId: '', meetingUrl: null }),
    deleteEvent: async () => {},
  };
};

function busyTimes(bounds: { maxDays?: number; maxBytes?: number } = {}) {
  const clients = new ProviderClients(counting);
  const use = new ConnectionUse(connections, clients, () => clock);
  return new BusyTimes(
    { connections, syncs: new SyncRepository(store), use, now: () => clock, cacheMs: 60_000 },
    bounds,
  );
}

beforeAll(async () => {
  store = await openSqliteStore({ file: ':memory:' });
  await store.ensureIndexes(INTEGRATION_INDEXES);
  connections = new ConnectionRepository(store);
  await connections.insert(connection('icn_1'));
  // The write-back records of two bookings (only the fields the busy times read).
  const syncs = store.collection<{ _id: string; tenantId: string; staffId: string }>(COLLECTIONS.syncs);
  await syncs.insertOne({ _id: 'bkg_own', tenantId: 'ten_a', staffId: 'stf_icn_1' });
  await syncs.insertOne({ _id: 'bkg_theirs', tenantId: 'ten_b', staffId: 'stf_icn_1' });
  await syncs.insertOne({ _id: 'bkg_colleague', tenantId: 'ten_a', staffId: 'stf_colleague' });
});
afterAll(async () => {
  await store?.close();
});
beforeEach(() => {
  reads = [];
  readZones = [];
  made = 0;
  clock = D0 - 30 * DAY_MS;
  gate = null;
});

const ask = (busy: BusyTimes, fromMs: number, toMs: number, fresh = false) =>
  busy.forStaff('ten_a', ['stf_icn_1'], fromMs, toMs, fresh).then((r) => r.intervals);

describe('busy times cached per connection and UTC day', () => {
  it('answers 200 alternating one-day windows with one provider read per day', async () => {
    const busy = busyTimes();
    for (let i = 0; i < 200; i++) {
      const d = i % 2 === 0 ? day(0) : day(1);
      // Windows that do not start at midnight: a slot's buffers and duration around the day.
      expect(await ask(busy, d + 8 * HOUR_MS, d + 18 * HOUR_MS)).toEqual([
        { staffId: 'stf_icn_1', startsAtMs: d + 10 * HOUR_MS, endsAtMs: d + 11 * HOUR_MS },
      ]);
    }
    expect(reads).toEqual([
      [day(0), day(1)],
      [day(1), day(2)],
    ]);
    // The client (a CalDAV login) was made once for the connection.
    expect(made).toBe(1);
  });

  it('reads only the days not known yet, one request per run of them, and waits for a day being read', async () => {
    const busy = busyTimes();
    await ask(busy, day(1), day(2));
    await ask(busy, day(3), day(4));
    reads = [];
    // Days 0..5: 0, 2 and 4..5 are new: three requests, none for days 1 and 3.
    const all = await ask(busy, day(0), day(6));
    expect(reads).toEqual([
      [day(0), day(1)],
      [day(2), day(3)],
      [day(4), day(6)],
    ]);
    // Each interval once, the one over midnight too.
    expect(all).toHaveLength(7);
    expect(all.filter((i) => i.startsAtMs === day(2) + 23 * HOUR_MS)).toHaveLength(1);

    reads = [];
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const both = [ask(busy, day(8), day(9)), ask(busy, day(8) + HOUR_MS, day(8) + 12 * HOUR_MS)];
    open();
    await Promise.all(both);
    expect(reads).toEqual([[day(8), day(9)]]);
  });

  it("reads floating times in the staff member's zone (else the tenant's), and a day again for another zone", async () => {
    const busy = busyTimes();
    const inZone = (timeZone: string, timeZones: Record<string, string> = {}) =>
      busy.forStaff('ten_a', ['stf_icn_1'], day(0), day(1), false, { timeZone, timeZones });
    await inZone('Europe/Berlin');
    await inZone('Europe/Berlin');
    await inZone('UTC', { stf_icn_1: 'Europe/Berlin' });
    expect(readZones).toEqual(['Europe/Berlin']);
    // The staff member's zone changed: what was read in the old one is not the answer.
    await inZone('Europe/Berlin', { stf_icn_1: 'America/New_York' });
    expect(readZones).toEqual(['Europe/Berlin', 'America/New_York']);
  });

  it('reads fresh when asked (and keeps it), again after BUSY_CACHE_MS, and when the calendars change', async () => {
    const busy = busyTimes();
    await ask(busy, day(0), day(1));
    await ask(busy, day(0), day(1), true);
    await ask(busy, day(0), day(1));
    expect(reads).toHaveLength(2);
    clock += 60_000;
    await ask(busy, day(0), day(1));
    expect(reads).toHaveLength(3);
    await connections.reconfigure(connection('icn_1'), {
      busyCalendarIds: ['https://calendar.example.com/ana/other/'],
    });
    await ask(busy, day(0), day(1));
    expect(reads).toHaveLength(4);
    await connections.reconfigure(connection('icn_1'), { busyCalendarIds: connection('icn_1').busyCalendarIds });
    await ask(busy, day(0), day(1));
    await ask(busy, day(0), day(1));
    expect(reads).toHaveLength(5);
    // Forgotten (disconnected, calendars chosen again): read anew.
    busy.forget('icn_1');
    await ask(busy, day(0), day(1));
    expect(reads).toHaveLength(6);
  });

  it('says how long its answer holds: until the oldest day in it is BUSY_CACHE_MS old', async () => {
    const busy = busyTimes();
    const validFor = (fromMs: number, toMs: number) =>
      busy.forStaff('ten_a', ['stf_icn_1'], fromMs, toMs, false).then((r) => r.validForMs);
    expect(await validFor(day(0), day(1))).toBe(60_000);
    clock += 20_000;
    // Day 0 read 20 s ago, day 1 now: the answer of both holds 40 s more.
    expect(await validFor(day(0), day(2))).toBe(40_000);
    expect(await validFor(day(1), day(2))).toBe(60_000);
    clock += 40_000;
    // Day 0 read again now, day 1 still 40 s old.
    expect(await validFor(day(0), day(2))).toBe(20_000);
  });

  it('joins overlapping and touching intervals within the window', () => {
    const at = (h: number) => D0 + h * HOUR_MS;
    expect(
      merged(
        [
          { startsAtMs: at(12), endsAtMs: at(13) },
          { startsAtMs: at(9), endsAtMs: at(10) },
          { startsAtMs: at(9), endsAtMs: at(10) },
          { startsAtMs: at(10), endsAtMs: at(11) },
          { startsAtMs: at(12), endsAtMs: at(12) + 1 },
          { startsAtMs: at(30), endsAtMs: at(31) },
        ],
        at(0),
        at(24),
      ),
    ).toEqual([
      { startsAtMs: at(9), endsAtMs: at(11) },
      { startsAtMs: at(12), endsAtMs: at(13) },
    ]);
  });

  it('keeps at most maxDays days, the least recently used out first', async () => {
    const busy = busyTimes({ maxDays: 3 });
    for (const n of [0, 1, 2]) await ask(busy, day(n), day(n + 1));
    await ask(busy, day(0), day(1)); // day 0 used again: day 1 is now the oldest
    await ask(busy, day(3), day(4)); // evicts day 1
    reads = [];
    await ask(busy, day(0), day(1));
    await ask(busy, day(2), day(4));
    expect(reads).toEqual([]);
    await ask(busy, day(1), day(2));
    expect(reads).toEqual([[day(1), day(2)]]);
  });

  it('keeps at most maxBytes of events', async () => {
    // Room for about two days of one event each (200 + 128 bytes a day).
    const busy = busyTimes({ maxBytes: 700 });
    for (const n of [0, 1, 2]) await ask(busy, day(n), day(n + 1));
    reads = [];
    await ask(busy, day(2), day(3));
    expect(reads).toEqual([]);
    await ask(busy, day(0), day(1));
    expect(reads).toEqual([[day(0), day(1)]]);
  });
});

describe("the tenant's own bookings written back (cal.com #14704, Easy!Appointments #1388)", () => {
  it('leave them out, not another tenant’s booking in a calendar both share, nor a colleague’s, nor an event of no write-back', async () => {
    expect(await ask(busyTimes(), day(40), day(41))).toEqual(
      [10, 14, 16, 18].map((h) => ({
        staffId: 'stf_icn_1',
        startsAtMs: day(40) + h * HOUR_MS,
        endsAtMs: day(40) + (h + 1) * HOUR_MS,
      })),
    );
  });

  it('looks up as many bookings as a calendar names, a few hundred at a time', async () => {
    // A calendar's events are anyone's to write. One `$in` of more than about 1,000 ids is deeper
    // than SQLite's expression tree goes (the read failed).
    const names = Array.from({ length: 40_000 }, (_, i) => `bkg_named_${i}`);
    names.splice(30_000, 0, 'bkg_own', 'bkg_theirs');
    const found = await new SyncRepository(store).ofBookings('ten_a', names);
    expect(found.map((doc) => doc._id)).toEqual(['bkg_own']);
  });

  it('a CalDAV object is a booking’s write-back when named after it with its UID', () => {
    const calendar = 'https://calendar.example.com/ana/work/';
    const written = calendarResource({
      bookingId: 'bkg_7Yx',
      title: 'Check-up',
      description: 'A description long enough that ical-generator folds its line, '.repeat(3),
      startsAtMs: D0,
      endsAtMs: D0 + HOUR_MS,
      sequence: 2,
    });
    expect(writtenBooking(eventUrl(calendar, 'bkg_7Yx'), written)).toBe('bkg_7Yx');
    // Another name, or the UID of another booking or of nobody: someone else's event.
    expect(writtenBooking(`${calendar}dentist.ics`, written)).toBeNull();
    expect(writtenBooking(eventUrl(calendar, 'bkg_other'), written)).toBeNull();
    expect(
      writtenBooking(eventUrl(calendar, 'bkg_7Yx'), written.replace('UID:bkg_7Yx@booking-platform', 'UID:x@y')),
    ).toBeNull();
    expect(writtenBooking(`${calendar}%E0%A4%A.ics`, written)).toBeNull();
  });
});

describe('provider clients per connection', () => {
  it('keeps one client per connection until its credentials change or it is dropped', () => {
    const clients = new ProviderClients(counting);
    const doc = connection('icn_x');
    const first = clients.of(doc);
    expect(clients.of({ ...doc, status: 'error', updatedAtMs: 2 })).toBe(first);
    const reconnected = clients.of({ ...doc, sealedSecret: 'sealed-again' });
    expect(reconnected).not.toBe(first);
    expect(clients.of({ ...doc, sealedSecret: 'sealed-again', serverUrl: 'https://elsewhere.example.com/' })).not.toBe(
      reconnected,
    );
    clients.drop('icn_x');
    expect(clients.size).toBe(0);
    expect(made).toBe(3);
    clients.of(doc);
    expect(made).toBe(4);
  });

  it('keeps at most its bound, the least recently used out first', () => {
    const clients = new ProviderClients(counting, 2);
    const [a, b, c] = ['icn_a', 'icn_b', 'icn_c'].map((id) => connection(id));
    const kept = clients.of(a!);
    clients.of(b!);
    clients.of(a!); // a used again: b is now the oldest
    clients.of(c!); // evicts b
    expect(clients.size).toBe(2);
    expect(clients.of(a!)).toBe(kept);
    expect(made).toBe(3);
    clients.of(b!);
    expect(made).toBe(4);
  });
});

describe('busy times within the asker’s deadline', () => {
  it('a calendar still being read when the asker stops waiting is PROVIDER_ACTION_FAILED then; its days are kept', async () => {
    const busy = busyTimes();
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const started = Date.now();
    const asked = busy.forStaff('ten_a', ['stf_icn_1'], day(0), day(1), true, { answerByMs: Date.now() + 150 });
    await expect(asked).rejects.toMatchObject({ code: 'PROVIDER_ACTION_FAILED' });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The read goes on and what it finds serves the next asker from the cache.
    open();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await ask(busy, day(0) + 8 * HOUR_MS, day(0) + 12 * HOUR_MS)).toHaveLength(1);
    expect(reads).toHaveLength(1);
  });

  it('for a tenant that books anyway, the staff member is listed unavailable instead', async () => {
    await connections.saveSettings({ _id: 'ten_a', bookWhenCalendarUnavailable: true, updatedAtMs: 1 });
    try {
      const busy = busyTimes();
      gate = new Promise<void>(() => {});
      const answer = await busy.forStaff('ten_a', ['stf_icn_1'], day(0), day(1), true, {
        answerByMs: Date.now() + 100,
      });
      expect(answer).toMatchObject({ intervals: [], unavailableStaffIds: ['stf_icn_1'] });
    } finally {
      await connections.saveSettings({ _id: 'ten_a', bookWhenCalendarUnavailable: false, updatedAtMs: 1 });
    }
  });
});

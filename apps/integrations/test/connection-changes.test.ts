// Every write that changes what busy times answer is told, after it is stored and before the
// write's caller goes on (the integrations service bumps the tenant's catalog version there:
// docs/decisions.md "Integrations", "A connection change counts at the next read"); bookkeeping
// is not. With the real SQLite store.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { ConnectionRepository } from '../src/connections/store/connection-repository.js';
import { INTEGRATION_INDEXES, type ConnectionDoc } from '../src/store/records.js';

const doc: ConnectionDoc = {
  _id: 'icn_1',
  tenantId: 'ten_a',
  staffId: 'stf_1',
  provider: 'caldav',
  status: 'connected',
  serverUrl: 'https://calendar.example.com/',
  account: 'ana',
  sealedSecret: 'sealed',
  busyCalendarIds: ['https://calendar.example.com/ana/work/'],
  bookingCalendarId: null,
  lastSyncAtMs: null,
  createdAtMs: 1,
  updatedAtMs: 1,
};

describe('connection changes told', () => {
  let store: DocumentStore;
  let connections: ConnectionRepository;
  /** What the hook saw of the staff member's connections when it was told, per call. */
  const told: Array<{ tenantId: string; seen: Array<Partial<ConnectionDoc>>; bookAnyway: boolean }> = [];

  beforeAll(async () => {
    store = await openSqliteStore({ file: ':memory:' });
    await store.ensureIndexes(INTEGRATION_INDEXES);
    connections = new ConnectionRepository(store, async (tenantId) => {
      const seen = (await connections.ofStaff(tenantId, ['stf_1'])).map((d) => ({
        status: d.status,
        busyCalendarIds: d.busyCalendarIds,
        tentativeEventsBlock: d.tentativeEventsBlock,
      }));
      told.push({ tenantId, seen, bookAnyway: (await connections.settings(tenantId)).bookWhenCalendarUnavailable });
    });
  });
  afterAll(() => store?.close());

  it('tells connect, a new set-up, a refused grant (once), the settings and disconnect, each once it is stored; not bookkeeping', async () => {
    await connections.insert(doc);
    expect(told).toEqual([
      { tenantId: 'ten_a', seen: [{ status: 'connected', busyCalendarIds: doc.busyCalendarIds }], bookAnyway: false },
    ]);

    // Bookkeeping busy times do not read: nothing told.
    await connections.update(doc, { lastSyncAtMs: 5 });
    await connections.setStatus(doc, 'error', 6);
    await connections.setStatus({ ...doc, status: 'error' }, 'connected', 7);
    expect(told).toHaveLength(1);

    await connections.reconfigure(doc, { busyCalendarIds: [], tentativeEventsBlock: false, updatedAtMs: 8 });
    expect(told[1]!.seen).toEqual([{ status: 'connected', busyCalendarIds: [], tentativeEventsBlock: false }]);

    expect(await connections.markNeedsReauth(doc, 9)).toBe(true);
    expect(told[2]!.seen).toMatchObject([{ status: 'needs_reauth' }]);
    // A replica that lost the race changed nothing and tells nothing.
    expect(await connections.markNeedsReauth(doc, 10)).toBe(false);
    await connections.setStatus(doc, 'needs_reauth', 11);
    expect(told).toHaveLength(3);

    await connections.saveSettings({ _id: 'ten_a', bookWhenCalendarUnavailable: true, updatedAtMs: 12 });
    expect(told[3]).toMatchObject({ tenantId: 'ten_a', bookAnyway: true });

    await connections.remove(doc);
    expect(told[4]).toEqual({ tenantId: 'ten_a', seen: [], bookAnyway: true });
    expect(told).toHaveLength(5);
  });
});

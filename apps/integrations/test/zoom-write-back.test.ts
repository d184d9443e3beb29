// The Zoom meeting's life in the write-back, through the integrations service as it runs (real
// gRPC, the booking topic on the bus, the worker, SQLite) against the Zoom API stand-in: a staff
// member with Zoom and no calendar gets the meeting, a booking that goes nowhere keeps no
// record, a meeting made before the calendar write failed is kept (not made again), a 429's
// Retry-After holds the retry back, and a customer's erasure deletes the meeting. The catalog is
// a table of two services (its real path: apps/platform/test/integrations-zoom.test.ts).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '@svc/crypto';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus } from '@svc/events';
import type { CatalogClient, IntegrationClient, RunningGrpcHost } from '@svc/grpc';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { eventually, startZoomStandIn, type ZoomStandIn } from '@svc/testing';
import { UrlPolicy } from '@svc/url-policy';
import { providerFactory, sealTokens } from '../src/connections/connections.js';
import { ProviderUnavailableError, type CalendarEvent, type CalendarProvider } from '../src/providers/provider.js';
import { ConnectionRepository } from '../src/connections/store/connection-repository.js';
import { COLLECTIONS, type ConnectionDoc, type SyncDoc } from '../src/store/records.js';
import { bookingEvent, erasedEvent, HOUR, PERSONAL } from './erasure-events.js';
import { startTestIntegrations } from './integrations-host-fixture.js';

const T0 = Date.UTC(2031, 6, 7, 9);
const secrets = new SecretBox('z'.repeat(40));
const zoomUsers = new Map([
  ['token-z', { id: 'zu-z', email: 'z@zoom.test' }],
  ['token-c', { id: 'zu-c', email: 'c@zoom.test' }],
]);
/** The catalog's services as the worker asks for them. */
const SERVICES: Record<string, { name: string; conferencing: string }> = {
  svc_zoom: { name: 'Consultation', conferencing: 'zoom' },
  svc_plain: { name: 'Walk-in', conferencing: 'none' },
};
const catalog = {
  getService: async ({ serviceId }: { serviceId: string }) => ({
    service: { serviceId, ...SERVICES[serviceId]! },
  }),
  close: () => {},
} as unknown as CatalogClient;

let zoom: ZoomStandIn;
let store: DocumentStore;
let bus: InProcessEventBus;
let host: RunningGrpcHost;
let client: IntegrationClient;
/** The calendar of staff stf_c (a CalDAV account in all but the server), its writes failing while set. */
const calendarEvents = new Map<string, CalendarEvent>();
let calendarFails = false;

beforeAll(async () => {
  zoom = await startZoomStandIn({ verifyToken: async (token) => zoomUsers.get(token) ?? null });
  store = await openSqliteStore({ file: ':memory:' });
  bus = new InProcessEventBus({ retryDelayMs: 50 });
  const urlPolicy = new UrlPolicy({ allowLoopback: true, allowlist: [] });
  const zoomSettings = {
    oauth: {
      clientId: 'zoom-client',
      clientSecret: 'zoom-secret',
      authorizationUrl: 'http://127.0.0.1:1/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:1/oauth/token',
    },
    apiUrl: zoom.url,
  };
  const connections = new ConnectionRepository(store);
  const real = providerFactory({
    secrets,
    timeoutMs: 3_000,
    maxResponseBytes: 1024 * 1024,
    google: null,
    connections,
    urlPolicy,
    now: Date.now,
  });
  const calendar: CalendarProvider = {
    listCalendars: async () => [{ calendarId: 'main', name: 'Main' }],
    busy: async () => [],
    putEvent: async (_calendarId, event) => {
      if (calendarFails) throw new ProviderUnavailableError('the calendar answered 503');
      calendarEvents.set(event.bookingId, event);
      return { externalEventId: `main/${event.bookingId}.ics`, meetingUrl: null };
    },
    deleteEvent: async (_calendarId, id) => {
      calendarEvents.delete(id.replace(/^main\/|\.ics$/g, ''));
    },
  };
  ({ host, client } = await startTestIntegrations('integrations-zoom-test', {
    store,
    bus,
    secrets,
    sync: { firstRetryMs: 100, pollMs: 100 },
    google: null,
    zoom: zoomSettings,
    urlPolicy,
    providerOf: (doc) => (doc.provider === 'caldav' ? calendar : real(doc)),
    catalog,
  }));
  const connection = (staffId: string, provider: 'zoom' | 'caldav', token: string): ConnectionDoc => {
    const _id = `icn_${staffId}_${provider}`;
    return {
      _id,
      tenantId: 'ten_a',
      staffId,
      provider,
      status: 'connected',
      serverUrl: provider === 'caldav' ? 'http://127.0.0.1:1/dav/' : '',
      account: `${staffId}@example.test`,
      sealedSecret:
        provider === 'zoom'
          ? sealTokens(secrets, { accessToken: token, refreshToken: 'r', expiresAtMs: Date.now() + 24 * HOUR }, _id)
          : secrets.seal('password', _id),
      busyCalendarIds: provider === 'caldav' ? ['main'] : [],
      bookingCalendarId: provider === 'caldav' ? 'main' : null,
      lastSyncAtMs: null,
      createdAtMs: Date.now(),
      updatedAtMs: Date.now(),
    };
  };
  // stf_z: Zoom, no calendar. stf_c: a calendar and Zoom.
  await connections.insert(connection('stf_z', 'zoom', 'token-z'));
  await connections.insert(connection('stf_c', 'caldav', ''));
  await connections.insert(connection('stf_c', 'zoom', 'token-c'));
}, 30_000);

afterAll(async () => {
  client?.close();
  await host?.stop();
  await zoom?.close();
});

const publish = (event: { key: string; value: string; headers: Record<string, string> }) =>
  bus.publish(BOOKING_EVENTS_TOPIC, [event]);
const record = async (bookingId: string) =>
  (await store.collection<SyncDoc>(COLLECTIONS.syncs).findOne({ _id: bookingId })) ?? null;
const syncOf = async (bookingId: string) =>
  (await client.getCalendarSync({ tenantId: 'ten_a', bookingId })).calendarSync;

describe('the Zoom meeting in the write-back', () => {
  it('a staff member with Zoom and no calendar: one meeting, moved on reschedule; the erasure deletes it', async () => {
    await publish(
      bookingEvent({
        type: 'booking.confirmed',
        bookingId: 'bkg_z1',
        occurredAtMs: 1,
        startsAtMs: T0,
        staffId: 'stf_z',
        serviceId: 'svc_zoom',
      }),
    );
    const sync = await eventually('the meeting', async () =>
      (await syncOf('bkg_z1'))?.meetingUrl ? syncOf('bkg_z1') : undefined,
    );
    const [meeting] = zoom.meetings('zu-z');
    expect(sync).toEqual({ status: 'synced', provider: 'zoom', meetingUrl: meeting!.join_url });
    expect(meeting).toMatchObject({
      topic: 'Consultation',
      agenda: 'Booking bkg_z1',
      start_time: '2031-07-07T09:00:00Z',
    });
    expect((await record('bkg_z1'))?.meetingId).toBe(String(meeting!.id));

    await publish(
      bookingEvent({
        type: 'booking.rescheduled',
        bookingId: 'bkg_z1',
        occurredAtMs: 2,
        startsAtMs: T0 + HOUR,
        staffId: 'stf_z',
        serviceId: 'svc_zoom',
      }),
    );
    await eventually('the moved meeting', async () =>
      zoom.meetings('zu-z')[0]?.start_time === '2031-07-07T10:00:00Z' ? true : undefined,
    );
    expect(zoom.meetings('zu-z').map((m) => m.id)).toEqual([meeting!.id]);

    await publish(erasedEvent(['bkg_z1'], 3));
    await eventually('the deleted meeting', async () => (zoom.meetings('zu-z').length === 0 ? true : undefined));
    const erased = await eventually('the removed record', async () => {
      const doc = await record('bkg_z1');
      return doc?.status === 'removed' ? doc : undefined;
    });
    expect(erased).toMatchObject({ meetingId: null, meetingConnectionId: null, meetingUrl: null });
    expect(PERSONAL.filter((p) => JSON.stringify(erased).includes(p))).toEqual([]);
  });

  it('a booking that goes nowhere (Zoom, but a service without it; no calendar) keeps no record', async () => {
    await publish(
      bookingEvent({
        type: 'booking.confirmed',
        bookingId: 'bkg_z2',
        occurredAtMs: 1,
        startsAtMs: T0 + 3 * HOUR,
        staffId: 'stf_z',
        serviceId: 'svc_plain',
      }),
    );
    // Recorded first (the consumer cannot know the service), then dropped by the worker.
    await eventually('the dropped record', async () => ((await record('bkg_z2')) === null ? true : undefined));
    expect(await syncOf('bkg_z2')).toBeUndefined();
    expect(zoom.meetings('zu-z').filter((m) => m.agenda === 'Booking bkg_z2')).toEqual([]);
  });

  it('a meeting made before the calendar write failed is stored and reused, never made twice; the event carries its link', async () => {
    const before = zoom.requests().length;
    calendarFails = true;
    await publish(
      bookingEvent({
        type: 'booking.confirmed',
        bookingId: 'bkg_c1',
        occurredAtMs: 1,
        startsAtMs: T0,
        staffId: 'stf_c',
        serviceId: 'svc_zoom',
      }),
    );
    const failed = await eventually('the failed write', async () => {
      const doc = await record('bkg_c1');
      return doc && doc.attempts > 0 ? doc : undefined;
    });
    const [meeting] = zoom.meetings('zu-c');
    expect(failed).toMatchObject({ status: 'pending', meetingId: String(meeting!.id), meetingUrl: meeting!.join_url });
    const afterFailure = zoom.requests().length;
    calendarFails = false;
    const synced = await eventually('the written event', async () =>
      (await syncOf('bkg_c1'))?.status === 'synced' ? syncOf('bkg_c1') : undefined,
    );
    expect(synced).toMatchObject({ provider: 'caldav', meetingUrl: meeting!.join_url });
    expect(calendarEvents.get('bkg_c1')).toMatchObject({ meetingUrl: meeting!.join_url, conferencing: 'none' });
    const made = zoom
      .requests()
      .slice(before)
      .filter((r) => r.method === 'POST');
    expect(made).toHaveLength(1);
    // The stored id was used: the retry looked for no lost meeting, it moved the known one.
    expect(
      zoom
        .requests()
        .slice(afterFailure)
        .map((r) => `${r.method} ${r.path}`)
        .filter((r) => r.includes('meetings')),
    ).toEqual(expect.arrayContaining([`PATCH /meetings/${meeting!.id}`]));
    expect(
      zoom
        .requests()
        .slice(afterFailure)
        .some((r) => r.path === '/users/me/meetings'),
    ).toBe(false);
    expect(zoom.meetings('zu-c')).toHaveLength(1);
  });

  it('a 429 holds the retry back for its Retry-After, longer than the first backoff', async () => {
    zoom.setThrottled(30);
    try {
      const at = Date.now();
      await publish(
        bookingEvent({
          type: 'booking.confirmed',
          bookingId: 'bkg_c2',
          occurredAtMs: 1,
          startsAtMs: T0 + 5 * HOUR,
          staffId: 'stf_c',
          serviceId: 'svc_zoom',
        }),
      );
      const throttled = await eventually('the throttled write', async () => {
        const doc = await record('bkg_c2');
        return doc && doc.attempts > 0 ? doc : undefined;
      });
      expect(throttled.lastError).toContain('429');
      // The first backoff is 100 ms; Zoom asked for 30 s.
      expect(throttled.dueAtMs).toBeGreaterThanOrEqual(at + 30_000);
    } finally {
      zoom.setThrottled(null);
    }
  });
});

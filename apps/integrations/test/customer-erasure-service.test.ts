// A customer erasure through the integrations service as it runs (real gRPC, the booking topic
// on the bus, the write-back worker, a SQLite file), against a real Radicale and the Google
// Calendar API stand-in: after `customer.erased` the customer's calendar events are gone from
// both, the sync records and the database file's bytes hold none of their name, email or
// phone, a booking event read after the erasure writes nothing personal, a write running when
// the erasure came is removed after it, and the export answers the events before and after.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '@svc/crypto';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus } from '@svc/events';
import { connectService, type IntegrationClient, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import {
  eventually,
  radicaleMissing,
  serverGate,
  startGoogleCalendarStandIn,
  startRadicale,
  type GoogleCalendarStandIn,
  type RadicaleServer,
} from '@svc/testing';
import { UrlPolicy } from '@svc/url-policy';
import { providerFactory, sealTokens } from '../src/connections/connections.js';
import { GoogleOAuth } from '../src/connections/providers/google-oauth.js';
import type { CalendarProvider } from '../src/providers/provider.js';
import { ConnectionRepository } from '../src/connections/store/connection-repository.js';
import { COLLECTIONS } from '../src/store/records.js';
import { bookingEvent, CUSTOMER, erasedEvent, HOUR, personalIn } from './erasure-events.js';
import { startTestIntegrations } from './integrations-host-fixture.js';

const run = serverGate('Radicale', radicaleMissing());

const T0 = Date.UTC(2031, 5, 2);
const GOOGLE_TOKEN = 'google-access-token-for-the-test';

describe.runIf(run)('customer erasure through the integrations service (Radicale, Google stand-in)', () => {
  let radicale: RadicaleServer;
  let google: GoogleCalendarStandIn;
  let store: DocumentStore;
  let host: RunningGrpcHost;
  let client: IntegrationClient;
  let bus: InProcessEventBus;
  const dir = mkdtempSync(join(tmpdir(), 'integrations-erasure-service-'));
  const file = join(dir, 'integrations.db');
  const secrets = new SecretBox('e'.repeat(40));
  const calendar = () => `${radicale.url}ana/main/`;
  const authorization = `Basic ${Buffer.from('ana:pass-1').toString('base64')}`;
  const caldav = (method: string, url: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(url, { method, headers: { authorization, ...headers }, ...(body === undefined ? {} : { body }) });
  /** Writes of these bookings wait until released (a write under way when the erasure comes). */
  const held = new Map<string, Promise<void>>();

  beforeAll(async () => {
    radicale = await startRadicale({ ana: 'pass-1' });
    expect((await caldav('MKCALENDAR', calendar())).status).toBe(201);
    google = await startGoogleCalendarStandIn({ verifyToken: async (token) => token === GOOGLE_TOKEN });
    store = await openSqliteStore({ file });
    bus = new InProcessEventBus({ retryDelayMs: 50 });
    const urlPolicy = new UrlPolicy({ allowLoopback: true, allowlist: [] });
    const oauth = {
      clientId: 'client',
      clientSecret: 'client-secret',
      authorizationUrl: 'http://127.0.0.1:1/authorize',
      tokenUrl: 'http://127.0.0.1:1/token',
    };
    const real = providerFactory({
      secrets,
      timeoutMs: 3_000,
      maxResponseBytes: 1024 * 1024,
      google: {
        oauth: new GoogleOAuth({ ...oauth, timeoutMs: 3_000, maxResponseBytes: 1024 * 1024 }),
        apiUrl: google.url,
      },
      connections: new ConnectionRepository(store),
      urlPolicy,
      now: Date.now,
    });
    ({ host, client } = await startTestIntegrations('integrations-erasure-test', {
      store,
      bus,
      secrets,
      sync: { firstRetryMs: 100, pollMs: 200 },
      google: { oauth, apiUrl: google.url },
      urlPolicy,
      providerOf: (doc) => {
        const provider = real(doc);
        const gated: CalendarProvider = {
          listCalendars: () => provider.listCalendars(),
          busy: (ids, from, to) => provider.busy(ids, from, to),
          putEvent: async (calendarId, event) => {
            await held.get(event.bookingId);
            return provider.putEvent(calendarId, event);
          },
          deleteEvent: (calendarId, id) => provider.deleteEvent(calendarId, id),
        };
        return gated;
      },
      // The bookings name no service, so no Google write asks the catalog; nothing listens here.
      catalog: connectService(catalogV1.CatalogServiceService, '127.0.0.1:1'),
    }));
    // Staff stf_1 has Radicale, stf_g Google (a connection as the OAuth callback stores it).
    await client.connectCaldav({
      tenantId: 'ten_a',
      staffId: 'stf_1',
      serverUrl: radicale.url,
      username: 'ana',
      password: 'pass-1',
    });
    const googleId = 'icn_google_erasure';
    await new ConnectionRepository(store).insert({
      _id: googleId,
      tenantId: 'ten_a',
      staffId: 'stf_g',
      provider: 'google',
      status: 'connected',
      serverUrl: '',
      account: 'primary',
      sealedSecret: sealTokens(
        secrets,
        { accessToken: GOOGLE_TOKEN, refreshToken: 'refresh', expiresAtMs: Date.now() + 24 * HOUR },
        googleId,
      ),
      busyCalendarIds: ['primary'],
      bookingCalendarId: 'primary',
      lastSyncAtMs: null,
      createdAtMs: Date.now(),
      updatedAtMs: Date.now(),
    });
  }, 60_000);

  afterAll(async () => {
    client?.close();
    await host?.stop();
    await google?.close();
    await radicale?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const publish = (...messages: Array<{ key: string; value: string; headers: Record<string, string> }>) =>
    bus.publish(BOOKING_EVENTS_TOPIC, messages);
  const confirmed = (bookingId: string, staffId = 'stf_1', occurredAtMs = T0) =>
    bookingEvent({ type: 'booking.confirmed', bookingId, staffId, occurredAtMs, startsAtMs: T0 + 10 * HOUR });
  const cancelled = (bookingId: string, occurredAtMs: number) =>
    bookingEvent({ type: 'booking.cancelled', bookingId, occurredAtMs, startsAtMs: T0 + 10 * HOUR });
  const statusOf = async (bookingId: string) =>
    (await client.getCalendarSync({ tenantId: 'ten_a', bookingId })).calendarSync?.status;
  const until = (bookingIds: string[], status: string) =>
    eventually(`${bookingIds.join(', ')} ${status}`, async () => {
      const statuses = await Promise.all(bookingIds.map(statusOf));
      return statuses.every((s) => s === status) ? true : undefined;
    });
  const eventText = async (bookingId: string) => {
    const res = await caldav('GET', `${calendar()}${bookingId}.ics`);
    return res.status === 200 ? res.text() : res.status;
  };
  /** Every event in the Radicale calendar, its data included (a calendar-query REPORT). */
  const radicaleCalendar = async () =>
    (
      await caldav(
        'REPORT',
        calendar(),
        '<?xml version="1.0" encoding="utf-8"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
          '<D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>',
        { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
      )
    ).text();
  const exported = (bookingIds: string[], tenantId = 'ten_a') =>
    client.exportBookingCalendarEvents({ tenantId, bookingIds }).then((r) => r.items);
  const fileBytes = () =>
    Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f))).toString('utf8');

  it('erases the customer: their calendar events go, nothing personal stays, late events write nothing', async () => {
    await publish(confirmed('bkg_1'), confirmed('bkg_2'), confirmed('bkg_g', 'stf_g'));
    await until(['bkg_1', 'bkg_2', 'bkg_g'], 'synced');
    // The calendars and the store hold the name now (so the searches below can fail).
    expect(await eventText('bkg_1')).toContain(`SUMMARY:Massage: ${CUSTOMER.name}`);
    expect(google.events('primary')).toMatchObject([{ summary: `Massage: ${CUSTOMER.name}`, status: 'confirmed' }]);
    expect(personalIn(fileBytes())).toContain(CUSTOMER.name);

    // The export answers what the events say, in the order asked; unknown bookings have none.
    const before = await exported(['bkg_g', 'bkg_1', 'bkg_unknown', 'bkg_1']);
    expect(before).toEqual([
      {
        bookingId: 'bkg_g',
        staffId: 'stf_g',
        calendarSync: { status: 'synced', provider: 'google', externalEventId: expect.any(String) },
        calendarId: 'primary',
        summary: `Massage: ${CUSTOMER.name}`,
        description: 'Booking bkg_g',
        updatedAtMs: expect.any(Number),
      },
      {
        bookingId: 'bkg_1',
        staffId: 'stf_1',
        calendarSync: { status: 'synced', provider: 'caldav', externalEventId: `${calendar()}bkg_1.ics` },
        calendarId: calendar(),
        summary: `Massage: ${CUSTOMER.name}`,
        description: 'Booking bkg_1',
        updatedAtMs: expect.any(Number),
      },
    ]);
    expect(await exported(['bkg_1'], 'ten_b')).toEqual([]);

    // bkg_3's write is under way when the erasure comes.
    let release!: () => void;
    held.set('bkg_3', new Promise((resolve) => (release = resolve)));
    await publish(confirmed('bkg_3', 'stf_1', T0 + HOUR));
    await eventually('bkg_3 being written', async () => {
      const doc = await store.collection(COLLECTIONS.syncs).findOne({ _id: 'bkg_3' });
      return doc && Number(doc.leaseUntilMs) > Date.now() ? true : undefined;
    });

    // The erase cancelled bkg_1 first (its event read before the erasure); bkg_2's
    // cancellation (another partition) is read after it, as is a late confirmation of bkg_4.
    await publish(cancelled('bkg_1', T0 + 2 * HOUR));
    await publish(erasedEvent(['bkg_1', 'bkg_2', 'bkg_3', 'bkg_g', 'bkg_4'], T0 + 3 * HOUR));
    // The write ends only once the erasure has erased its record (it wrote the name meanwhile).
    await eventually('bkg_3 erased', async () => {
      const doc = await store.collection(COLLECTIONS.syncs).findOne({ _id: 'bkg_3' });
      return doc?.want === 'absent' && doc.title === '' ? true : undefined;
    });
    expect(Number((await store.collection(COLLECTIONS.syncs).findOne({ _id: 'bkg_3' }))?.leaseUntilMs)).toBeGreaterThan(
      Date.now(),
    );
    release();
    await publish(cancelled('bkg_2', T0 + 2 * HOUR + 1), confirmed('bkg_4', 'stf_1', T0 + 30 * 60_000));
    await until(['bkg_1', 'bkg_2', 'bkg_3', 'bkg_g'], 'removed');

    for (const id of ['bkg_1', 'bkg_2', 'bkg_3', 'bkg_4']) expect(await eventText(id)).toBe(404);
    const left = await radicaleCalendar();
    expect(left).toContain('multistatus');
    expect(personalIn(left)).toEqual([]);
    expect(google.events('primary')).toMatchObject([{ status: 'cancelled' }]);
    expect(await client.getCalendarSync({ tenantId: 'ten_a', bookingId: 'bkg_4' })).toEqual({});

    const records = await store.collection(COLLECTIONS.syncs).find({});
    expect(records.map((r) => r._id).sort()).toEqual(['bkg_1', 'bkg_2', 'bkg_3', 'bkg_g']);
    expect(personalIn(JSON.stringify(records))).toEqual([]);
    const markers = await store.collection(COLLECTIONS.erasedBookings).find({});
    expect(markers.map((m) => m._id).sort()).toEqual(['bkg_1', 'bkg_2', 'bkg_3', 'bkg_4', 'bkg_g']);

    // The export still answers the events: removed, saying nothing any more.
    const after = await exported(['bkg_1', 'bkg_g', 'bkg_4']);
    expect(after).toMatchObject([
      { bookingId: 'bkg_1', calendarSync: { status: 'removed', provider: 'caldav' }, summary: '', description: '' },
      { bookingId: 'bkg_g', calendarSync: { status: 'removed', provider: 'google' }, summary: '', description: '' },
    ]);

    // Delivered again: nothing changes. The bus hands a group's messages over in order, so once
    // a later booking of another customer has its record, both were read.
    const updatedAt = records.map((r) => [r._id, r.updatedAtMs]).sort();
    await publish(erasedEvent(['bkg_1', 'bkg_2', 'bkg_3', 'bkg_g', 'bkg_4'], T0 + 4 * HOUR));
    await publish(cancelled('bkg_2', T0 + 5 * HOUR));
    const probe = JSON.parse(confirmed('bkg_probe').value) as { data: Record<string, unknown> };
    delete probe.data.customer;
    await publish({ key: 'bkg_probe', value: JSON.stringify(probe), headers: {} });
    await eventually('the probe read', async () => ((await statusOf('bkg_probe')) ? true : undefined));
    const again = await store.collection(COLLECTIONS.syncs).find({ _id: { $in: records.map((r) => r._id) } });
    expect(again.map((r) => [r._id, r.updatedAtMs]).sort()).toEqual(updatedAt);

    // The database file and its write-ahead log hold none of it.
    expect(fileBytes()).toContain('bkg_1');
    expect(personalIn(fileBytes())).toEqual([]);
  });

  it('export takes at most 500 booking ids, none empty', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `bkg_${i}`);
    await expect(exported(ids)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ path: 'bookingIds' })],
    });
    expect(await exported(ids.slice(0, 500))).toBeDefined();
    await expect(exported(['bkg_1', ''])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ path: 'bookingIds.1' })],
    });
    await expect(exported([], '')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

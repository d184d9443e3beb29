// The integrations service over real gRPC with its SQLite store, against a real Radicale:
// credentials sealed at rest, a refused grant marking the connection needs_reauth, busy times
// cached for availability and read fresh on request, and the write-back of booking events
// published on the bus (idempotent per booking).

import { lookup } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '@svc/crypto';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus } from '@svc/events';
import { connectService, type IntegrationClient, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { eventually, radicaleMissing, serverGate, startRadicale, type RadicaleServer } from '@svc/testing';
import { providerFactory } from '../src/connections/connections.js';
import { UrlPolicy } from '@svc/url-policy';
import { calendarWrites, providerRequests } from '../src/metrics.js';
import type { Counter, Histogram } from '@svc/telemetry';
import { basicAuthorization } from '../src/calendars/providers/caldav.js';
import { ProviderUnavailableError } from '../src/providers/provider.js';
import type { CalendarProvider } from '../src/providers/provider.js';
import { ConnectionRepository } from '../src/connections/store/connection-repository.js';
import { startTestIntegrations } from './integrations-host-fixture.js';

const run = serverGate('Radicale', radicaleMissing());

/** A counter's value, or a histogram's count, so far (this process's registry) for these labels. */
async function counted(metric: Counter<string> | Histogram<string>, labels: Record<string, string>): Promise<number> {
  const { name, values } = await metric.get();
  // A histogram lists its buckets, sum and count; a counter its values (no metricName).
  const series = values.filter((v) => {
    const metricName = (v as { metricName?: string }).metricName;
    return metricName === undefined || metricName === `${name}_count`;
  });
  return series
    .filter((v) => Object.entries(labels).every(([k, want]) => (v.labels as Record<string, unknown>)[k] === want))
    .reduce((sum, v) => sum + v.value, 0);
}
const providerCalls = (labels: Record<string, string>) => counted(providerRequests, labels);

/** A booking.confirmed as the booking service publishes it (an hour long, staff stf_1 of ten_a). */
const confirmedEvent = (bookingId: string, occurredAtMs: number, startsAtMs: number) => ({
  key: bookingId,
  value: JSON.stringify({
    id: `evt_${bookingId}`,
    type: 'booking.confirmed',
    payloadVersion: 1,
    occurredAtMs,
    data: {
      booking: {
        bookingId,
        tenantId: 'ten_a',
        staffId: 'stf_1',
        status: 'confirmed',
        startsAtMs,
        endsAtMs: startsAtMs + HOUR,
      },
    },
  }),
  headers: {},
});
const HOUR = 3_600_000;
/** An account whose name and password go beyond Latin-1 (Radicale reads Basic credentials as UTF-8). */
const UNICODE_USER = 'zoë-日本';
const UNICODE_PASSWORD = 'pässwörd✓';
const T0 = Date.UTC(2031, 2, 3);
/** No staff member's own zone: all-day events fall on the tenant's (here UTC) days. */
const UTC_ZONES = { timeZone: 'UTC', staffTimeZones: {} };
const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe.runIf(run)('integrations service against Radicale', () => {
  let radicale: RadicaleServer;
  let store: DocumentStore;
  let host: RunningGrpcHost;
  let client: IntegrationClient;
  let bus: InProcessEventBus;
  const secrets = new SecretBox('k'.repeat(40));
  const calendar = () => `${radicale.url}ana/main/`;
  const auth = (pw: string) => ({ authorization: `Basic ${Buffer.from(`ana:${pw}`).toString('base64')}` });

  /**
   * The URL policy's DNS (the dispatcher's tests inject theirs the same way): names set here
   * answer what the test says, others resolve as usual. No name here resolves in real DNS.
   */
  const dns = new Map<string, string[]>();
  const urlPolicy = new UrlPolicy({
    allowLoopback: true,
    allowlist: [],
    resolve: async (name) => dns.get(name) ?? (await lookup(name, { all: true })).map((a) => a.address),
  });

  /** While set, every calendar write waits for it (a write that is still running). */
  let writesWait: Promise<void> | null = null;
  /** While true, every calendar write fails as an outage would. */
  let writesFail = false;

  beforeAll(async () => {
    radicale = await startRadicale({ ana: 'first-pass', [UNICODE_USER]: UNICODE_PASSWORD });
    expect((await fetch(calendar(), { method: 'MKCALENDAR', headers: auth('first-pass') })).status).toBe(201);
    store = await openSqliteStore({ file: ':memory:' });
    bus = new InProcessEventBus();
    ({ host, client } = await startTestIntegrations('integrations-test', {
      store,
      bus,
      secrets,
      sync: { firstRetryMs: 100, pollMs: 200 },
      google: null,
      urlPolicy,
      providerOf: (doc) => {
        const real = providerFactory({
          secrets,
          timeoutMs: 3_000,
          maxResponseBytes: 1024 * 1024,
          google: null,
          connections: new ConnectionRepository(store),
          urlPolicy,
          now: Date.now,
        })(doc);
        const gated: CalendarProvider = {
          listCalendars: () => real.listCalendars(),
          busy: (ids, from, to) => real.busy(ids, from, to),
          putEvent: async (calendarId, event) => {
            await writesWait;
            if (writesFail) throw new ProviderUnavailableError('CalDAV server answered 503');
            return real.putEvent(calendarId, event);
          },
          deleteEvent: (calendarId, id) => real.deleteEvent(calendarId, id),
        };
        return gated;
      },
      // CalDAV never asks the catalog (conferencing is Google's); nothing listens here.
      catalog: connectService(catalogV1.CatalogServiceService, '127.0.0.1:1'),
    }));
  }, 60_000);

  afterAll(async () => {
    client?.close();
    await host?.stop();
    await radicale?.stop();
  });

  let connectionId: string;

  it('stores the password sealed with the configured key, bound to the connection', async () => {
    const { connection } = await client.connectCaldav({
      tenantId: 'ten_a',
      staffId: 'stf_1',
      serverUrl: radicale.url,
      username: 'ana',
      password: 'first-pass',
    });
    connectionId = connection!.connectionId;
    const [doc] = await store.collection('integration_connections').find({});
    expect(JSON.stringify(doc)).not.toContain('first-pass');
    expect(secrets.open(String(doc!.sealedSecret), connectionId)).toBe('first-pass');
    expect(() => secrets.open(String(doc!.sealedSecret), 'icn_other')).toThrow();
    // Another tenant does not see it.
    expect((await client.listConnections({ tenantId: 'ten_b' })).items).toEqual([]);
    await expect(client.listCalendars({ tenantId: 'ten_b', connectionId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('sends a username and password beyond Latin-1 as UTF-8: the server judges them, never "unreachable"', async () => {
    const connect = (username: string, password: string) =>
      client.connectCaldav({ tenantId: 'ten_u', staffId: 'stf_u', serverUrl: radicale.url, username, password });
    const home = `${radicale.url}${encodeURIComponent(UNICODE_USER)}/main/`;
    const authorization = basicAuthorization({ username: UNICODE_USER, password: UNICODE_PASSWORD });
    expect((await fetch(home, { method: 'MKCALENDAR', headers: { authorization } })).status).toBe(201);
    const { connection } = await connect(UNICODE_USER, UNICODE_PASSWORD);
    expect(connection).toMatchObject({ account: UNICODE_USER, status: 'connected', bookingCalendarId: home });
    // An account the server does not know: its refusal (found by the API fuzz as a 502 before).
    await expect(connect('ゾーイ', UNICODE_PASSWORD)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ path: 'password' })],
    });
  });

  it('refuses a CalDAV server on a private, link-local or reserved address (the webhook URL policy)', async () => {
    for (const serverUrl of ['http://169.254.169.254/', 'http://10.1.2.3:5232/', 'http://[fd00::1]/']) {
      await expect(
        client.connectCaldav({ tenantId: 'ten_a', staffId: 'stf_9', serverUrl, username: 'ana', password: 'x' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'serverUrl' }] });
    }
    expect((await client.listConnections({ tenantId: 'ten_a' })).items.map((c) => c.staffId)).toEqual(['stf_1']);
  });

  it('sends every CalDAV request to an address the URL policy accepts when it is made', async () => {
    // A name only the policy's DNS knows: that the connect's credential check and the busy-time
    // query reach Radicale at all shows the requests go to the address the policy checked.
    const name = 'calendar.rebinding.test';
    dns.set(name, ['127.0.0.1']);
    const { connection } = await client.connectCaldav({
      tenantId: 'ten_r',
      staffId: 'stf_r',
      serverUrl: `http://${name}:${new URL(radicale.url).port}/`,
      username: 'ana',
      password: 'first-pass',
    });
    const ask = () =>
      client.getBusyTimes({
        tenantId: 'ten_r',
        staffIds: ['stf_r'],
        fromMs: T0,
        toMs: T0 + HOUR,
        fresh: true,
        ...UTC_ZONES,
      });
    expect((await ask()).intervals).toEqual([]);

    // The name now points at the cloud metadata address: the next request is refused before
    // anything is sent (http there is refused too), and the connection shows the error.
    dns.set(name, ['169.254.169.254']);
    const failedBusy = { provider: 'caldav', operation: 'busy', outcome: 'failed' };
    const failedBefore = await providerCalls(failedBusy);
    const refused = await ask().then(
      () => new Error('answered'),
      (err: unknown) => err as Error,
    );
    expect(refused).toMatchObject({ code: 'PROVIDER_ACTION_FAILED' });
    expect(refused.message).toContain('CalDAV server URL refused');
    expect((await providerCalls(failedBusy)) - failedBefore).toBe(1);
    const listed = () => client.listConnections({ tenantId: 'ten_r' }).then((r) => r.items);
    expect(await listed()).toMatchObject([{ connectionId: connection!.connectionId, status: 'error' }]);
    // A private address among the answers is refused as well; a loopback one again is fine.
    dns.set(name, ['127.0.0.1', '10.0.0.7']);
    await expect(ask()).rejects.toMatchObject({ code: 'PROVIDER_ACTION_FAILED' });
    dns.set(name, ['127.0.0.1']);
    expect((await ask()).intervals).toEqual([]);
    expect(await listed()).toMatchObject([{ status: 'connected' }]);
  });

  it('answers busy times from the cache until asked fresh', async () => {
    const put = await fetch(`${calendar()}a.ics`, {
      method: 'PUT',
      headers: { ...auth('first-pass'), 'content-type': 'text/calendar' },
      body: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//t//t//EN',
        'BEGIN:VEVENT',
        'UID:a',
        'DTSTAMP:20300101T000000Z',
        `DTSTART:${utc(T0 + 9 * HOUR)}`,
        `DTEND:${utc(T0 + 10 * HOUR)}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
    expect(put.status).toBe(201);
    const ask = (fresh: boolean) =>
      client.getBusyTimes({
        tenantId: 'ten_a',
        staffIds: ['stf_1', 'stf_2'],
        fromMs: T0,
        toMs: T0 + 24 * HOUR,
        fresh,
        ...UTC_ZONES,
      });
    expect(await ask(false)).toEqual({
      intervals: [{ staffId: 'stf_1', startsAtMs: T0 + 9 * HOUR, endsAtMs: T0 + 10 * HOUR }],
      unavailableStaffIds: [],
      // Read just now: the answer holds for the busy-time cache's time (BUSY_CACHE_MS).
      validForMs: 60_000,
      noneConnected: false,
    });
    // Only staff without one: "no busy times" holds for the busy-time cache's time (BUSY_CACHE_MS).
    expect(
      await client.getBusyTimes({
        tenantId: 'ten_a',
        staffIds: ['stf_2'],
        fromMs: T0,
        toMs: T0 + HOUR,
        fresh: false,
        ...UTC_ZONES,
      }),
    ).toEqual({ intervals: [], unavailableStaffIds: [], validForMs: 60_000, noneConnected: true });
    await fetch(`${calendar()}a.ics`, { method: 'DELETE', headers: auth('first-pass') });
    expect((await ask(false)).intervals).toHaveLength(1);
    expect((await ask(true)).intervals).toEqual([]);
  });

  it('writes one event per booking whatever the bus hands over twice, and removes it on cancel', async () => {
    const event = (type: string, occurredAtMs: number, startsAtMs: number, status: string) => ({
      key: 'bkg_1',
      value: JSON.stringify({
        id: `evt_${occurredAtMs}`,
        type,
        payloadVersion: 1,
        occurredAtMs,
        data: {
          booking: {
            bookingId: 'bkg_1',
            tenantId: 'ten_a',
            staffId: 'stf_1',
            status,
            startsAtMs,
            endsAtMs: startsAtMs + HOUR,
          },
          service: { name: 'Massage' },
          customer: { name: 'Bo' },
        },
      }),
      headers: {},
    });
    const confirmed = event('booking.confirmed', 1, T0 + 12 * HOUR, 'confirmed');
    await bus.publish(BOOKING_EVENTS_TOPIC, [confirmed, confirmed]);
    const url = `${calendar()}bkg_1.ics`;
    const text = await eventually('the event', async () => {
      const res = await fetch(url, { headers: auth('first-pass') });
      return res.status === 200 ? res.text() : undefined;
    });
    expect(text).toContain(`DTSTART:${utc(T0 + 12 * HOUR)}`);
    expect(text).toContain('SUMMARY:Massage: Bo');
    const sync = await eventually('synced', async () => {
      const res = await client.getCalendarSync({ tenantId: 'ten_a', bookingId: 'bkg_1' });
      return res.calendarSync?.status === 'synced' ? res.calendarSync : undefined;
    });
    expect(sync).toEqual({ status: 'synced', provider: 'caldav', externalEventId: url });
    expect((await client.getCalendarSync({ tenantId: 'ten_b', bookingId: 'bkg_1' })).calendarSync).toBeUndefined();

    // A late, older event changes nothing; the cancel removes the event.
    await bus.publish(BOOKING_EVENTS_TOPIC, [event('booking.cancelled', 3, T0 + 12 * HOUR, 'cancelled')]);
    await bus.publish(BOOKING_EVENTS_TOPIC, [event('booking.rescheduled', 2, T0 + 14 * HOUR, 'confirmed')]);
    await eventually('removed', async () => {
      const res = await client.getCalendarSync({ tenantId: 'ten_a', bookingId: 'bkg_1' });
      return res.calendarSync?.status === 'removed' ? true : undefined;
    });
    expect((await fetch(url, { headers: auth('first-pass') })).status).toBe(404);
  });

  it('a retry asked for while the write runs is PROVIDER_ACTION_PENDING; afterwards it writes the event again', async () => {
    let release!: () => void;
    writesWait = new Promise((resolve) => (release = resolve));
    const confirmed = confirmedEvent('bkg_2', 10, T0 + 15 * HOUR);
    await bus.publish(BOOKING_EVENTS_TOPIC, [confirmed]);
    // The worker holds the record while its write waits.
    await eventually('the write under way', async () => {
      const [doc] = await store.collection('calendar_syncs').find({ _id: 'bkg_2' });
      return doc && Number(doc.leaseUntilMs) > Date.now() ? true : undefined;
    });
    await expect(client.retryCalendarSync({ tenantId: 'ten_a', bookingId: 'bkg_2' })).rejects.toMatchObject({
      code: 'PROVIDER_ACTION_PENDING',
    });
    writesWait = null;
    release();
    await eventually('synced', async () => {
      const res = await client.getCalendarSync({ tenantId: 'ten_a', bookingId: 'bkg_2' });
      return res.calendarSync?.status === 'synced' ? true : undefined;
    });
    // Removed by hand in the calendar; a retry writes it again.
    const url = `${calendar()}bkg_2.ics`;
    expect((await fetch(url, { method: 'DELETE', headers: auth('first-pass') })).ok).toBe(true);
    const retried = await client.retryCalendarSync({ tenantId: 'ten_a', bookingId: 'bkg_2' });
    expect(retried.calendarSync).toMatchObject({ status: 'pending', provider: 'caldav' });
    await eventually('written again', async () =>
      (await fetch(url, { headers: auth('first-pass') })).status === 200 ? true : undefined,
    );
    await expect(client.retryCalendarSync({ tenantId: 'ten_a', bookingId: 'bkg_none' })).rejects.toMatchObject({
      code: 'PROVIDER_NOT_CONNECTED',
    });
  });

  it('a failed write is retried with backoff until it succeeds, each round counted', async () => {
    // The counters are the process's: first let the earlier tests' writes finish.
    await eventually('no write due or running', async () => {
      const busy = await store.collection('calendar_syncs').find({});
      return busy.every((d) => d.dueAtMs === null && Number(d.leaseUntilMs) <= Date.now()) ? true : undefined;
    });
    const failedPut = { provider: 'caldav', operation: 'put_event', outcome: 'failed' };
    const before = {
      failedPut: await providerCalls(failedPut),
      retry: await counted(calendarWrites, { outcome: 'retry' }),
      synced: await counted(calendarWrites, { outcome: 'synced' }),
    };
    writesFail = true;
    const confirmed = confirmedEvent('bkg_3', 20, T0 + 17 * HOUR);
    await bus.publish(BOOKING_EVENTS_TOPIC, [confirmed]);
    await eventually('a failed round', async () => {
      const [doc] = await store.collection('calendar_syncs').find({ _id: 'bkg_3' });
      return doc && Number(doc.attempts) >= 1 ? true : undefined;
    });
    expect((await client.getCalendarSync({ tenantId: 'ten_a', bookingId: 'bkg_3' })).calendarSync).toMatchObject({
      status: 'pending',
    });
    writesFail = false;
    await eventually('synced after the retries', async () => {
      const res = await client.getCalendarSync({ tenantId: 'ten_a', bookingId: 'bkg_3' });
      return res.calendarSync?.status === 'synced' ? true : undefined;
    });
    // Every failed write is one failed provider call and one round to retry; one success.
    const failures = (await providerCalls(failedPut)) - before.failedPut;
    expect(failures).toBeGreaterThanOrEqual(1);
    expect((await counted(calendarWrites, { outcome: 'retry' })) - before.retry).toBe(failures);
    expect((await counted(calendarWrites, { outcome: 'synced' })) - before.synced).toBe(1);
  });

  it('a password changed at the server marks the connection needs_reauth and answers PROVIDER_NEEDS_REAUTH', async () => {
    radicale.setPassword('ana', 'second-pass');
    const refusedList = { provider: 'caldav', operation: 'list_calendars', outcome: 'needs_reauth' };
    const refusedBefore = await providerCalls(refusedList);
    await expect(client.listCalendars({ tenantId: 'ten_a', connectionId })).rejects.toMatchObject({
      code: 'PROVIDER_NEEDS_REAUTH',
    });
    // Counted once as a refused grant (integrations_provider_request_duration_seconds).
    expect((await providerCalls(refusedList)) - refusedBefore).toBe(1);
    expect((await client.listConnections({ tenantId: 'ten_a' })).items[0]).toMatchObject({ status: 'needs_reauth' });
    // Busy times cannot be read: refused unless the tenant books anyway.
    const ask = () =>
      client.getBusyTimes({
        tenantId: 'ten_a',
        staffIds: ['stf_1'],
        fromMs: T0,
        toMs: T0 + HOUR,
        fresh: true,
        ...UTC_ZONES,
      });
    await expect(ask()).rejects.toMatchObject({ code: 'PROVIDER_NEEDS_REAUTH' });
    await client.updateSettings({ tenantId: 'ten_a', settings: { bookWhenCalendarUnavailable: true } });
    expect(await ask()).toEqual({ intervals: [], unavailableStaffIds: ['stf_1'], validForMs: 0, noneConnected: false });
  });
});

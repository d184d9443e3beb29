// Staff calendars over CalDAV against a real Radicale server, through the platform as a process
// (`node apps/platform/dist/main.js`, real HTTP through the gateway): connecting with a good and
// a bad password, an event put in the staff member's calendar by a CalDAV client blocking
// availability and create, confirmed bookings written back (moved by a reschedule, removed by
// a cancel), a provider outage at create with and without "book anyway", tenant isolation, and
// no secret in responses or logs.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import {
  eventually,
  json,
  prom2jsonMissing,
  radicaleMissing,
  serverGate,
  startRadicale,
  startWebhookReceiver,
  type AppProcess,
  type RadicaleServer,
  type WebhookReceiver,
} from '@svc/testing';
import { berlinTime, postBooking, seedTenant, slotStartsOn, subscribeReceiver } from './booking-fixture.js';
import { book, dashboard, errorOf, platformProcess, type PlatformStores } from './dashboard-fixture.js';
import { caldav, eventIcs, MKCALENDAR_WORK, utc } from './caldav-fixture.js';
import { movedBetween, scrapeMetrics } from './metrics-fixture.js';

const run = serverGate('Radicale', radicaleMissing());

const PASSWORD = 'weber-app-password-7Qx9';
const OTHER_PASSWORD = 'second-account-pass-3Zr';
const HOUR = 3_600_000;

describe.runIf(run)('CalDAV calendars against Radicale, through the platform process', () => {
  let radicale: RadicaleServer;
  let outageServer: RadicaleServer;
  let proc: AppProcess;
  let base: string;
  let dataDir: string;
  let stores: PlatformStores;
  let calendarUrl: string;
  let hooks: WebhookReceiver;
  let platform: Awaited<ReturnType<typeof platformProcess>>;

  beforeAll(async () => {
    [radicale, outageServer, hooks] = await Promise.all([
      startRadicale({ weber: PASSWORD }),
      startRadicale({ second: OTHER_PASSWORD }),
      startWebhookReceiver(),
    ]);
    calendarUrl = `${radicale.url}weber/work/`;
    const made = await caldav('weber', PASSWORD)('MKCALENDAR', calendarUrl, MKCALENDAR_WORK, {
      'content-type': 'application/xml',
    });
    expect(made.status).toBe(201);
    expect((await caldav('second', OTHER_PASSWORD)('MKCALENDAR', `${outageServer.url}second/cal/`)).status).toBe(201);

    platform = await platformProcess('integrations-caldav', {
      // Everything the services log, so the secrets test below sees as much as possible.
      LOG_LEVEL: 'debug',
      // A long cache: availability shows the cached busy times, create must read them fresh.
      BUSY_CACHE_MS: String(10 * 60_000),
      SYNC_FIRST_RETRY_MS: '300',
      PROVIDER_TIMEOUT_MS: '3000',
      // Far from the staff member's Europe/Berlin: nothing may read a time in the process's zone.
      TZ: 'Pacific/Kiritimati',
    });
    ({ proc, base, dataDir, stores } = platform);
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await Promise.all([radicale?.stop(), outageServer?.stop(), hooks?.close()]);
  });

  async function tenant(slug: string) {
    const runtime = readPlatformRuntime(dataDir);
    const seeded = await seedTenant(runtime!.services.catalog!, slug);
    const session = await stores.session(seeded.tenantId, 'tenant_owner');
    return { ...seeded, api: dashboard(base, session) };
  }

  async function connect(
    api: ReturnType<typeof dashboard>,
    staffId: string,
    serverUrl: string,
    user: string,
    pw: string,
  ) {
    const res = await api('POST', '/api/integrations/caldav', { staffId, serverUrl, username: user, password: pw });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.data as { connectionId: string; status: string; busyCalendarIds: string[]; bookingCalendarId: string };
  }

  const slotsOn = (slug: string, day: number) => slotStartsOn(base, slug, day);

  const createAt = (slug: string, startsAtMs: number, key: string) => postBooking(base, slug, startsAtMs, key);

  let connectionId: string;
  let weber: Awaited<ReturnType<typeof tenant>>;

  it('connects with the right app password and refuses a wrong one, checked against the server', async () => {
    weber = await tenant('caldav-weber');
    const wrong = await weber.api('POST', '/api/integrations/caldav', {
      staffId: weber.staffId,
      serverUrl: radicale.url,
      username: 'weber',
      password: 'not-the-password',
    });
    expect(await errorOf(wrong)).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.password', message: expect.stringContaining('refused') }],
    });
    expect((await json(await weber.api('GET', '/api/integrations'))).data.items).toEqual([]);

    const conn = await connect(weber.api, weber.staffId, radicale.url, 'weber', PASSWORD);
    connectionId = conn.connectionId;
    expect(conn).toMatchObject({
      provider: 'caldav',
      staffId: weber.staffId,
      account: 'weber',
      status: 'connected',
      busyCalendarIds: [calendarUrl],
      bookingCalendarId: calendarUrl,
      lastSyncAtMs: null,
    });

    const listed = await json(await weber.api('GET', '/api/integrations'));
    expect(listed.data.items).toEqual([conn]);
    expect(JSON.stringify(listed)).not.toContain(PASSWORD);
    const calendars = await json(await weber.api('GET', `/api/integrations/${connectionId}/calendars`));
    expect(calendars.data.items).toEqual([
      { calendarId: calendarUrl, name: 'Work', blocksTime: true, receivesBookings: true },
    ]);
    // A staff member of no tenant of ours is NOT_FOUND; a bad URL is a validation error.
    expect(
      (
        await errorOf(
          await weber.api('POST', '/api/integrations/caldav', {
            staffId: 'stf_nobody',
            serverUrl: radicale.url,
            username: 'weber',
            password: PASSWORD,
          }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    expect(
      await errorOf(
        await weber.api('POST', '/api/integrations/caldav', {
          staffId: weber.staffId,
          serverUrl: 'ftp://x',
          username: 'weber',
          password: PASSWORD,
        }),
      ),
    ).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: [{ path: 'body.serverUrl' }] });
  });

  it('an event put by a CalDAV client blocks availability (cached) and create (fresh, under the lock)', async () => {
    const dentist = berlinTime(3, 10);
    const before = await slotsOn('caldav-weber', 3);
    expect(before).toContain(dentist);
    expect(before).toContain(dentist + HOUR / 2);

    // The staff member's own appointment, 10:00–11:00, after availability was cached.
    const put = await caldav('weber', PASSWORD)(
      'PUT',
      `${calendarUrl}dentist.ics`,
      eventIcs('dentist-1', dentist, dentist + HOUR),
      {
        'content-type': 'text/calendar',
      },
    );
    expect(put.status).toBe(201);
    // Create reads the calendar fresh: 409 although the cached availability still offers it.
    expect(await errorOf(await createAt('caldav-weber', dentist + HOUR / 2, 'caldav-busy-1'))).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
    });
    expect((await json(await weber.api('GET', '/api/bookings'))).data.items).toEqual([]);

    // Another day of the calendar is read now (not cached yet): its event is not offered.
    const otherDay = berlinTime(5, 14);
    await caldav('weber', PASSWORD)(
      'PUT',
      `${calendarUrl}dentist-2.ics`,
      eventIcs('dentist-2', otherDay, otherDay + HOUR),
      {
        'content-type': 'text/calendar',
      },
    );
    const slots = await slotsOn('caldav-weber', 5);
    expect(slots).not.toContain(otherDay);
    expect(slots).not.toContain(otherDay + HOUR / 2);
    expect(slots).toContain(otherDay + HOUR);
    expect(slots).toContain(otherDay - HOUR / 2);
  });

  it('writes a confirmed booking to the calendar, moves it with a reschedule and removes it with a cancel', async () => {
    const runtime = readPlatformRuntime(dataDir)!;
    await subscribeReceiver(runtime.services['webhook-dispatcher']!, weber.tenantId, hooks, 'weber');
    const at = berlinTime(4, 12);
    const created = await book(base, 'caldav-weber', at, { staffId: weber.staffId });
    const bookingId = created.booking.bookingId;
    const eventUrl = `${calendarUrl}${bookingId}.ics`;
    const client = caldav('weber', PASSWORD);

    expect((await weber.api('POST', `/api/bookings/${bookingId}/confirm`)).status).toBe(200);
    const written = await eventually('the event in Radicale', async () => {
      const res = await client('GET', eventUrl);
      return res.status === 200 ? res.text() : undefined;
    });
    expect(written).toContain(`DTSTART:${utc(at)}`);
    expect(written).toContain(`UID:${bookingId}@booking-platform`);
    const detail = await eventually('calendarSync synced', async () => {
      const body = await json(await weber.api('GET', `/api/bookings/${bookingId}`));
      return body.data.calendarSync?.status === 'synced' ? body.data : undefined;
    });
    expect(detail.calendarSync).toEqual({
      status: 'synced',
      provider: 'caldav',
      externalEventId: eventUrl,
      meetingUrl: null,
    });

    const moved = at + 2 * HOUR;
    const res = await weber.api('POST', `/api/bookings/${bookingId}/reschedule`, { startsAtMs: moved });
    expect(res.status, JSON.stringify(await json(res.clone()))).toBe(200);
    const after = await eventually('the moved event', async () => {
      const text = await (await client('GET', eventUrl)).text();
      return text.includes(`DTSTART:${utc(moved)}`) ? text : undefined;
    });
    expect(after).toContain(`DTEND:${utc(moved + HOUR / 2)}`);
    // One event for the booking, never two.
    const report = await client('PROPFIND', calendarUrl, undefined, { depth: '1' });
    expect((await report.text()).match(new RegExp(`${bookingId}\\.ics`, 'g'))).toHaveLength(1);

    expect((await weber.api('POST', `/api/bookings/${bookingId}/cancel`, { reason: 'ill' })).status).toBe(200);
    await eventually('the event removed', async () =>
      (await client('GET', eventUrl)).status === 404 ? true : undefined,
    );
    const removed = await json(await weber.api('GET', `/api/bookings/${bookingId}`));
    expect(removed.data.calendarSync).toMatchObject({ status: 'removed', provider: 'caldav' });
    const listed = await json(await weber.api('GET', '/api/integrations'));
    expect(listed.data.items[0].lastSyncAtMs).toEqual(expect.any(Number));

    // The webhooks: an event carries the write-back state the integrations service had when the
    // change was made; unknown before the first write (created, confirmed), then the synced event.
    const events = await eventually('the four webhooks', async () => {
      const got = hooks.received('weber').map((r) => r.event);
      return got.length >= 4 ? got : undefined;
    });
    const byType = new Map(events.map((e) => [e.type, e.data]));
    expect([...byType.keys()]).toEqual([
      'booking.created',
      'booking.confirmed',
      'booking.rescheduled',
      'booking.cancelled',
    ]);
    expect(byType.get('booking.created')).not.toHaveProperty('calendarSync');
    expect(byType.get('booking.confirmed')).not.toHaveProperty('calendarSync');
    expect(byType.get('booking.rescheduled')!.calendarSync).toEqual(detail.calendarSync);
    // Before the cancel the moved event was written or being written: the same external event.
    expect(byType.get('booking.cancelled')!.calendarSync).toEqual({
      status: expect.stringMatching(/^(synced|pending)$/),
      provider: 'caldav',
      externalEventId: eventUrl,
      meetingUrl: null,
    });
  });

  it('a calendar that cannot be read at create: 502 PROVIDER_ACTION_FAILED with nothing stored; book anyway: 201, synced later', async () => {
    const t = await tenant('caldav-outage');
    const conn = await connect(t.api, t.staffId, outageServer.url, 'second', OTHER_PASSWORD);
    await outageServer.kill();
    const at = berlinTime(3, 15);
    const refused = await createAt('caldav-outage', at, 'caldav-outage-1');
    expect(await errorOf(refused)).toMatchObject({ status: 502, code: 'PROVIDER_ACTION_FAILED' });
    expect((await json(await t.api('GET', '/api/bookings'))).data.items).toEqual([]);
    expect((await json(await t.api('GET', '/api/integrations'))).data.items).toMatchObject([
      { connectionId: conn.connectionId, status: 'error' },
    ]);

    expect((await json(await t.api('GET', '/api/integrations/settings'))).data).toEqual({
      bookWhenCalendarUnavailable: false,
    });
    const set = await t.api('PATCH', '/api/integrations/settings', { bookWhenCalendarUnavailable: true });
    expect((await json(set)).data).toEqual({ bookWhenCalendarUnavailable: true });
    const booked = await createAt('caldav-outage', at, 'caldav-outage-2');
    expect(booked.status).toBe(201);
    const bookingId = (await json(booked)).data.booking.bookingId as string;
    expect((await t.api('POST', `/api/bookings/${bookingId}/confirm`)).status).toBe(200);
    await eventually('a failed first write-back', async () => {
      const body = await json(await t.api('GET', `/api/bookings/${bookingId}`));
      return body.data.calendarSync?.status === 'pending' ? true : undefined;
    });

    await outageServer.restart();
    const detail = await eventually('the retried write-back', async () => {
      const body = await json(await t.api('GET', `/api/bookings/${bookingId}`));
      return body.data.calendarSync?.status === 'synced' ? body.data : undefined;
    });
    const event = await caldav('second', OTHER_PASSWORD)('GET', detail.calendarSync.externalEventId);
    expect(event.status).toBe(200);
    expect(await event.text()).toContain(`DTSTART:${utc(at)}`);
  });

  it('keeps tenants apart: another tenant sees none of the connections and cannot touch them', async () => {
    const other = await tenant('caldav-other');
    expect((await json(await other.api('GET', '/api/integrations'))).data.items).toEqual([]);
    expect((await errorOf(await other.api('GET', `/api/integrations/${connectionId}/calendars`))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await errorOf(await other.api('PATCH', `/api/integrations/${connectionId}`, { busyCalendarIds: [] }))).code,
    ).toBe('NOT_FOUND');
    expect((await errorOf(await other.api('POST', `/api/integrations/${connectionId}/disconnect`))).code).toBe(
      'NOT_FOUND',
    );
    // Still there for its own tenant.
    expect((await json(await weber.api('GET', '/api/integrations'))).data.items).toHaveLength(1);
  });

  it('chooses calendars: one that blocks nothing frees the time; disconnect forgets the account', async () => {
    const dentist = berlinTime(3, 10);
    const patched = await weber.api('PATCH', `/api/integrations/${connectionId}`, { busyCalendarIds: [] });
    expect((await json(patched)).data).toMatchObject({ busyCalendarIds: [], bookingCalendarId: calendarUrl });
    expect(await slotsOn('caldav-weber', 3)).toContain(dentist);
    expect(
      await errorOf(
        await weber.api('PATCH', `/api/integrations/${connectionId}`, {
          bookingCalendarId: `${radicale.url}weber/nope/`,
        }),
      ),
    ).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: [{ path: 'body.bookingCalendarId' }] });

    expect((await weber.api('POST', `/api/integrations/${connectionId}/disconnect`)).status).toBe(200);
    expect((await json(await weber.api('GET', '/api/integrations'))).data.items).toEqual([]);
    expect((await errorOf(await weber.api('GET', `/api/integrations/${connectionId}/calendars`))).code).toBe(
      'NOT_FOUND',
    );
  });

  it.runIf(serverGate('prom2json (Prometheus text parser)', prom2jsonMissing()))(
    'counts provider calls, busy-time cache reads and write-back outcomes on GET /metrics',
    async () => {
      const t = await tenant('caldav-metrics');
      // The counters are the process's: first let the earlier tests' calendar writes finish.
      await eventually('no calendar write due or running', async () => {
        const syncs = await stores.raw('integrations', 'calendar_syncs');
        return syncs.every((d) => d.dueAtMs === null && Number(d.leaseUntilMs) <= Date.now()) ? true : undefined;
      });
      const before = await scrapeMetrics(base);
      await connect(t.api, t.staffId, radicale.url, 'weber', PASSWORD);
      await slotsOn('caldav-metrics', 6); // read from Radicale, then cached
      await slotsOn('caldav-metrics', 6); // the booking service's kept answer: not asked at all
      // Create: no calendar read before the locks, a fresh one under them.
      const { booking } = await book(base, 'caldav-metrics', berlinTime(6, 9), { staffId: t.staffId });
      const syncOf = async () =>
        (await json(await t.api('GET', `/api/bookings/${booking.bookingId}`))).data.calendarSync?.status;
      expect((await t.api('POST', `/api/bookings/${booking.bookingId}/confirm`)).status).toBe(200);
      await eventually('synced', async () => ((await syncOf()) === 'synced' ? true : undefined));
      expect((await t.api('POST', `/api/bookings/${booking.bookingId}/cancel`, { reason: 'ill' })).status).toBe(200);
      await eventually('removed', async () => ((await syncOf()) === 'removed' ? true : undefined));

      const after = await scrapeMetrics(base);
      const moved = movedBetween(before, after);
      const own = { service: 'integrations' };
      expect(moved('integrations_busy_cache_total', { ...own, result: 'miss' })).toBe(1);
      // The create's look before the locks asks no calendar (docs/decisions.md "Integrations").
      expect(moved('integrations_busy_cache_total', { ...own, result: 'hit' })).toBe(0);
      expect(moved('integrations_busy_cache_total', { ...own, result: 'fresh' })).toBe(1);
      const calls = (operation: string, outcome = 'ok') =>
        moved('integrations_provider_request_duration_seconds', { ...own, provider: 'caldav', operation, outcome });
      expect(calls('list_calendars')).toBe(1);
      expect(calls('busy')).toBe(2);
      expect(calls('put_event')).toBe(1);
      expect(calls('delete_event')).toBe(1);
      expect(moved('integrations_provider_request_duration_seconds', { outcome: 'failed' })).toBe(0);
      expect(moved('integrations_calendar_writes_total', { ...own, outcome: 'synced' })).toBe(1);
      expect(moved('integrations_calendar_writes_total', { ...own, outcome: 'removed' })).toBe(1);
      expect(moved('integrations_calendar_writes_total', { ...own, outcome: 'retry' })).toBe(0);
      expect(after.find((f) => f.name === 'integrations_provider_request_duration_seconds')?.type).toBe('HISTOGRAM');
      expect(after.find((f) => f.name === 'integrations_calendar_writes_total')?.type).toBe('COUNTER');
    },
  );

  it('never shows a password in a response or a log line', async () => {
    const logs = proc.output();
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, OTHER_PASSWORD]) {
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(Buffer.from(`weber:${secret}`).toString('base64'));
      expect(logs).not.toContain(Buffer.from(`second:${secret}`).toString('base64'));
    }
    // The store holds it sealed, not in clear text.
    const raw = await stores.raw('integrations', 'integration_connections');
    expect(JSON.stringify(raw)).not.toContain(OTHER_PASSWORD);
    expect(raw.length).toBeGreaterThan(0);
  });
});

// The busy-times hop through the platform as a process (real HTTP through the gateway, the
// booking and integrations services over gRPC, Radicale as the calendar server): availability of
// a tenant without calendar connections makes no GetBusyTimes call once the integrations service
// said so, for at most the busy-time cache's time (BUSY_CACHE_MS); a calendar connected then
// blocks create at once (read fresh under the lock) and availability at the next read (the
// connect bumped the tenant's catalog version); a connected calendar's answer is kept as long as
// it holds. docs/decisions.md "Integrations".

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { json, prom2jsonMissing, radicaleMissing, serverGate, startRadicale, type RadicaleServer } from '@svc/testing';
import { berlinTime, postBooking, seedTenant, slotStartsOn } from './booking-fixture.js';
import { dashboard, errorOf, platformProcess, type PlatformStores } from './dashboard-fixture.js';
import { caldav, eventIcs, MKCALENDAR_WORK } from './caldav-fixture.js';
import { movedBetween, scrapeMetrics } from './metrics-fixture.js';

const run =
  serverGate('Radicale', radicaleMissing()) && serverGate('prom2json (Prometheus text parser)', prom2jsonMissing());

const PASSWORD = 'skip-app-password-5Tq1';
const HOUR = 3_600_000;
/** The busy-time cache's time of this platform: how stale "no connections" may be. */
const BUSY_CACHE_MS = 3_000;
const GET_BUSY_TIMES = { grpc_method: 'integrations.v1.IntegrationService/GetBusyTimes' };

describe.runIf(run)('the busy-times hop for tenants without calendar connections', () => {
  let radicale: RadicaleServer;
  let platform: Awaited<ReturnType<typeof platformProcess>>;
  let base: string;
  let dataDir: string;
  let stores: PlatformStores;

  beforeAll(async () => {
    radicale = await startRadicale({ lena: PASSWORD });
    expect(
      (
        await caldav('lena', PASSWORD)('MKCALENDAR', `${radicale.url}lena/work/`, MKCALENDAR_WORK, {
          'content-type': 'application/xml',
        })
      ).status,
    ).toBe(201);
    platform = await platformProcess('busy-times-hop', { LOG_LEVEL: 'warn', BUSY_CACHE_MS: String(BUSY_CACHE_MS) });
    ({ base, dataDir, stores } = platform);
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await radicale?.stop();
  });

  it('makes no GetBusyTimes call for availability of a tenant without connections; a calendar connected then blocks create at once and availability at the next read', async () => {
    const { tenantId, staffId } = await seedTenant(readPlatformRuntime(dataDir)!.services.catalog!, 'no-calendars');
    const dentist = berlinTime(3, 10);
    // The first answer says "none connected"; the next ones within BUSY_CACHE_MS do not ask.
    expect(await slotStartsOn(base, 'no-calendars', 3)).toContain(dentist);
    const before = await scrapeMetrics(base);
    for (const day of [2, 3, 3, 4]) await slotStartsOn(base, 'no-calendars', day);
    const moved = movedBetween(before, await scrapeMetrics(base));
    expect(moved('grpc_server_handling_seconds', { grpc_method: 'booking.v1.BookingService/GetAvailability' })).toBe(4);
    expect(moved('grpc_server_handling_seconds', GET_BUSY_TIMES)).toBe(0);

    // The staff member's own appointment, 10:00–11:00, in a calendar connected now.
    const put = await caldav('lena', PASSWORD)(
      'PUT',
      `${radicale.url}lena/work/dentist.ics`,
      eventIcs('dentist-skip', dentist, dentist + HOUR),
      { 'content-type': 'text/calendar' },
    );
    expect(put.status).toBe(201);
    const api = dashboard(base, await stores.session(tenantId, 'tenant_owner'));
    const connected = await api('POST', '/api/integrations/caldav', {
      staffId,
      serverUrl: radicale.url,
      username: 'lena',
      password: PASSWORD,
    });
    expect(connected.status, JSON.stringify(await json(connected.clone()))).toBe(201);

    // Create reads busy times fresh under the lock whatever availability remembers: refused at once.
    const beforeCreate = await scrapeMetrics(base);
    expect(await errorOf(await postBooking(base, 'no-calendars', dentist + HOUR / 2, 'skip-busy-1'))).toMatchObject({
      status: 409,
      code: 'BOOKING_SLOT_UNAVAILABLE',
    });
    expect(
      movedBetween(beforeCreate, await scrapeMetrics(base))('grpc_server_handling_seconds', GET_BUSY_TIMES),
    ).toBeGreaterThanOrEqual(1);

    // Availability asks again at once: the "none connected" answer was kept at the catalog
    // version from before the connect.
    const slots = await slotStartsOn(base, 'no-calendars', 3);
    expect(slots).not.toContain(dentist);
    expect(slots).not.toContain(dentist + HOUR / 2);
    expect(slots).toContain(dentist + HOUR);
    // Now connected: an answer is kept for as long as it holds (its calendar days are at most
    // BUSY_CACHE_MS old), then asked again.
    await new Promise((resolve) => setTimeout(resolve, BUSY_CACHE_MS + 50));
    const connectedBefore = await scrapeMetrics(base);
    await slotStartsOn(base, 'no-calendars', 3);
    await slotStartsOn(base, 'no-calendars', 3);
    expect(
      movedBetween(connectedBefore, await scrapeMetrics(base))('grpc_server_handling_seconds', GET_BUSY_TIMES),
    ).toBe(1);
  });
});

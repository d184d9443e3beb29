// What an anonymous caller can make the platform do to a staff member's calendar provider, and
// what a calendar server can make it hold (docs/decisions.md "Integrations"), through the
// platform as a process (`node apps/platform/dist/main.js`, real HTTP through the gateway):
// - public availability windows, alternating or far beyond the booking horizon, read each UTC
//   day of a real Radicale at most once, over one CalDAV session (counted on GET /metrics);
// - a CalDAV server that streams 200 MB is cut off at PROVIDER_MAX_RESPONSE_BYTES and refused
//   (502 PROVIDER_ACTION_FAILED), and the platform's resident memory barely moves;
// - a CalDAV server that stops answering while a booking is made ends in the integrations
//   service's verdict (502) within the booking's wait, not in the booking giving up (503).

import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { json, prom2jsonMissing, radicaleMissing, serverGate, startRadicale, type RadicaleServer } from '@svc/testing';
import { berlinTime, postBooking, seedTenant, slotStartsOn } from './booking-fixture.js';
import { dashboard, errorOf, platformProcess } from './dashboard-fixture.js';
import { caldav, eventIcs, MKCALENDAR_WORK } from './caldav-fixture.js';
import { movedBetween, scrapeMetrics } from './metrics-fixture.js';

const run = serverGate('Radicale', radicaleMissing()) && serverGate('prom2json', prom2jsonMissing());

const PASSWORD = 'limits-app-password-4Kd8';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MiB = 1024 * 1024;
const STREAM_BYTES = 200 * MiB;

/** Resident memory of a process in bytes: now (VmRSS) and its peak since the last reset (VmHWM). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

describe.runIf(run)('calendar providers behind public availability, through the platform process', () => {
  let radicale: RadicaleServer;
  let streamer: Server;
  let streamUrl: string;
  /** Bytes the streaming CalDAV endpoint handed to its sockets, over all its requests. */
  let streamed = 0;
  /** Radicale behind a proxy that stops answering calendar queries (REPORT) while `stalled`. */
  let proxy: Server;
  let proxyUrl: string;
  let stalled = false;
  let platform: Awaited<ReturnType<typeof platformProcess>>;

  beforeAll(async () => {
    radicale = await startRadicale({ limits: PASSWORD });
    const made = await caldav('limits', PASSWORD)('MKCALENDAR', `${radicale.url}limits/work/`, MKCALENDAR_WORK, {
      'content-type': 'application/xml',
    });
    expect(made.status).toBe(201);

    // A "CalDAV server" whose every answer is a 200 MB multistatus, written as fast as it is read.
    streamer = createServer((req, res) => {
      req.resume();
      res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
      const chunk = Buffer.alloc(64 * 1024, ' ');
      let left = STREAM_BYTES / chunk.length;
      res.write('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">');
      const pump = () => {
        while (left > 0) {
          left--;
          streamed += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('</d:multistatus>');
      };
      res.on('close', () => (left = 0));
      pump();
    });
    await new Promise<void>((resolve) => streamer.listen(0, '127.0.0.1', resolve));
    streamUrl = `http://127.0.0.1:${(streamer.address() as AddressInfo).port}/`;

    proxy = createServer((req, res) => {
      if (stalled && req.method === 'REPORT') return void req.resume();
      const target = new URL(req.url ?? '/', radicale.url);
      const forward = httpRequest(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;

    platform = await platformProcess('calendar-provider-limits', {
      // Long enough that nothing read in this test expires from the busy-time cache.
      BUSY_CACHE_MS: String(30 * 60_000),
      PROVIDER_TIMEOUT_MS: '20000',
    });
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    streamer?.closeAllConnections();
    proxy?.closeAllConnections();
    await Promise.all([
      radicale?.stop(),
      new Promise((resolve) => streamer?.close(resolve)),
      new Promise((resolve) => proxy?.close(resolve)),
    ]);
  });

  async function tenant(slug: string) {
    const seeded = await seedTenant(readPlatformRuntime(platform.dataDir)!.services.catalog!, slug);
    const session = await platform.stores.session(seeded.tenantId, 'tenant_owner');
    return { ...seeded, api: dashboard(platform.base, session) };
  }

  it('200 alternating one-day windows read each UTC day of the horizon at most once, over one session; windows beyond it read nothing', async () => {
    const t = await tenant('limits-alternating');
    // The staff member's own appointment on the first day, 10:00–11:00 Berlin time.
    const busyAt = berlinTime(2, 10);
    const put = await caldav('limits', PASSWORD)(
      'PUT',
      `${radicale.url}limits/work/dentist.ics`,
      eventIcs('dentist', busyAt, busyAt + HOUR),
      { 'content-type': 'text/calendar' },
    );
    expect(put.status).toBe(201);

    const before = await scrapeMetrics(platform.base);
    const connect = await t.api('POST', '/api/integrations/caldav', {
      staffId: t.staffId,
      serverUrl: radicale.url,
      username: 'limits',
      password: PASSWORD,
    });
    expect(connect.status, JSON.stringify(await json(connect.clone()))).toBe(201);

    const days = [2, 5];
    for (let i = 0; i < 200; i++) {
      const day = days[i % 2]!;
      const slots = await slotStartsOn(platform.base, 'limits-alternating', day);
      expect(slots).toHaveLength(day === 2 ? 14 : 16);
      if (day === 2) expect(slots).not.toContain(busyAt);
    }
    // Past the service's 90-day horizon and before now: no start can be offered, no calendar is asked.
    for (let i = 0; i < 100; i++) {
      expect(await slotStartsOn(platform.base, 'limits-alternating', i % 2 === 0 ? 120 : 400)).toEqual([]);
      expect(await slotStartsOn(platform.base, 'limits-alternating', -3 - (i % 2))).toEqual([]);
    }

    const moved = movedBetween(before, await scrapeMetrics(platform.base));
    const own = { service: 'integrations', provider: 'caldav' };
    const reads = moved('integrations_provider_request_duration_seconds', { ...own, operation: 'busy' });
    // The UTC days the two Berlin days' slots (30 minutes, no buffers) can occupy.
    const utcDays = new Set<number>();
    for (const day of days) {
      for (let t0 = berlinTime(day, 0); t0 < berlinTime(day, 0) + DAY + 30 * 60_000; t0 += HOUR) {
        utcDays.add(Math.floor(t0 / DAY));
      }
    }
    expect(reads).toBeGreaterThanOrEqual(days.length);
    expect(reads).toBeLessThanOrEqual(utcDays.size);
    // One CalDAV login and discovery for the connection: the connect's, kept for every read.
    expect(moved('integrations_provider_sessions_total', own)).toBe(1);
    expect(moved('integrations_provider_request_duration_seconds', { ...own, operation: 'list_calendars' })).toBe(1);
    // Each of the two windows asked the integrations service once: the booking service takes its
    // kept answer for the other 198 (BUSY_CACHE_MS, half an hour here, outlasts the loop); those the
    // integrations service had to read are misses.
    const hits = moved('integrations_busy_cache_total', { service: 'integrations', result: 'hit' });
    const misses = moved('integrations_busy_cache_total', { service: 'integrations', result: 'miss' });
    expect(hits + misses).toBe(days.length);
    expect(misses).toBeLessThanOrEqual(reads);
    console.log(
      `[calendar-provider-limits] 200 alternating windows, 100 beyond the horizon, 100 before now: ${reads} provider reads ` +
        `(${utcDays.size} UTC days), 1 session`,
    );
  });

  it('refuses a CalDAV server that streams 200 MB (502), cut off while it streams; the RSS grows by less than 50 MB', async () => {
    const t = await tenant('limits-stream');
    // The same path once against a real server first (a refused password), so what is measured
    // below is the stream, not the first use of the connect path.
    const warm = await t.api('POST', '/api/integrations/caldav', {
      staffId: t.staffId,
      serverUrl: radicale.url,
      username: 'limits',
      password: 'not-the-password',
    });
    expect((await errorOf(warm)).status).toBe(400);
    const pid = platform.proc.pid;
    const start = memoryOf(pid);
    // Peak resident memory from here on (Linux: 5 resets VmHWM to the current RSS).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const res = await t.api('POST', '/api/integrations/caldav', {
      staffId: t.staffId,
      serverUrl: streamUrl,
      username: 'limits',
      password: PASSWORD,
    });
    expect(await errorOf(res)).toMatchObject({
      status: 502,
      code: 'PROVIDER_ACTION_FAILED',
      message: expect.stringContaining(`answered with more than ${5 * MiB} bytes`),
    });
    const end = memoryOf(pid);
    const growth = Math.max(end.peak, end.rss) - start.rss;
    console.log(
      `[calendar-provider-limits] 200 MB stream refused: RSS ${(start.rss / MiB).toFixed(1)} MB → peak ` +
        `${(end.peak / MiB).toFixed(1)} MB (growth ${(growth / MiB).toFixed(1)} MB); the server wrote ` +
        `${(streamed / MiB).toFixed(1)} MB`,
    );
    expect(growth).toBeLessThan(50 * MiB);
    // The server was stopped early: far less than even one whole answer left it.
    expect(streamed).toBeLessThan(STREAM_BYTES / 4);
    expect((await json(await t.api('GET', '/api/integrations'))).data.items).toEqual([]);
  });

  it('a calendar that stops answering during a create: 502 from the integrations service within the booking’s wait, never 503', async () => {
    const t = await tenant('limits-stall');
    const connect = await t.api('POST', '/api/integrations/caldav', {
      staffId: t.staffId,
      serverUrl: proxyUrl,
      username: 'limits',
      password: PASSWORD,
    });
    expect(connect.status, JSON.stringify(await json(connect.clone()))).toBe(201);
    const [slot] = await slotStartsOn(platform.base, 'limits-stall', 3);
    stalled = true;
    try {
      const started = Date.now();
      // PROVIDER_TIMEOUT_MS is 20 s here: only the booking's deadline can end this sooner.
      const res = await postBooking(platform.base, 'limits-stall', slot!, 'limits-stall-1');
      const tookMs = Date.now() - started;
      expect(await errorOf(res)).toMatchObject({ status: 502, code: 'PROVIDER_ACTION_FAILED' });
      // The fresh read waits 4 s at most (FRESH_BUSY_DEADLINE_MS), inside the gateway's 10 s for a locked write.
      expect(tookMs).toBeLessThan(10_000);
      console.log(`[calendar-provider-limits] a stalled calendar at create: 502 after ${tookMs} ms`);
    } finally {
      stalled = false;
    }
  }, 60_000);
});

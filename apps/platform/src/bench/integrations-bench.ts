// Availability with connected calendars (docs/benchmarks.md "Availability with connected
// calendars"): 10 staff, each with a CalDAV calendar (Radicale) holding 500 events and a daily
// series over a year (issue 30: its occurrences expanded at every read of the calendar), on the
// embedded platform; p50/p99 of one availability request with the busy-time cache warm, with it
// cold, and the same request for an identical tenant without integrations, in one run.
// Run: npm run bench (from the repository root), or node apps/platform/dist/bench/integrations-bench.js
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectService } from '@svc/grpc';
import { integrationsV1 } from '@svc/proto';
import { radicaleMissing, startRadicale, VTIMEZONES } from '@svc/testing';
import { platformConfigSchema } from '../config.js';
import { startEmbeddedPlatform } from '../embedded-platform.js';
import { seedStaffedTenant } from './bench-tenant.js';
import { runLoad, type LoadResult } from './load.js';

const STAFF = 10;
const EVENTS_PER_CALENDAR = 500;
const DAY = 86_400_000;
const WINDOW_DAYS = 7;
/** The events spread over this many days from the first window on (about 8 a day). */
const EVENT_SPAN_DAYS = 60;
const RUNS = { baseline: 300, warm: 300, cold: 60 };
/**
 * Baseline and warm run in this many alternating rounds (each a fifth of their requests), so
 * both meet the same machine; the round with the median warm/baseline ratio is shown.
 */
const ROUNDS = 5;
/** The cold runs ask the weeks from this one on (after the warm-up's and the warm runs' window). */
const COLD_FIRST_WEEK = 2;

const missing = radicaleMissing();
if (missing) {
  console.error(`integrations bench: Radicale is required (${missing}); .ci/run shows how to install it`);
  process.exit(1);
}

const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The daily series starts this long before the first window and runs a year. */
const SERIES_LEAD_DAYS = 180;

/**
 * One staff member's calendar: 500 one-hour events at pseudo-random hours of the span's days,
 * and a daily 30-minute meeting (in Berlin time, so expanded across DST changes) from half a
 * year before the first window to half a year after it.
 */
function calendarOf(staff: number, firstMs: number): string {
  let seed = 0x9e3779b9 ^ (staff + 1);
  const random = () => {
    // mulberry32: the same calendar on every run.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//calendar//EN'];
  for (let i = 0; i < EVENTS_PER_CALENDAR; i++) {
    const day = Math.floor(random() * EVENT_SPAN_DAYS);
    const start = firstMs + day * DAY + Math.floor(random() * 24) * 1_800_000 + 7 * 3_600_000;
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${staff}-${i}`,
      `DTSTAMP:${utc(firstMs)}`,
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(start + 3_600_000)}`,
      'SUMMARY:Busy',
      'END:VEVENT',
    );
  }
  const seriesStart = new Date(firstMs - SERIES_LEAD_DAYS * DAY);
  const ymd = seriesStart.toISOString().slice(0, 10).replace(/-/g, '');
  lines.push(
    ...VTIMEZONES['Europe/Berlin']!,
    'BEGIN:VEVENT',
    `UID:bench-${staff}-daily`,
    `DTSTAMP:${utc(firstMs)}`,
    `DTSTART;TZID=Europe/Berlin:${ymd}T${String(8 + (staff % 4)).padStart(2, '0')}3000`,
    'DURATION:PT30M',
    `RRULE:FREQ=DAILY;UNTIL=${utc(seriesStart.getTime() + 365 * DAY)}`,
    'SUMMARY:Daily stand-up',
    'END:VEVENT',
  );
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

const users = Object.fromEntries(Array.from({ length: STAFF }, (_, i) => [`staff${i}`, `bench-password-${i}`]));
const radicale = await startRadicale(users);
const dataDir = mkdtempSync(join(tmpdir(), 'integrations-bench-'));
const platform = await startEmbeddedPlatform(
  platformConfigSchema.parse({
    PORT: 0,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    // Warm runs repeat one window inside this; each cold run asks a week not read before.
    BUSY_CACHE_MS: 600_000,
  }),
);
const integrations = connectService(integrationsV1.IntegrationServiceService, platform.services.integrations.address);
try {
  const firstDay = Math.ceil((Date.now() + DAY) / DAY) * DAY;
  // Bookable far enough ahead for the cold runs' weeks.
  const shape = { maxAdvanceDays: (COLD_FIRST_WEEK + RUNS.cold + 1) * WINDOW_DAYS };
  const connectedTenant = await seedStaffedTenant(platform.services.catalog.address, 'bench-calendars', STAFF, shape);
  await seedStaffedTenant(platform.services.catalog.address, 'bench-plain', STAFF, shape);

  // Each staff member's calendar uploaded whole (Radicale splits it into 501 items), then connected.
  for (let i = 0; i < STAFF; i++) {
    const url = `${radicale.url}staff${i}/calendar/`;
    const res = await fetch(url, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(`staff${i}:${users[`staff${i}`]}`).toString('base64')}`,
        'content-type': 'text/calendar',
      },
      body: calendarOf(i, firstDay),
    });
    if (res.status >= 300) throw new Error(`uploading calendar ${i}: ${res.status} ${await res.text()}`);
    await integrations.connectCaldav({
      tenantId: connectedTenant.tenantId,
      staffId: connectedTenant.staffIds[i]!,
      serverUrl: radicale.url,
      username: `staff${i}`,
      password: users[`staff${i}`]!,
    });
  }

  const availability = (slug: string, fromMs: number) => () =>
    fetch(
      `${platform.url}/book/${slug}/availability?serviceSlug=consult&fromMs=${fromMs}&toMs=${fromMs + WINDOW_DAYS * DAY}`,
    );
  const windowA = firstDay;
  const slotsIn = async (slug: string) =>
    ((await (await availability(slug, windowA)()).json()) as { data: { slots: unknown[] } }).data.slots.length;

  // Warm-up (connections, JIT, the first calendar reads).
  await runLoad(30, 1, availability('bench-plain', windowA), 200);
  await runLoad(10, 1, availability('bench-calendars', windowA), 200);

  const rows: Array<[string, LoadResult, number]> = [];
  const rounds: Array<{ baseline: LoadResult; warm: LoadResult; ratio: number }> = [];
  for (let r = 0; r < ROUNDS; r++) {
    const baselineRound = await runLoad(RUNS.baseline / ROUNDS, 1, availability('bench-plain', windowA), 200);
    const warmRound = await runLoad(RUNS.warm / ROUNDS, 1, availability('bench-calendars', windowA), 200);
    rounds.push({ baseline: baselineRound, warm: warmRound, ratio: warmRound.p50Ms / baselineRound.p50Ms });
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  const { baseline, warm } = rounds[Math.floor(ROUNDS / 2)]!;
  rows.push(['without integrations (baseline)', baseline, await slotsIn('bench-plain')]);
  rows.push(['connected calendars, warm busy-time cache', warm, await slotsIn('bench-calendars')]);
  // Every week asked once: neither the booking service's kept answers nor the integrations
  // service's days know it, so each request reads the ten calendars.
  const cold = await runLoad(
    RUNS.cold,
    1,
    (i) => availability('bench-calendars', windowA + (COLD_FIRST_WEEK + i) * WINDOW_DAYS * DAY)(),
    200,
  );
  rows.push(['connected calendars, cold (10 CalDAV queries per request)', cold, await slotsIn('bench-calendars')]);

  console.log(
    `\nAvailability of a ${WINDOW_DAYS}-day window, ${STAFF} staff, ${EVENTS_PER_CALENDAR} events and a daily series over a year per calendar (Radicale ${radicale.url}), one request at a time\n`,
  );
  console.log('| case | requests | errors | p50 ms | p99 ms | p50 / baseline | slots |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, r, slots] of rows) {
    console.log(
      `| ${name} | ${r.requests} | ${r.errors} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${(r.p50Ms / baseline.p50Ms).toFixed(2)}× | ${slots} |`,
    );
  }
  console.log(
    `\nwarm / baseline p50 in each of ${ROUNDS} alternating rounds: ${rounds.map((r) => `${r.ratio.toFixed(2)}×`).join(', ')}`,
  );
  if (rows.some(([, r]) => r.errors > 0) || rounds.some((r) => r.baseline.errors + r.warm.errors > 0)) {
    process.exitCode = 1;
  }
} finally {
  integrations.close();
  await platform.stop();
  await radicale.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

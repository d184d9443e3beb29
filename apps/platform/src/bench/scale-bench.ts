// A busy tenant at scale (docs/benchmarks.md "Scale: a busy tenant"): the embedded platform runs
// as its own process (apps/platform/dist/main.js) and this process is only the load generator, so
// the platform's one Node thread is not shared with the clients. One tenant of 10 staff, Mon–Sat
// 08:00–20:00 Europe/Berlin, a 30-minute service on a 15-minute grid with 5 minutes of buffer
// after, 2,000 confirmed bookings over the next 31 days; 16 clients in a closed loop against
// `GET /book/{slug}/config` (the one-hop baseline), availability over 1 and 31 days, then public
// creates at 8 and 32 clients and a contended burst, and a check that no staff member holds two
// overlapping bookings. Under the table: what a create cost in hops and waits (gRPC calls per
// create by method, mean capacity-lock wait, mean outbox relay batch, from the platform's /metrics).
//
// Run: npm run bench (from the repository root), or after a build
//   node apps/platform/dist/bench/scale-bench.js                 # the table
//   node apps/platform/dist/bench/scale-bench.js --profile       # a CPU profile of each route instead
//   node apps/platform/dist/bench/scale-bench.js --profile --only create   # of public creates (32 clients) only
//   node apps/platform/dist/bench/scale-bench.js --minutes 5     # memory of the platform over 5 minutes
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectService, type BookingClient } from '@svc/grpc';
import { bookingV1 } from '@svc/proto';
import { seedStaffedTenant } from './bench-tenant.js';
import { formatProfileSummary, summarizeCpuProfile } from './cpu-profile.js';
import { runLoad, type LoadResult } from './load.js';
import { startPlatform, stopPlatform, type Platform } from './platform-process.js';
import { cpuMs, residentMb } from './process-stats.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: process.env.SCALE_BENCH_MINUTES ?? '0' },
    profile: { type: 'boolean', default: process.env.SCALE_BENCH_PROFILE === '1' },
    /** With --profile: only the routes whose name contains this (e.g. "31", "create"). */
    only: { type: 'string' },
  },
});
const minutes = Number(values.minutes);
if (!(minutes >= 0)) {
  process.stderr.write('--minutes must be a number of minutes (0 = no memory run)\n');
  process.exit(2);
}

const SLUG = 'scale';
const ZONE = 'Europe/Berlin';
const STAFF = 10;
const BOOKINGS = 2_000;
const CLIENTS = 16;
const DAY = 86_400_000;
const MINUTE = 60_000;
/** Bookings sit on a 45-minute cadence per staff member (30 min + 5 min buffer fit, the grid is 15). */
const CADENCE_MIN = 45;
const PER_DAY = 16; // 08:00, 08:45, ..., 19:15 (ends 19:45, buffer to 19:50)

/** Wall-clock parts of an instant in the tenant's zone. */
const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
function wallClock(ms: number): { y: number; m: number; d: number; asUtcMs: number } {
  const p = Object.fromEntries(zoneParts.formatToParts(ms).map((x) => [x.type, Number(x.value)]));
  return {
    y: p.year!,
    m: p.month!,
    d: p.day!,
    asUtcMs: Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!),
  };
}
/** The instant of a wall-clock time in the tenant's zone (two passes settle the offset). */
function zonedMs(y: number, m: number, d: number, minute: number): number {
  const wanted = Date.UTC(y, m - 1, d, 0, minute);
  let t = wanted;
  for (let i = 0; i < 2; i++) t += wanted - wallClock(t).asUtcMs;
  return t;
}

/** The local days from tomorrow on: their midnight and weekday (0 = Sunday). */
function localDays(
  count: number,
  offset = 0,
): Array<{ startMs: number; weekday: number; y: number; m: number; d: number }> {
  const today = wallClock(Date.now());
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(today.y, today.m - 1, today.d + 1 + offset + i));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    return { startMs: zonedMs(y, m, d, 0), weekday: date.getUTCDay(), y, m, d };
  });
}

/** (staff, start) pairs on the 45-minute cadence of the open days among `days`, in a seeded shuffled order. */
function cadenceSlots(days: ReturnType<typeof localDays>, staffIds: string[], seed: number) {
  const slots: Array<{ staffId: string; startsAtMs: number }> = [];
  for (const day of days) {
    if (day.weekday === 0) continue;
    for (const staffId of staffIds) {
      for (let k = 0; k < PER_DAY; k++) {
        slots.push({ staffId, startsAtMs: zonedMs(day.y, day.m, day.d, 480 + k * CADENCE_MIN) });
      }
    }
  }
  let s = seed;
  const random = () => {
    // mulberry32: the same order on every run.
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }
  return slots;
}

function postCreate(url: string, key: string, startsAtMs: number, staffId?: string): Promise<Response> {
  return fetch(`${url}/book/${SLUG}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      serviceSlug: 'consult',
      startsAtMs,
      ...(staffId ? { staffId } : {}),
      customer: { name: `C ${key}`, primaryEmail: `${key}@scale.test` },
    }),
  });
}

/** Every held (unexpired) or confirmed booking of the tenant, through the booking service's list. */
async function occupyingBookings(booking: BookingClient, tenantId: string): Promise<bookingV1.Booking[]> {
  const out: bookingV1.Booking[] = [];
  let cursor = '';
  const now = Date.now();
  do {
    const res = await booking.listBookings({
      tenantId,
      page: { limit: 100, cursor },
      status: '',
      serviceId: '',
      staffId: '',
      customerId: '',
    });
    for (const b of res.items) {
      if (b.status === 'confirmed' || (b.status === 'held' && (b.holdExpiresAtMs ?? Infinity) > now)) out.push(b);
    }
    cursor = res.page?.nextCursor ?? '';
  } while (cursor !== '');
  return out;
}

/** How many bookings start inside the occupied time (with the 5-minute buffer after) of an earlier one of the same staff member. */
function doubleBookings(bookings: bookingV1.Booking[], bufferAfterMs: number): number {
  const byStaff = new Map<string, bookingV1.Booking[]>();
  for (const b of bookings) byStaff.set(b.staffId, [...(byStaff.get(b.staffId) ?? []), b]);
  let overlaps = 0;
  for (const list of byStaff.values()) {
    list.sort((a, b) => a.startsAtMs - b.startsAtMs);
    let end = -Infinity;
    for (const b of list) {
      if (b.startsAtMs < end) overlaps++;
      end = Math.max(end, b.endsAtMs + bufferAfterMs);
    }
  }
  return overlaps;
}

/** A load run with the platform process's CPU time per request beside it. */
async function measured(
  platform: Platform,
  total: number,
  clients: number,
  request: (i: number) => Promise<Response>,
  expect: number | number[],
): Promise<LoadResult & { platformCpuMs: number }> {
  const cpu0 = cpuMs(platform.app.pid);
  const r = await runLoad(total, clients, request, expect);
  return { ...r, platformCpuMs: (cpuMs(platform.app.pid) - cpu0) / total };
}

/** Counters of the platform's /metrics a create moves: gRPC calls by method, lock waits, relay batches. */
async function createCounters(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^grpc_server_handling_seconds_count\{[^}]*grpc_method="([^"]+)"[^}]*\} (\S+)/gm))
    out.set(`gRPC ${m[1]}`, (out.get(`gRPC ${m[1]}`) ?? 0) + Number(m[2]));
  for (const name of ['booking_lock_wait_seconds', 'booking_outbox_relay_batch_size'])
    for (const part of ['sum', 'count'])
      for (const m of text.matchAll(new RegExp(`^${name}_${part}(?:\\{[^}]*\\})? (\\S+)`, 'gm')))
        out.set(`${name}_${part}`, (out.get(`${name}_${part}`) ?? 0) + Number(m[1]));
  return out;
}

/** What the creates between two readings of `createCounters` cost in hops and waits, one line each. */
function createCostLines(before: Map<string, number>, after: Map<string, number>, creates: number): string[] {
  const delta = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
  const lines = [...after.keys()]
    .filter((k) => k.startsWith('gRPC ') && delta(k) > 0)
    .sort()
    .map((k) => `${(delta(k) / creates).toFixed(2)} ${k} per create`);
  const total = lines.length
    ? [...after.keys()].filter((k) => k.startsWith('gRPC ')).reduce((n, k) => n + delta(k), 0)
    : 0;
  lines.push(`${(total / creates).toFixed(2)} gRPC calls per create in all`);
  const mean = (name: string) => delta(`${name}_sum`) / delta(`${name}_count`);
  lines.push(`capacity-lock wait: mean ${(mean('booking_lock_wait_seconds') * 1000).toFixed(2)} ms`);
  lines.push(`outbox relay batch: mean ${mean('booking_outbox_relay_batch_size').toFixed(2)} events`);
  return lines;
}

const dataDir = mkdtempSync(join(tmpdir(), 'scale-bench-'));
let platform = await startPlatform(dataDir);
try {
  // --- Seed: the tenant, then 2,000 bookings spread over the next 31 days, confirmed.
  const { tenantId, staffIds } = await seedStaffedTenant(platform.services.catalog!, SLUG, STAFF, {
    weekdays: [1, 2, 3, 4, 5, 6],
    bufferBeforeMin: 0,
    bufferAfterMin: 5,
    slotIntervalMin: 15,
    maxAdvanceDays: 365,
  });
  const window = localDays(31);
  const fromMs = window[0]!.startMs;
  const seeded = cadenceSlots(window, staffIds, 14).slice(0, BOOKINGS);
  const seedIds: string[] = [];
  const seedRun = await runLoad(
    BOOKINGS,
    CLIENTS,
    async (i) => {
      const res = await postCreate(platform.url, `seed-${i}`, seeded[i]!.startsAtMs, seeded[i]!.staffId);
      if (res.status === 201)
        seedIds.push(
          ((await res.clone().json()) as { data: { booking: { bookingId: string } } }).data.booking.bookingId,
        );
      return res;
    },
    201,
  );
  if (seedRun.errors > 0)
    throw new Error(`seeding: ${seedRun.errors} creates failed (${JSON.stringify(seedRun.statuses)})`);
  const booking = connectService(bookingV1.BookingServiceService, platform.services.booking!);
  try {
    // Holds expire after 10 minutes; the scenario's bookings are confirmed ones.
    for (let i = 0; i < seedIds.length; i += CLIENTS) {
      await Promise.all(
        seedIds
          .slice(i, i + CLIENTS)
          .map((bookingId) =>
            booking.changeBookingStatus({ tenantId, bookingId, action: 'confirm', reason: '', actor: 'staff' }),
          ),
      );
    }
  } finally {
    booking.close();
  }

  const config = () => fetch(`${platform.url}/book/${SLUG}/config`);
  const availability = (days: number) => () =>
    fetch(`${platform.url}/book/${SLUG}/availability?serviceSlug=consult&fromMs=${fromMs}&toMs=${fromMs + days * DAY}`);
  const sample = (await (await availability(31)()).json()) as { data: { slots: unknown[] } };
  const oneDay = (await (await availability(1)()).json()) as { data: { slots: unknown[] } };
  console.log(
    `\nScale scenario: ${STAFF} staff, ${BOOKINGS} confirmed bookings from ${new Date(fromMs).toISOString()} over 31 days; ` +
      `31-day answer ${sample.data.slots.length} slots, 1-day answer ${oneDay.data.slots.length}; node ${process.version}`,
  );

  // --- Creates go to the days after the window, each to its own staff member and 45-minute cadence slot.
  const createSlots = cadenceSlots(localDays(300, 31), staffIds, 41);
  let nextCreate = 0;
  const create = (prefix: string) => (i: number) => {
    const slot = createSlots[nextCreate++]!;
    return postCreate(platform.url, `${prefix}-${i}`, slot.startsAtMs, slot.staffId);
  };

  if (values.profile) {
    // One profile per read route: the platform again on the same data, with --cpu-prof.
    await stopPlatform(platform);
    for (const [name, route, total, clients, status] of [
      ['config', config, 3000, CLIENTS, 200],
      ['availability, 1 day', availability(1), 2000, CLIENTS, 200],
      ['availability, 31 days', availability(31), 500, CLIENTS, 200],
      ['public create, 32 clients', create('prof'), 2000, 32, 201],
    ] as const) {
      if (values.only && !name.includes(values.only)) continue;
      const profDir = mkdtempSync(join(tmpdir(), 'scale-prof-'));
      platform = await startPlatform(dataDir, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
      await runLoad(100, clients, route, status);
      await runLoad(total, clients, route, status);
      await stopPlatform(platform);
      const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error('no CPU profile written');
      const title = `CPU profile of the platform, ${total} × ${name}`;
      console.log(formatProfileSummary(title, summarizeCpuProfile(join(profDir, file))));
      console.log(`(profile kept at ${join(profDir, file)})`);
    }
  } else if (minutes > 0) {
    await memoryRun(platform, minutes, [config, availability(1), availability(31), create('soak')]);
  } else {
    // Warm-up: JIT, connections, caches.
    await runLoad(300, CLIENTS, config, 200);
    await runLoad(200, CLIENTS, availability(1), 200);
    await runLoad(50, CLIENTS, availability(31), 200);

    const rows: Array<[string, LoadResult & { platformCpuMs: number }]> = [
      ['GET /book/{slug}/config (baseline)', await measured(platform, 3000, CLIENTS, config, 200)],
      ['availability, 1 day', await measured(platform, 2000, CLIENTS, availability(1), 200)],
      ['availability, 31 days', await measured(platform, 500, CLIENTS, availability(31), 200)],
    ];
    const beforeCreates = await createCounters(platform.url);
    rows.push(['public create, 8 clients', await measured(platform, 1000, 8, create('c8'), 201)]);
    rows.push(['public create, 32 clients', await measured(platform, 1000, 32, create('c32'), 201)]);
    const createCost = createCostLines(beforeCreates, await createCounters(platform.url), 2000);
    // Contention: twelve requests at a time ask for one start with any staff member; at most ten
    // (the staff) may win, so at least two of each twelve get 409.
    const GROUP = 12;
    const contended = createSlots.slice(nextCreate, nextCreate + 40);
    const wins = new Array<number>(contended.length).fill(0);
    const burst = await measured(
      platform,
      contended.length * GROUP,
      32,
      async (i) => {
        const res = await postCreate(platform.url, `race-${i}`, contended[Math.floor(i / GROUP)]!.startsAtMs);
        if (res.status === 201) wins[Math.floor(i / GROUP)]!++;
        return res;
      },
      [201, 409],
    );

    const base = rows[0]![1];
    const fmt = (n: number, d = 1) => n.toFixed(d).padStart(8);
    console.log(`\n${CLIENTS} clients in a closed loop unless said otherwise; the platform in its own process\n`);
    console.log(
      '| route | requests | errors | req/s | p50 ms | p99 ms | p99/p50 | platform CPU ms/req | req/s vs config |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [name, r] of [...rows, ['contended create, 32 clients (201 or 409)', burst] as const]) {
      const statuses = r.errors > 0 ? ` (statuses ${JSON.stringify(r.statuses)})` : '';
      console.log(
        `| ${name}${statuses} | ${r.requests} | ${r.errors} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50Ms, 2)} | ${fmt(r.p99Ms, 2)} | ${(r.p99Ms / r.p50Ms).toFixed(1)} | ${r.platformCpuMs.toFixed(2)} | ${(r.perSecond / base.perSecond).toFixed(3)} |`,
      );
    }
    console.log(
      `\nWhat one public create cost (the 2,000 creates above):\n${createCost.map((l) => `- ${l}`).join('\n')}`,
    );
    const overbooked = wins.filter((w) => w > STAFF).length;
    const client = connectService(bookingV1.BookingServiceService, platform.services.booking!);
    const live = await occupyingBookings(client, tenantId).finally(() => client.close());
    const overlaps = doubleBookings(live, 5 * MINUTE);
    console.log(
      `\nContended burst: ${contended.length} starts × ${GROUP} requests: ${burst.statuses[201] ?? 0} created, ${burst.statuses[409] ?? 0} answered 409, ${overbooked} starts with more than ${STAFF} winners.` +
        `\nDouble bookings among ${live.length} held and confirmed bookings (per staff member, with the buffer): ${overlaps}`,
    );
    if (rows.some(([, r]) => r.errors > 0) || burst.errors > 0 || overbooked > 0 || overlaps > 0) {
      process.exitCode = 1;
    }
  }
} finally {
  // Stopped already when the last step was a profile (its exit code was checked then).
  platform.app.kill('SIGTERM');
  await platform.app.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The read routes and creates in turn for `minutes`, printing the platform's resident memory and
 * V8 heap (from its /metrics) every 30 seconds: flat means no leak.
 */
async function memoryRun(p: Platform, minutes: number, routes: Array<(i: number) => Promise<Response>>): Promise<void> {
  const heapMb = async () => {
    const text = await (await fetch(`${p.url}/metrics`)).text();
    const used = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m.exec(text)?.[1];
    return used ? Number(used) / 2 ** 20 : NaN;
  };
  const until = Date.now() + minutes * MINUTE;
  console.log('\n| minute | requests | RSS MB | heap used MB |\n|---:|---:|---:|---:|');
  let requests = 0;
  const t0 = Date.now();
  const print = async () =>
    console.log(
      `| ${((Date.now() - t0) / MINUTE).toFixed(1)} | ${requests} | ${residentMb(p.app.pid).toFixed(0)} | ${(await heapMb()).toFixed(1)} |`,
    );
  await print();
  let i = 0;
  while (Date.now() < until) {
    const batchEnd = Math.min(until, Date.now() + 30_000);
    while (Date.now() < batchEnd) {
      // One create in ten; the rest split over config and the two availability windows.
      const r = await runLoad(200, CLIENTS, (k) => routes[(i + k) % 10 === 9 ? 3 : (i + k) % 3]!(i + k), [200, 201]);
      if (r.errors > 0) throw new Error(`memory run: unexpected statuses ${JSON.stringify(r.statuses)}`);
      i += 200;
      requests += 200;
    }
    await print();
  }
}

// A busy tenant at scale (docs/benchmarks.md "Scale: a busy tenant"): the embedded platform runs
// as its own process (apps/platform/dist/main.js) and this process is only the load generator, so
// the platform's one Node thread is not shared with the clients. One tenant of 10 staff, Mon–Sat
// 08:00–20:00 Europe/Berlin, a 30-minute service on a 15-minute grid with 5 minutes of buffer
// after, 2,000 confirmed bookings over the next 31 days; 16 clients in a closed loop against
// `GET /book/{slug}/config` (the one-hop baseline), availability over 1 and 31 days, then public
// creates at 8 and 32 clients and a contended burst, and a check that no staff member holds two
// overlapping bookings. Then one slot asked for by 500 creates at once, and the platform started
// again with the development checks (`npm run dev`) for the config and availability rows. Under the
// table: what a create cost in hops and waits (gRPC calls per create by method, mean capacity-lock
// wait, mean outbox relay batch, from the platform's /metrics), and the platform's RSS.
//
// Run: npm run bench (from the repository root), or after a build
//   node apps/platform/dist/bench/scale-bench.js                 # the table
//   node apps/platform/dist/bench/scale-bench.js --profile       # a CPU profile of each route instead
//   node apps/platform/dist/bench/scale-bench.js --profile --only create   # of public creates (32 clients) only
//   node apps/platform/dist/bench/scale-bench.js --minutes 5     # memory of the platform over 5 minutes
//   node apps/platform/dist/bench/scale-bench.js --telemetry     # config and creates with no exporter, an exporter, tracing off
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connectService, type BookingClient } from '@svc/grpc';
import { bookingV1, catalogV1 } from '@svc/proto';
import { SERVICE_LISTS_UNCHANGED } from '@svc/testing';
import { wallClockInstant, wallClockOf } from '@svc/wall-clock';
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
    /** The config route and creates with tracing's three settings (docs/operations.md "Telemetry"). */
    telemetry: { type: 'boolean', default: false },
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
/** How many requests the single-slot burst sends at once. */
const SINGLE_SLOT_WAY = 500;

/** The instant of a wall-clock time in the tenant's zone. */
const zonedMs = (year: number, month: number, day: number, minute: number): number =>
  wallClockInstant({ year, month, day, hour: 0, minute, second: 0 }, ZONE);

/** The local days from tomorrow on: their midnight and weekday (0 = Sunday). */
function localDays(
  count: number,
  offset = 0,
): Array<{ startMs: number; weekday: number; y: number; m: number; d: number }> {
  const today = wallClockOf(Date.now(), ZONE);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + 1 + offset + i));
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

function postCreate(
  url: string,
  key: string,
  startsAtMs: number,
  staffId?: string,
  serviceSlug = 'consult',
): Promise<Response> {
  return fetch(`${url}/book/${SLUG}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      serviceSlug,
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
// Idle a moment after start-up, before any request.
await new Promise((r) => setTimeout(r, 2_000));
const idleRssMb = residentMb(platform.app.pid);
try {
  // --- Seed: the tenant, then 2,000 bookings spread over the next 31 days, confirmed.
  const { tenantId, staffIds } = await seedStaffedTenant(platform.services.catalog!, SLUG, STAFF, {
    weekdays: [1, 2, 3, 4, 5, 6],
    bufferBeforeMin: 0,
    bufferAfterMin: 5,
    slotIntervalMin: 15,
    maxAdvanceDays: 365,
  });
  // One staff member alone for the single-slot burst: exactly one create may win its start.
  const catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog!);
  await catalog
    .createService({
      tenantId,
      fields: {
        ...SERVICE_LISTS_UNCHANGED,
        slug: 'solo',
        name: 'Solo',
        durationMin: 30,
        slotIntervalMin: 15,
        maxAdvanceDays: 365,
        staffIds: [staffIds[0]!],
        staffIdsSet: true,
      },
    })
    .finally(() => catalog.close());
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
  // One day is the window's first open day (the tenant is closed on Sundays); 31 days from tomorrow.
  const firstOpenMs = window.find((d) => d.weekday !== 0)!.startMs;
  const availability = (days: number) => () => {
    const from = days === 1 ? firstOpenMs : fromMs;
    return fetch(
      `${platform.url}/book/${SLUG}/availability?serviceSlug=consult&fromMs=${from}&toMs=${from + days * DAY}`,
    );
  };
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
      platform = await startPlatform(dataDir, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] });
      await runLoad(100, clients, route, status);
      await runLoad(total, clients, route, status);
      await stopPlatform(platform);
      // One file per thread (CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile): the main thread
      // (0) and the booking thread (docs/operations.md "Booking thread").
      const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
      if (files.length === 0) throw new Error('no CPU profile written');
      for (const file of files.sort()) {
        const thread = file.split('.')[4] === '0' ? 'main thread' : `worker thread ${file.split('.')[4]} (booking)`;
        const title = `CPU profile of the platform's ${thread}, ${total} × ${name}`;
        console.log(formatProfileSummary(title, summarizeCpuProfile(join(profDir, file))));
        console.log(`(profile kept at ${join(profDir, file)})`);
      }
    }
  } else if (values.telemetry) {
    await telemetryRuns(config, create);
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

    // A day after every day the creates above may use (they stop 331 days out).
    const soloDay = localDays(7, 335).find((d) => d.weekday !== 0)!;
    const single = await singleSlotBurst(platform.url, zonedMs(soloDay.y, soloDay.m, soloDay.d, 600));
    const uncontended = rows.find(([name]) => name === 'public create, 8 clients')![1];

    // The same month under the development checks (`npm run dev`): what `npm start` ran before issue 32.
    await stopPlatform(platform);
    platform = await startPlatform(dataDir, { dev: true });
    await runLoad(300, CLIENTS, config, 200);
    await runLoad(50, CLIENTS, availability(31), 200);
    const devBase = await measured(platform, 3000, CLIENTS, config, 200);
    const devRows: Array<[string, LoadResult & { platformCpuMs: number }]> = [
      ['`npm run dev`: GET /book/{slug}/config', devBase],
      ['`npm run dev`: availability, 1 day', await measured(platform, 2000, CLIENTS, availability(1), 200)],
      ['`npm run dev`: availability, 31 days', await measured(platform, 500, CLIENTS, availability(31), 200)],
    ];

    const base = rows[0]![1];
    const fmt = (n: number, d = 1) => n.toFixed(d).padStart(8);
    console.log(`\n${CLIENTS} clients in a closed loop unless said otherwise; the platform in its own process\n`);
    console.log(
      '| route | requests | errors | req/s | p50 ms | p99 ms | p99/p50 | platform CPU ms/req | req/s vs config |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    const row = (name: string, r: LoadResult & { platformCpuMs: number }, baseline: LoadResult) => {
      const statuses = r.errors > 0 ? ` (statuses ${JSON.stringify(r.statuses)})` : '';
      console.log(
        `| ${name}${statuses} | ${r.requests} | ${r.errors} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50Ms, 2)} | ${fmt(r.p99Ms, 2)} | ${(r.p99Ms / r.p50Ms).toFixed(1)} | ${r.platformCpuMs.toFixed(2)} | ${(r.perSecond / baseline.perSecond).toFixed(3)} |`,
      );
    };
    for (const [name, r] of [...rows, ['contended create, 32 clients (201 or 409)', burst] as const])
      row(name, r, base);
    // Ratios of these to their own config row, measured in the same platform process.
    for (const [name, r] of devRows) row(name, r, devBase);
    console.log(
      `\nOne slot, ${SINGLE_SLOT_WAY} requests at once for one start of a one-staff service: ${single.created} created, ` +
        `${single.refused} answered 409, ${single.other} other; all answers p50 ${single.p50Ms.toFixed(0)} ms, ` +
        `p99 ${single.p99Ms.toFixed(0)} ms; the winner's answer ${single.winnerMs.toFixed(0)} ms ` +
        `(uncontended create at 8 clients: p50 ${uncontended.p50Ms.toFixed(0)} ms, p99 ${uncontended.p99Ms.toFixed(0)} ms)`,
    );
    console.log(
      `Platform RSS: ${idleRssMb.toFixed(0)} MB idle after start, ${residentMb(platform.app.pid).toFixed(0)} MB at the end`,
    );
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
    const bad = [...rows, ...devRows].some(([, r]) => r.errors > 0) || burst.errors > 0;
    if (bad || overbooked > 0 || overlaps > 0 || single.created !== 1 || single.other > 0) {
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
 * SINGLE_SLOT_WAY public creates of the one-staff service `solo` for one start, all sent at once
 * (an open burst, not a closed loop): exactly one may win; every answer should come within a second.
 */
async function singleSlotBurst(url: string, startsAtMs: number) {
  const answers = await Promise.all(
    Array.from({ length: SINGLE_SLOT_WAY }, async (_, i) => {
      const t0 = performance.now();
      const res = await postCreate(url, `one-slot-${i}`, startsAtMs, undefined, 'solo');
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - t0 };
    }),
  );
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0;
  return {
    created: answers.filter((a) => a.status === 201).length,
    refused: answers.filter((a) => a.status === 409).length,
    other: answers.filter((a) => a.status !== 201 && a.status !== 409).length,
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
    winnerMs: answers.find((a) => a.status === 201)?.ms ?? NaN,
  };
}

/**
 * The config route (16 clients) and public creates (32 clients) with no exporter (spans only get
 * ids), with an OTLP exporter (to a receiver in a process of its own, as in trace-bench.ts), and
 * with tracing off (`OTEL_SDK_DISABLED=true`): the platform started afresh on the same data for
 * each (it replaces `platform`, which the routes read), in one run.
 */
async function telemetryRuns(
  config: () => Promise<Response>,
  create: (prefix: string) => (i: number) => Promise<Response>,
): Promise<void> {
  const receiver = fork(fileURLToPath(new URL('./otlp-receiver-process.js', import.meta.url)), [], {
    stdio: 'inherit',
  });
  const fromReceiver = <T>() => new Promise<T>((resolve) => receiver.once('message', (m) => resolve(m as T)));
  const { endpoint } = await fromReceiver<{ endpoint: string }>();
  const rows: Array<[string, string, LoadResult & { platformCpuMs: number }]> = [];
  try {
    for (const [mode, env] of [
      ['no exporter', {}],
      ['OTLP exporter', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }],
      ['off (OTEL_SDK_DISABLED)', { OTEL_SDK_DISABLED: 'true' }],
    ] as const) {
      // Spans still batched are sent when the platform stops (the exporter's count is then final).
      await stopPlatform(platform);
      platform = await startPlatform(dataDir, { env });
      await runLoad(300, CLIENTS, config, 200);
      await runLoad(100, 32, create(`warm-${rows.length}`), 201);
      rows.push([mode, 'GET /book/{slug}/config', await measured(platform, 3000, CLIENTS, config, 200)]);
      rows.push([
        mode,
        'public create, 32 clients',
        await measured(platform, 1000, 32, create(`tel-${rows.length}`), 201),
      ]);
    }
    receiver.send('count');
    const { spans } = await fromReceiver<{ spans: number }>();
    const fmt = (n: number, d = 1) => n.toFixed(d).padStart(8);
    console.log('\n| tracing | route | errors | req/s | p50 ms | p99 ms | platform CPU ms/req | CPU vs no exporter |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const [mode, route, r] of rows) {
      const base = rows.find(([m, rt]) => m === 'no exporter' && rt === route)![2];
      console.log(
        `| ${mode} | ${route} | ${r.errors} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50Ms, 2)} | ${fmt(r.p99Ms, 2)} | ${r.platformCpuMs.toFixed(2)} | ${(r.platformCpuMs / base.platformCpuMs).toFixed(2)} |`,
      );
    }
    console.log(`\nSpans the OTLP receiver got (the exporter run): ${spans}`);
    if (rows.some(([, , r]) => r.errors > 0) || spans === 0) process.exitCode = 1;
  } finally {
    receiver.disconnect();
  }
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

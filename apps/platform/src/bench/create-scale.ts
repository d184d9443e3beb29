// Public creates at scale through the gateway on the embedded profile (issue 14): the platform
// runs as its own process (`npm start`'s main.js), this process is only the load generator, so
// the CPU time per create is the platform's alone. The tenant is the availability benchmark's:
// 10 staff, Monday–Saturday 08:00–20:00 Europe/Berlin, a 30-minute service on a 15-minute grid
// with 5 minutes of buffer after. After the runs the booking service's own store is read and no
// staff member may hold two overlapping bookings (buffers included).
//
// It prints creates/s, latency and the platform's CPU per create for each run, then the gRPC
// calls per create, the mean lock wait and relay batch (the platform's /metrics), then the check.
// docs/benchmarks.md "Create at scale: cost by phase" has the numbers and how they split.
//
// Run: node apps/platform/dist/bench/create-scale.js [--cpu-prof <dir>] [--only 8|32]
//        [--seed 2000] [--runs 3000,6000] [--node-args=<options for the platform's node>]
//   --cpu-prof <dir>: the platform process writes a V8 CPU profile (its whole life) there on exit.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readPlatformRuntime, storeConfigFor } from '@svc/config';
import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openStore } from '@svc/store';
import { createTestTenant, freePort, runApp } from '@svc/testing';
import { runLoad, type LoadResult } from './load.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const STAFF = 10;
const DURATION_MIN = 30;
const BUFFER_AFTER_MIN = 5;
const OPEN_MIN = 8 * 60;
const CLOSE_MIN = 20 * 60;
/** Starts 45 minutes apart (a booking with its buffer takes 35): each start fits all ten staff. */
const STARTS_PER_DAY = Math.floor((CLOSE_MIN - OPEN_MIN - DURATION_MIN - BUFFER_AFTER_MIN) / 45) + 1;

const { values: args } = parseArgs({
  options: {
    'cpu-prof': { type: 'string' },
    /** More options for the platform's node, space-separated (e.g. --node-args=--max-semi-space-size=32). */
    'node-args': { type: 'string', default: '' },
    only: { type: 'string' },
    seed: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '3000,6000' },
  },
});

/** Epoch ms of local `minute` on the Berlin civil day `daysAhead` days after today. */
function berlinMinute(daysAhead: number, minute: number): { ms: number; weekday: number } {
  const day = new Date(Date.now() + daysAhead * DAY);
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(day).split('-').map(Number);
  const guess = Date.UTC(y!, m! - 1, d!, 0, minute);
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' })
    .formatToParts(new Date(guess))
    .find((p) => p.type === 'timeZoneName')!
    .value.match(/GMT([+-]\d+)?/)![1];
  return { ms: guess - Number(offset ?? 0) * 3_600_000, weekday: new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() };
}

/**
 * Every (start, round) of the plan: the open days from tomorrow on (days vary fastest, so
 * concurrent creates mostly land on different days, as a month's customers do), each start
 * booked once per staff member (each create names its staff member, as the scale benchmark's do).
 */
function slotPlan(maxDays: number): Array<[number, number]> {
  const days: number[] = [];
  for (let d = 1; d < maxDays; d++) if (berlinMinute(d, 0).weekday !== 0) days.push(d);
  const plan: Array<[number, number]> = [];
  for (let s = 0; s < STARTS_PER_DAY; s++)
    for (let round = 0; round < STAFF; round++)
      for (const d of days) plan.push([berlinMinute(d, OPEN_MIN + s * 45).ms, round]);
  return plan;
}

/** user + system CPU ms of a process so far (Linux /proc). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the "pid (comm) " prefix), in ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function seedTenant(catalogAddress: string): Promise<string[]> {
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  try {
    const { tenantId } = await createTestTenant(catalog, { slug: 'scale', name: 'Scale', locale: 'en' });
    const staffIds: string[] = [];
    for (let i = 0; i < STAFF; i++) {
      const { staff } = await catalog.createStaff({ tenantId, fields: { displayName: `Staff ${i}` } });
      staffIds.push(staff!.staffId);
    }
    for (const [ownerType, ownerId] of [['tenant', tenantId], ...staffIds.map((id) => ['staff', id])])
      for (let weekday = 1; weekday <= 6; weekday++)
        await catalog.createAvailabilityRule({
          tenantId,
          fields: { ownerType: ownerType!, ownerId: ownerId!, weekday, startMinute: OPEN_MIN, endMinute: CLOSE_MIN },
        });
    await catalog.createService({
      tenantId,
      fields: {
        slug: 'consult',
        name: 'Consult',
        durationMin: DURATION_MIN,
        slotIntervalMin: 15,
        bufferAfterMin: BUFFER_AFTER_MIN,
        staffIds,
        staffIdsSet: true,
        resourceIds: [],
        resourceIdsSet: false,
      },
    });
    return staffIds;
  } finally {
    catalog.close();
  }
}

/** No staff member holds two held/confirmed bookings whose buffered intervals overlap. */
async function doubleBookings(dataDir: string): Promise<{ bookings: number; overlaps: number }> {
  const store = await openStore(storeConfigFor('booking', { PROFILE: 'embedded', DATA_DIR: dataDir }));
  try {
    const docs = await store
      .collection<{
        _id: string;
        staffId: string | null;
        status: string;
        startsAtMs: number;
        endsAtMs: number;
        bufferBeforeMin: number;
        bufferAfterMin: number;
      }>('bookings')
      .find({ status: { $in: ['held', 'confirmed'] } });
    const byStaff = new Map<string, Array<[number, number]>>();
    for (const b of docs) {
      const list = byStaff.get(b.staffId ?? '') ?? [];
      list.push([b.startsAtMs - b.bufferBeforeMin * MINUTE, b.endsAtMs + b.bufferAfterMin * MINUTE]);
      byStaff.set(b.staffId ?? '', list);
    }
    let overlaps = byStaff.has('') ? 1 : 0; // every booking of this service names its staff member
    for (const list of byStaff.values()) {
      list.sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < list.length; i++) if (list[i]![0] < list[i - 1]![1]) overlaps++;
    }
    return { bookings: docs.length, overlaps };
  } finally {
    await store.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'create-scale-'));
const port = await freePort();
const profDir = args['cpu-prof'];
const platform = runApp(
  'platform',
  {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BASE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMITS: 'off',
  },
  {
    nodeArgs: [
      ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
      ...args['node-args']!.split(' ').filter(Boolean),
    ],
  },
);
try {
  await platform.waitFor('is running at', 60_000);
  const url = `http://127.0.0.1:${port}`;
  const staffIds = await seedTenant(readPlatformRuntime(dataDir)!.services.catalog!);
  const plan = slotPlan(90);
  let next = 0;
  const create = (prefix: string) => {
    const base = next;
    return (i: number) => {
      const k = base + i;
      return fetch(`${url}/book/scale/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `${prefix}-${k}` },
        body: JSON.stringify({
          serviceSlug: 'consult',
          startsAtMs: plan[k]![0],
          staffId: staffIds[plan[k]![1]],
          customer: { name: `C ${k}`, primaryEmail: `c${k}@scale.test` },
        }),
      });
    };
  };
  const seed = Number(args.seed);
  const rows: Array<[string, LoadResult, number]> = [];
  const measure = async (name: string, total: number, concurrency: number) => {
    const cpu0 = cpuMsOf(platform.pid);
    const r = await runLoad(total, concurrency, create(name), 201);
    next += total;
    rows.push([name, r, (cpuMsOf(platform.pid) - cpu0) / total]);
  };
  // Seed bookings (and warm-up): the tenant is busy before the measured creates start.
  await measure('seed, 8 clients', seed, 8);
  const [n8, n32] = args.runs!.split(',').map(Number);
  if (args.only !== '32') await measure('create, 8 clients', n8!, 8);
  if (args.only !== '8') await measure('create, 32 clients', n32!, 32);
  if (next > plan.length) throw new Error(`the plan has ${plan.length} slots, the runs used ${next}`);

  console.log(`\nPublic create at scale, embedded platform in its own process, node ${process.version}\n`);
  console.log('| run                  | creates | non-201 | creates/s | p50 ms | p99 ms | platform CPU ms/create |');
  console.log('|----------------------|--------:|--------:|----------:|-------:|-------:|-----------------------:|');
  for (const [name, r, cpu] of rows)
    console.log(
      `| ${name.padEnd(20)} | ${String(r.requests).padStart(7)} | ${String(r.errors).padStart(7)} | ${r.perSecond.toFixed(0).padStart(9)} | ${r.p50Ms.toFixed(1).padStart(6)} | ${r.p99Ms.toFixed(1).padStart(6)} | ${cpu.toFixed(2).padStart(22)} |`,
    );
  // gRPC calls per create over all the runs (the platform's one metrics registry).
  const metrics = await (await fetch(`${url}/metrics`)).text();
  for (const m of metrics.matchAll(/^grpc_server_handling_seconds_count\{([^}]*)\} (\d+)/gm))
    console.log(`  ${(Number(m[2]) / next).toFixed(2)} per create  ${m[1]}`);
  // How long creates waited for their capacity locks, and how many events a relay pass carried.
  for (const name of ['booking_lock_wait_seconds', 'booking_outbox_relay_batch_size']) {
    const sum = Number(new RegExp(`^${name}_sum\\{[^}]*\\} (\\S+)`, 'm').exec(metrics)?.[1] ?? NaN);
    const count = Number(new RegExp(`^${name}_count\\{[^}]*\\} (\\S+)`, 'm').exec(metrics)?.[1] ?? NaN);
    console.log(`  ${name}: ${count} observations, mean ${(sum / count).toFixed(4)}`);
  }
  platform.kill('SIGTERM');
  await platform.exited;
  const check = await doubleBookings(dataDir);
  console.log(`\nInvariant: ${check.bookings} held bookings, ${check.overlaps} double bookings (must be 0)`);
  if (check.overlaps > 0 || rows.some(([, r]) => r.errors > 0)) process.exitCode = 1;
} finally {
  platform.kill('SIGTERM');
  await platform.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

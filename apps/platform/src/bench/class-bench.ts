// A class flash sale (issue 26; docs/benchmarks.md "A class flash sale"): the embedded platform
// as its own process, one 20-seat class (parties of 1 to 3) and, as the baseline measured in the
// same run, a one-seat service of the same length; 2,000 public creates for one start of each from
// 64 clients. The table: answers per second, p50/p99 of the answers, the seats sold and how fast
// they went (seats per second until the last one), and that no more than 20 were sold.
//
// Run: npm run bench (from the repository root), or after a build
//   node apps/platform/dist/bench/class-bench.js
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { SERVICE_LISTS_UNCHANGED } from '@svc/testing';
import { startPlatform, stopPlatform } from './platform-process.js';

const SLUG = 'flash';
const CREATES = 2_000;
const CLIENTS = 64;
const SEATS = 20;
const DAY = 86_400_000;

/** A tenant open around the clock in UTC, one staff member, `class` (20 seats) and `single` (one). */
async function seed(catalogAddress: string): Promise<void> {
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  try {
    const { tenant } = await catalog.createTenant({ slug: SLUG, name: 'Flash', timezone: 'UTC', locale: 'en' });
    const tenantId = tenant!.tenantId;
    for (let weekday = 0; weekday < 7; weekday++) {
      await catalog.createAvailabilityRule({
        tenantId,
        fields: { ownerType: 'tenant', ownerId: tenantId, weekday, startMinute: 0, endMinute: 1440 },
      });
    }
    const { staff } = await catalog.createStaff({ tenantId, fields: { displayName: 'Teacher' } });
    const common = { ...SERVICE_LISTS_UNCHANGED, durationMin: 60, staffIds: [staff!.staffId], staffIdsSet: true };
    await catalog.createService({
      tenantId,
      fields: { ...common, slug: 'class', name: 'Class', seats: SEATS, maxPartySize: 3 },
    });
    await catalog.createService({ tenantId, fields: { ...common, slug: 'single', name: 'Single' } });
  } finally {
    catalog.close();
  }
}

interface Sale {
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The 201 answers' own p50 and p99: a winner must not wait longer than an uncontended create. */
  winP50Ms: number;
  winP99Ms: number;
  created: number;
  seats: number;
  /** Seats sold per second from the first request to the last 201. */
  seatsPerSecond: number;
  /** Answers other than 201 and 409. */
  other: number;
}

/** `CREATES` creates of `serviceSlug` at `startsAtMs` from `CLIENTS` clients, parties from `partyOf`. */
async function sale(
  url: string,
  serviceSlug: string,
  startsAtMs: number,
  partyOf: (i: number) => number,
): Promise<Sale> {
  const latencies: number[] = [];
  const wins: number[] = [];
  let next = 0;
  let created = 0;
  let seats = 0;
  let other = 0;
  let lastSoldMs = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < CREATES) {
        const i = next++;
        const partySize = partyOf(i);
        const t0 = performance.now();
        const res = await fetch(`${url}/book/${SLUG}/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `${serviceSlug}-${i}` },
          body: JSON.stringify({
            serviceSlug,
            startsAtMs,
            customer: { name: `C ${i}`, primaryEmail: `${serviceSlug}-${i}@flash.test` },
            ...(partySize > 1 ? { partySize } : {}),
          }),
        });
        await res.arrayBuffer();
        const now = performance.now();
        latencies.push(now - t0);
        if (res.status === 201) {
          wins.push(now - t0);
          created++;
          seats += partySize;
          lastSoldMs = now;
        } else if (res.status !== 409) other++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const pct = (all: number[], p: number) =>
    all.sort((a, b) => a - b)[Math.min(all.length - 1, Math.floor(p * all.length))] ?? 0;
  return {
    seconds,
    perSecond: CREATES / seconds,
    p50Ms: pct(latencies, 0.5),
    p99Ms: pct(latencies, 0.99),
    winP50Ms: pct(wins, 0.5),
    winP99Ms: pct(wins, 0.99),
    created,
    seats,
    seatsPerSecond: seats / Math.max(0.001, (lastSoldMs - started) / 1000),
    other,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'class-bench-'));
const platform = await startPlatform(dataDir);
try {
  await seed(platform.services.catalog!);
  const firstHour = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
  // Warm-up: a few creates of both, at another hour, so neither run pays for the first compile.
  await sale(platform.url, 'single', firstHour - 6 * 3_600_000, () => 1);
  const baseline = await sale(platform.url, 'single', firstHour, () => 1);
  const klass = await sale(platform.url, 'class', firstHour + 3_600_000, (i) => 1 + (i % 3));
  const rows = [
    [
      'case',
      'answers/s',
      'p50 ms',
      'p99 ms',
      '201s: p50 ms',
      '201s: p99 ms',
      'bookings',
      'seats sold',
      'seats/s',
      'other answers',
    ],
    ...(
      [
        ['one-seat service (baseline)', baseline],
        ['20-seat class, parties of 1–3', klass],
      ] as const
    ).map(([name, r]) => [
      name,
      r.perSecond.toFixed(0),
      r.p50Ms.toFixed(1),
      r.p99Ms.toFixed(1),
      r.winP50Ms.toFixed(1),
      r.winP99Ms.toFixed(1),
      String(r.created),
      String(r.seats),
      r.seatsPerSecond.toFixed(0),
      String(r.other),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`class flash sale, node ${process.version}: ${CREATES} creates for one start from ${CLIENTS} clients`);
  for (const r of rows) console.log(line(r));
  console.log(`ratio class / baseline, answers per second: ${(klass.perSecond / baseline.perSecond).toFixed(2)}`);
  console.log(`seats sold: ${klass.seats} of ${SEATS} -> ${klass.seats <= SEATS ? 'never more' : 'OVERSOLD'}`);
} finally {
  await stopPlatform(platform);
  rmSync(dataDir, { recursive: true, force: true });
}

// Availability engine benchmark: `node dist/bench/engine-bench.js` after a build (docs/benchmarks.md
// "Availability engine"). Not part of the test run. It times computeSlots on the busy scenario
// (31 days, 10 staff, 2,000 bookings, 15-minute grid) and, in the same process, a trivial loop over
// the same number of candidate starts, so the ratio between the two means something on any
// machine. The target (docs/benchmarks.md, the availability brief) is a median of at most 5 ms.
//
//   --only <case>     time only one computeSlots case (31d, 31d-ordered, 1d), e.g. under `node --cpu-prof`
//   --runs <n>        timed runs (default 200)
//   --against <dist>  instead of the table, time another build's engine (the `dist` of a second
//                     worktree at the commit before a change) turn about with this one, case by case

import { parseArgs } from 'node:util';
import { PerformanceObserver } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkSlot, computeSlots, type ComputeSlotsInput, type Slot } from '../domain/availability/index.js';
import { alignedStarts } from '../domain/availability/compute-slots.js';
import { prepareSchedule, slotShape } from '../domain/availability/prepared-schedule.js';
import { buildEngineScenario } from './engine-scenario.js';

const { values: args } = parseArgs({
  options: { only: { type: 'string' }, runs: { type: 'string' }, against: { type: 'string' } },
});
const WARMUP_RUNS = 50;
const MEASURED_RUNS = args.runs !== undefined ? Number(args.runs) : 200;
if (!Number.isInteger(MEASURED_RUNS) || MEASURED_RUNS < 1) throw new Error('--runs takes a positive whole number');
const TARGET_MEDIAN_MS = 5;

interface Stats {
  median: number;
  p95: number;
  min: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] as number };
}

/** Two functions timed turn about, so a busy machine or a collection weighs on both alike. */
function timeTurnAbout(runs: number, a: () => void, b: () => void): [number[], number[]] {
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, fn] of [a, b].entries()) {
      const t0 = performance.now();
      fn();
      samples[k]!.push(performance.now() - t0);
    }
  }
  return samples;
}

function time(runs: number, fn: () => void): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

let sink = 0;

const scenario = buildEngineScenario();
const { schedule, bookings, fromMs, toMs, nowMs } = scenario;
const shape = slotShape(schedule.service);

// How many starts the engine considers: the grid inside the tenant's hours of the window.
const lo = Math.max(fromMs, nowMs + shape.minNoticeMs);
const hi = Math.min(toMs, nowMs + shape.maxAdvanceMs + 1);
const prepared = prepareSchedule(schedule, bookings, { fromMs: lo, toMs: hi, nowMs });
const candidateCount = alignedStarts(prepared.tenantOccurrences, shape.stepMs, lo, hi).length;

const DAY_MS = 86_400_000;
const month: ComputeSlotsInput = { schedule, bookings, fromMs, toMs, nowMs };
// The service hands the engine bookings in start order (store/occupancy-cache.ts); the scenario
// generates them shuffled, the harder case for indexing.
const inStartOrder = [...bookings].sort((a, b) => a.startsAtMs - b.startsAtMs);
const monthInStartOrder: ComputeSlotsInput = { ...month, bookings: inStartOrder };
// The first day (a Monday, open), with the bookings that can reach it, as the service reads them.
const day: ComputeSlotsInput = {
  ...month,
  toMs: fromMs + DAY_MS,
  bookings: inStartOrder.filter((b) => b.startsAtMs < fromMs + 2 * DAY_MS && b.endsAtMs > fromMs - DAY_MS),
};
const cases: Array<[string, string, ComputeSlotsInput]> = [
  ['31d', 'computeSlots (31 d, 10 staff, 2,000 bookings)', month],
  ['31d-ordered', 'computeSlots, 31 d, bookings in start order', monthInStartOrder],
  ['1d', `computeSlots, 1 d (${day.bookings.length} bookings)`, day],
];
const fmt = (ms: number): string => ms.toFixed(3);

/** Collections and their pause per run of `fn` (the observer reports after the loop). */
async function gcPerRun(runs: number, fn: () => void): Promise<{ count: number; ms: number }> {
  const seen = { count: 0, ms: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      seen.count += 1;
      seen.ms += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  for (let i = 0; i < runs; i++) fn();
  await new Promise((done) => setTimeout(done, 50));
  observer.disconnect();
  return { count: seen.count / runs, ms: seen.ms / runs };
}

if (args.only !== undefined) {
  const found = cases.find(([key]) => key === args.only);
  if (!found) throw new Error(`--only takes one of ${cases.map(([key]) => key).join(', ')}`);
  const [, label, input] = found;
  const run = (): void => {
    sink += computeSlots(input).length;
  };
  time(WARMUP_RUNS, run);
  const s = stats(time(MEASURED_RUNS, run));
  console.log(`${label}: median ${fmt(s.median)} ms, p95 ${fmt(s.p95)}, min ${fmt(s.min)} (${MEASURED_RUNS} runs)`);
  process.exit(0);
}

if (args.against !== undefined) {
  // Another build's engine, loaded beside this one: before and after timed turn about.
  const url = pathToFileURL(resolve(args.against, 'domain/availability/index.js')).href;
  const other = (await import(url)) as { computeSlots: (input: ComputeSlotsInput) => Slot[] };
  console.log(`this build against ${args.against}, ${MEASURED_RUNS} runs each, turn about`);
  for (const [, label, input] of cases) {
    const runThis = (): void => {
      sink += computeSlots(input).length;
    };
    const runOther = (): void => {
      sink += other.computeSlots(input).length;
    };
    const same = JSON.stringify(computeSlots(input)) === JSON.stringify(other.computeSlots(input));
    time(WARMUP_RUNS, runThis);
    time(WARMUP_RUNS, runOther);
    const [mine, theirs] = timeTurnAbout(MEASURED_RUNS, runThis, runOther).map(stats) as [Stats, Stats];
    console.log(
      `${label}: other ${fmt(theirs.median)} ms (min ${fmt(theirs.min)}), this ${fmt(mine.median)} ms ` +
        `(min ${fmt(mine.min)}), this / other ${(mine.median / theirs.median).toFixed(2)}; ` +
        `${same ? 'same slots' : 'SLOTS DIFFER'}`,
    );
  }
  process.exit(0);
}

const compute = (): void => {
  sink += computeSlots(month).length;
};
const computeOrdered = (): void => {
  sink += computeSlots(monthInStartOrder).length;
};
const computeDay = (): void => {
  sink += computeSlots(day).length;
};
// The floor any engine pays: visit each candidate start, test it against one interval, emit a slot.
const BASELINE_BATCH = 20;
const baseline = (): void => {
  for (let b = 0; b < BASELINE_BATCH; b++) {
    const out: Array<{ startsAtMs: number; endsAtMs: number }> = [];
    const busyFrom = lo + 7 * shape.stepMs;
    const busyTo = busyFrom + 3 * shape.stepMs;
    for (let i = 0; i < candidateCount; i++) {
      const t = lo + i * shape.stepMs;
      const end = t + shape.durationMs;
      if (!(t < busyTo && end > busyFrom)) out.push({ startsAtMs: t, endsAtMs: end });
    }
    sink += out.length;
  }
};
const slots = computeSlots({ schedule, bookings, fromMs, toMs, nowMs });
const someSlot = slots[Math.floor(slots.length / 2)];
const check = (): void => {
  if (someSlot) sink += checkSlot({ schedule, bookings, startsAtMs: someSlot.startsAtMs, nowMs }).ok ? 1 : 0;
};

// The same scenario with round-robin on (docs/decisions.md "Staff assignment"): availability
// decides whether, not who, so it must cost what first_available costs; the create's checkSlot
// also counts each staff member's bookings of the week either side.
const roundRobin = { ...schedule, service: { ...schedule.service, assignment: 'round_robin' as const } };
const computeRoundRobin = (): void => {
  sink += computeSlots({ schedule: roundRobin, bookings, fromMs, toMs, nowMs }).length;
};
const checkRoundRobin = (): void => {
  if (someSlot)
    sink += checkSlot({ schedule: roundRobin, bookings, startsAtMs: someSlot.startsAtMs, nowMs }).ok ? 1 : 0;
};

time(WARMUP_RUNS, compute);
time(WARMUP_RUNS, computeOrdered);
time(WARMUP_RUNS, computeDay);
time(WARMUP_RUNS, baseline);
time(WARMUP_RUNS, check);
time(WARMUP_RUNS, computeRoundRobin);
time(WARMUP_RUNS, checkRoundRobin);
const [computeSamples, roundRobinSamples] = timeTurnAbout(MEASURED_RUNS, compute, computeRoundRobin);
const engineStats = stats(computeSamples);
const orderedStats = stats(time(MEASURED_RUNS, computeOrdered));
const dayStats = stats(time(MEASURED_RUNS, computeDay));
const roundRobinStats = stats(roundRobinSamples);
const baselineStats = stats(time(MEASURED_RUNS, baseline).map((ms) => ms / BASELINE_BATCH));
const [checkSamples, checkRoundRobinSamples] = timeTurnAbout(MEASURED_RUNS, check, checkRoundRobin);
const checkStats = stats(checkSamples);
const checkRoundRobinStats = stats(checkRoundRobinSamples);

const monthGc = await gcPerRun(MEASURED_RUNS, compute);
const dayGc = await gcPerRun(MEASURED_RUNS * 10, computeDay);
const rows: string[][] = [
  ['case', 'median ms', 'p95 ms', 'min ms', 'candidates', 'slots found'],
  [
    'computeSlots (31 d, 10 staff, 2,000 bookings)',
    fmt(engineStats.median),
    fmt(engineStats.p95),
    fmt(engineStats.min),
    String(candidateCount),
    String(slots.length),
  ],
  [
    'computeSlots, 31 d, bookings in start order',
    fmt(orderedStats.median),
    fmt(orderedStats.p95),
    fmt(orderedStats.min),
    String(candidateCount),
    String(computeSlots(monthInStartOrder).length),
  ],
  [
    `computeSlots, 1 d (${day.bookings.length} bookings)`,
    fmt(dayStats.median),
    fmt(dayStats.p95),
    fmt(dayStats.min),
    '-',
    String(computeSlots(day).length),
  ],
  [
    'baseline: trivial loop over the candidates',
    fmt(baselineStats.median),
    fmt(baselineStats.p95),
    fmt(baselineStats.min),
    String(candidateCount),
    '-',
  ],
  ['checkSlot (one start, same data)', fmt(checkStats.median), fmt(checkStats.p95), fmt(checkStats.min), '1', '-'],
  [
    'computeSlots, round_robin (same data)',
    fmt(roundRobinStats.median),
    fmt(roundRobinStats.p95),
    fmt(roundRobinStats.min),
    String(candidateCount),
    String(computeSlots({ schedule: roundRobin, bookings, fromMs, toMs, nowMs }).length),
  ],
  [
    'checkSlot, round_robin (same data)',
    fmt(checkRoundRobinStats.median),
    fmt(checkRoundRobinStats.p95),
    fmt(checkRoundRobinStats.min),
    '1',
    '-',
  ],
];
const widths = (rows[0] as string[]).map((_, c) => Math.max(...rows.map((r) => (r[c] as string).length)));
const line = (r: string[]): string =>
  r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join('  ');

console.log(`availability engine, node ${process.version}, ${MEASURED_RUNS} runs after ${WARMUP_RUNS} warm-up`);
console.log(
  `${bookings.length} bookings, ${schedule.staff.length} staff, window ${new Date(fromMs).toISOString()} .. ${new Date(toMs).toISOString()}`,
);
console.log(line(rows[0] as string[]));
for (const r of rows.slice(1)) console.log(line(r));
console.log(
  `garbage collection per computeSlots: 31 d ${monthGc.count.toFixed(2)} collections, ${fmt(monthGc.ms)} ms; ` +
    `1 d ${dayGc.count.toFixed(3)} collections, ${fmt(dayGc.ms)} ms`,
);
console.log(`ratio computeSlots / baseline (median): ${(engineStats.median / baselineStats.median).toFixed(0)}x`);
console.log(
  `target: median <= ${TARGET_MEDIAN_MS} ms -> ${engineStats.median <= TARGET_MEDIAN_MS ? 'met' : 'NOT MET'} (${fmt(engineStats.median)} ms)`,
);
const rrRatio = roundRobinStats.median / engineStats.median;
console.log(
  `round_robin / first_available, computeSlots 31 d (median): ${rrRatio.toFixed(2)} -> ` +
    `${rrRatio <= 1.1 ? 'within' : 'NOT within'} 10 %; checkSlot: ${(checkRoundRobinStats.median / checkStats.median).toFixed(2)}`,
);
if (sink === Number.MIN_SAFE_INTEGER) console.log('unreachable'); // keeps the work observable

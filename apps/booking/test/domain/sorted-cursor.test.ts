// SortedCursor (intervals.ts) starts each search where the previous one ended, for computeSlots'
// ascending sweep (docs/benchmarks.md "Step 2: the engine over a month"). Where it starts must
// never change an answer: for any list and any order of questions, it answers what the
// bisections answer.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastIndexAtOrBefore, lastIndexBefore, SortedCursor } from '../../src/domain/availability/intervals.js';

// Small values, so lists have runs of equal values and questions land on them, between them and
// outside the list.
const value = fc.integer({ min: -5, max: 60 });
const question = fc.record({ x: fc.oneof(value, fc.double({ min: -10, max: 70, noNaN: true })), strict: fc.boolean() });

describe('SortedCursor', () => {
  it('answers every question as the bisection does, in any order, ascending runs and jumps back included', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 40 }),
        fc.array(question, { maxLength: 60 }),
        fc.boolean(),
        (values, questions, ascending) => {
          const sorted = [...values].sort((a, b) => a - b);
          // Half the runs ask in ascending order, as computeSlots does; the rest in any order.
          const asked = ascending ? [...questions].sort((a, b) => a.x - b.x) : questions;
          const cursor = new SortedCursor(Float64Array.from(sorted));
          for (const { x, strict } of asked) {
            const want = strict ? lastIndexBefore(sorted, x) : lastIndexAtOrBefore(sorted, x);
            expect(strict ? cursor.lastBefore(x) : cursor.lastAtOrBefore(x)).toBe(want);
          }
        },
      ),
      { seed: 41, numRuns: 2000 },
    );
  });

  it('walks far ahead and back on a long list', () => {
    const sorted = Array.from({ length: 1000 }, (_, i) => Math.floor(i / 3));
    const cursor = new SortedCursor(sorted);
    for (const x of [-1, 0, 1, 2, 50, 51, 333, 10, 400, 0, 332.5, 333, 334, 1e9, -1e9]) {
      expect(cursor.lastAtOrBefore(x)).toBe(lastIndexAtOrBefore(sorted, x));
      expect(cursor.lastBefore(x)).toBe(lastIndexBefore(sorted, x));
    }
    expect(new SortedCursor([]).lastAtOrBefore(5)).toBe(-1);
  });
});

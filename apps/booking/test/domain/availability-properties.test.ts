// Property tests: thousands of generated questions (a schedule, bookings, a window, a clock), each
// asked of the engine (computeSlots over the window, checkSlot on a spread of its starts) and of
// the slow reference implementation in ./reference/, which walks every candidate start minute by
// minute through docs/decisions.md "Availability". They must agree on every start, and checkSlot
// must assign the staff member and resource the reference would.
//
// Generated: the four tenant zones around their 2026 offset changes (Europe/Berlin,
// America/New_York, Australia/Lord_Howe's half hour, Asia/Kathmandu's +05:45) and on ordinary
// days, every weekday, several overlapping rules per owner in rule zones that may differ from the
// tenant's, effective periods, rules/blocks/holidays/bookings in random order, buffers before and
// after on the service and stored on the bookings (absent on some), capacities above one (and 0,
// negative, NaN), staff with and without rules of their own, staff and resources together (and
// listed but unknown), inactive owners, holds running and expired, every booking status, minimum
// notice (negative too) and maximum advance, a reschedule's ignored booking, a preferred staff
// member, windows that start off the minute.
//
// Bounded to a few seconds in `npm test` by a fixed seed and run count. To explore further:
//   FC_SEED=<n> FC_RUNS=<n> FC_CHECKS=<n> npx vitest run test/domain/availability-properties.test.ts
// A failure prints its seed and the shrunk question; pin it as a named test in
// availability-regressions.test.ts with the schedule inline.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { disagreement, newStats } from './reference/agreement.js';
import { materialize, questionSpecArb } from './reference/schedule-arbitrary.js';

const SEED = Number(process.env.FC_SEED ?? 17);
const RUNS = Number(process.env.FC_RUNS ?? 1200);
/** checkSlot calls per question (each call prepares its own schedule). */
const CHECKS = Number(process.env.FC_CHECKS ?? 6);

describe('availability engine ≡ reference implementation', () => {
  it('computeSlots lists exactly the reference’s free starts, and checkSlot gives its verdict and assignment', () => {
    const stats = newStats();
    fc.assert(
      fc.property(questionSpecArb(), (spec) => {
        const q = materialize(spec);
        const problem = disagreement(q, CHECKS, stats);
        // fast-check adds the seed, the path to replay it and the shrunk question's description.
        if (problem) throw new Error(`${problem}\nquestion: ${JSON.stringify(q)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Not vacuous: many questions have free starts, and thousands of starts went through checkSlot.
    expect(stats.questionsWithFreeStarts / stats.questions).toBeGreaterThan(0.3);
    expect(stats.checkedStarts).toBeGreaterThan(stats.questions * 4);
  });
});

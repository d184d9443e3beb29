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
import type { ExistingBooking } from '../../src/domain/availability/index.js';
import { disagreement, newStats } from './reference/agreement.js';
import { ReferenceAvailability } from './reference/reference-availability.js';
import { materialize, questionSpecArb, type Question } from './reference/schedule-arbitrary.js';

const SEED = Number(process.env.FC_SEED ?? 17);
const RUNS = Number(process.env.FC_RUNS ?? 1200);
/** checkSlot calls per question (each call prepares its own schedule). */
const CHECKS = Number(process.env.FC_CHECKS ?? 6);

/**
 * A fixed number of generated questions, CPU-bound: about 15 s each on a quiet 2-core machine, so
 * the suite's 30 s default failed them whenever the machine was busy with other work (CI's
 * parallel packages), without a wrong answer.
 */
const PROPERTY_TIMEOUT_MS = 120_000;

describe('availability engine ≡ reference implementation', () => {
  it(
    'computeSlots lists exactly the reference’s free starts, and checkSlot gives its verdict and assignment',
    () => {
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
      // (A collective service needs every listed staff member free, an unknown one among them often:
      // those questions seldom have any.)
      expect(stats.questionsWithFreeStarts / stats.questions).toBeGreaterThan(0.2);
      expect(stats.checkedStarts).toBeGreaterThan(stats.questions * 4);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'with sessions at real slot starts: joins, full sessions, seats left, a session once against other services',
    () => {
      const stats = newStats();
      // A seated question, then sessions made where the reference says a booking would go: the
      // bookings of each session at a free start, on the owner it would be assigned to.
      const sessions = fc.array(
        fc.record({
          pick: fc.nat(),
          members: fc.integer({ min: 1, max: 3 }),
          party: fc.constantFrom(1, 1, 2, 3),
          otherService: fc.boolean(),
        }),
        { minLength: 1, maxLength: 3 },
      );
      fc.assert(
        fc.property(questionSpecArb(), fc.constantFrom(2, 3, 4, 6), sessions, (spec, seats, made) => {
          const q = withSessions(materialize({ ...spec, service: { ...spec.service, seats } }), made);
          const problem = disagreement(q.question, CHECKS, stats, q.starts);
          if (problem) throw new Error(`${problem}\nquestion: ${JSON.stringify(q.question)}`);
        }),
        { seed: SEED, numRuns: Math.ceil(RUNS / 2) },
      );
      expect(stats.questionsWithFreeStarts / stats.questions).toBeGreaterThan(0.2);
    },
    PROPERTY_TIMEOUT_MS,
  );
});

/** `q` with seated bookings added at free starts the reference names, on the owners it would assign. */
function withSessions(
  q: Question,
  made: ReadonlyArray<{ pick: number; members: number; party: number; otherService: boolean }>,
): { question: Question; starts: number[] } {
  const bookings: ExistingBooking[] = [...q.bookings];
  const starts: number[] = [];
  for (const [i, session] of made.entries()) {
    const reference = new ReferenceAvailability({
      schedule: q.schedule,
      bookings,
      nowMs: q.nowMs,
      ignoreBookingId: q.ignoreBookingId,
      coverFromMs: q.fromMs,
      coverToMs: q.toMs,
    });
    const free = reference.freeStarts(q.fromMs, q.toMs);
    if (free.length === 0) break;
    const start = free[session.pick % free.length] as number;
    const verdict = reference.verdict(start);
    if (!verdict.free) break;
    starts.push(start);
    // Any staff member who could take it (a customer may have named them), not only the first.
    const staffId = verdict.freeStaffIds[session.pick % Math.max(1, verdict.freeStaffIds.length)];
    const resourceId = staffId === verdict.staffId ? verdict.resourceId : verdict.freeResourceIds[0];
    for (let m = 0; m < session.members; m++) {
      bookings.push({
        bookingId: `session-${i}-${m}`,
        // Another seated service's session at the same start is another occupant.
        serviceId: session.otherService && m === 0 ? 'other' : q.schedule.service.serviceId,
        startsAtMs: start,
        endsAtMs: start + reference.slotDurationMs,
        status: 'confirmed',
        seats: q.schedule.service.seats,
        partySize: session.party,
        ...(staffId !== undefined ? { staffId } : {}),
        ...(resourceId !== undefined ? { resourceId } : {}),
      });
    }
  }
  return { question: { ...q, bookings }, starts };
}

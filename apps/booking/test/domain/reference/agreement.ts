// One generated question, asked of the engine and of the reference: computeSlots must list
// exactly the reference's free starts (every minute of the window is a candidate), and checkSlot
// must give the reference's verdict on a spread of those candidates, assigning the staff member
// and resource the reference would.

import { DateTime } from 'luxon';
import { checkSlot, computeSlots } from '../../../src/domain/availability/index.js';
import type { Question } from './schedule-arbitrary.js';
import { ReferenceAvailability } from './reference-availability.js';
import { MINUTE_MS } from './wall-clock.js';

export interface AgreementStats {
  questions: number;
  freeStarts: number;
  questionsWithFreeStarts: number;
  checkedStarts: number;
}

export const newStats = (): AgreementStats => ({
  questions: 0,
  freeStarts: 0,
  questionsWithFreeStarts: 0,
  checkedStarts: 0,
});

const describeStart = (q: Question, t: number): string =>
  `${new Date(t).toISOString()} (${DateTime.fromMillis(t, { zone: q.schedule.timezone }).toFormat('ccc yyyy-MM-dd HH:mm ZZ')})`;

/** At most `n` of `list`, evenly spread (deterministic, so a shrunk question replays the same checks). */
function spread<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)] as T);
}

/**
 * The first disagreement between engine and reference on `q`, as a sentence; null when they agree.
 * `maxChecks` bounds the checkSlot calls.
 */
export function disagreement(
  q: Question,
  maxChecks = 12,
  stats?: AgreementStats,
  /** Starts checkSlot must be asked about too (a session's start). */
  alsoCheck: readonly number[] = [],
): string | null {
  const reference = new ReferenceAvailability({
    schedule: q.schedule,
    bookings: q.bookings,
    nowMs: q.nowMs,
    ignoreBookingId: q.ignoreBookingId,
    partySize: q.partySize,
    preferredStaffId: q.preferredStaffId,
    coverFromMs: q.fromMs,
    coverToMs: q.toMs,
  });
  // The reference's answer for every minute of the window, sorted into free starts, starts
  // rejected on the grid and starts off it.
  const expected: number[] = [];
  const rejectedOnGrid: number[] = [];
  const offGrid: number[] = [];
  for (let t = Math.ceil(q.fromMs / MINUTE_MS) * MINUTE_MS; t < q.toMs; t += MINUTE_MS) {
    const v = reference.verdict(t);
    (v.free ? expected : v.reason === 'misaligned' ? offGrid : rejectedOnGrid).push(t);
  }

  const slots = computeSlots({
    schedule: q.schedule,
    bookings: q.bookings,
    fromMs: q.fromMs,
    toMs: q.toMs,
    nowMs: q.nowMs,
    ignoreBookingId: q.ignoreBookingId,
    partySize: q.partySize,
  });
  const listed = new Set(slots.map((s) => s.startsAtMs));
  const wanted = new Set(expected);
  const missing = expected.filter((t) => !listed.has(t));
  const extra = [...listed].filter((t) => !wanted.has(t));
  if (missing.length > 0 || extra.length > 0) {
    const show = (ts: number[]): string =>
      ts
        .slice(0, 5)
        .map((t) => `${describeStart(q, t)} ${JSON.stringify(reference.verdict(t))}`)
        .join(', ') || 'none';
    return `computeSlots disagrees with the reference: missing ${missing.length} [${show(missing)}], extra ${extra.length} [${show(extra)}]`;
  }
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i] as { startsAtMs: number; endsAtMs: number; seatsLeft?: number };
    const previous = slots[i - 1];
    if (s.endsAtMs !== s.startsAtMs + reference.slotDurationMs || (previous && previous.startsAtMs >= s.startsAtMs)) {
      return `computeSlots returned a slot of the wrong length, out of order or twice: ${JSON.stringify(s)}`;
    }
    const want = reference.verdict(s.startsAtMs);
    if (want.free && s.seatsLeft !== want.seatsLeft) {
      return `computeSlots(${describeStart(q, s.startsAtMs)}) says ${s.seatsLeft} seats left, reference: ${want.seatsLeft}`;
    }
  }

  // checkSlot prepares its schedule on every call, so each question checks a spread of starts:
  // half free, two thirds of the rest rejected on the grid, the others off it, and half a minute
  // after a free start (never on the grid: the API takes any millisecond).
  const free = spread(expected, Math.ceil(maxChecks / 2));
  const rejected = spread(rejectedOnGrid, Math.ceil((maxChecks - free.length) * 0.66));
  const candidates = [...free, ...rejected, ...spread(offGrid, maxChecks - free.length - rejected.length)];
  if (expected.length > 0) candidates.push((expected[0] as number) + 30_000);
  candidates.push(...alsoCheck);

  for (const t of candidates) {
    const want = reference.verdict(t);
    const got = checkSlot({
      schedule: q.schedule,
      bookings: q.bookings,
      startsAtMs: t,
      nowMs: q.nowMs,
      preferredStaffId: q.preferredStaffId,
      ignoreBookingId: q.ignoreBookingId,
      partySize: q.partySize,
    });
    if (got.ok !== want.free) {
      return `checkSlot(${describeStart(q, t)}) = ${JSON.stringify(got)}, reference: ${JSON.stringify(want)}`;
    }
    const sameStaff = got.ok && want.free && JSON.stringify(got.staffIds) === JSON.stringify(want.staffIds);
    if (got.ok && want.free && (got.staffId !== want.staffId || got.resourceId !== want.resourceId || !sameStaff)) {
      return (
        `checkSlot(${describeStart(q, t)}) assigned staff ${got.staffId} / resource ${got.resourceId}, ` +
        `reference: ${want.staffId} / ${want.resourceId} (usable staff ${want.freeStaffIds}, free resources ${want.freeResourceIds})`
      );
    }
  }
  if (stats) {
    stats.questions += 1;
    stats.freeStarts += expected.length;
    stats.questionsWithFreeStarts += expected.length > 0 ? 1 : 0;
    stats.checkedStarts += candidates.length;
  }
  return null;
}

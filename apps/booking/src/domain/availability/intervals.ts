// Half-open instant intervals and a merged, searchable set of them. Every per-slot question the
// engine asks about opening hours, holidays and blocks is one lookup here: at most O(log n) per
// owner, and a step or two when the starts come in ascending order, as computeSlots asks them
// (SortedCursor).

export interface Interval {
  startMs: number;
  endMs: number;
}

/**
 * The first index in `[lo, hi)` whose value is not below `x` (below: `< x` when `strict`, else
 * `<= x`), given that every value before `lo` is below it; `hi` when none.
 */
function firstNotBelow(sorted: ArrayLike<number>, x: number, strict: boolean, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid] as number;
    if (strict ? v < x : v <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Largest index i with `sorted[i] <= x`, or -1. */
export function lastIndexAtOrBefore(sorted: ArrayLike<number>, x: number): number {
  return firstNotBelow(sorted, x, false, 0, sorted.length) - 1;
}

/** Largest index i with `sorted[i] < x`, or -1. */
export function lastIndexBefore(sorted: ArrayLike<number>, x: number): number {
  return firstNotBelow(sorted, x, true, 0, sorted.length) - 1;
}

/** Steps a cursor walks forward before it bisects the rest. */
const CURSOR_STEPS = 4;

/**
 * lastIndexAtOrBefore and lastIndexBefore on one sorted list, searched from the previous answer.
 * computeSlots asks every owner's hours, blocks and bookings about its starts in ascending order,
 * so an answer lies at or a few places after the last one: a step or two instead of a bisection
 * per owner per start (docs/benchmarks.md "Step 2: the engine over a month"). The answers are the
 * bisection's for questions in any order (the cursor is only where the search begins); a question
 * behind the previous one, or far ahead of it, bisects.
 */
export class SortedCursor {
  /** The previous answer, in [-1, length - 1]. */
  private at = -1;

  constructor(private readonly sorted: ArrayLike<number>) {}

  /** Largest index i with `sorted[i] <= x`, or -1. */
  lastAtOrBefore(x: number): number {
    return (this.at = this.seek(x, false));
  }

  /** Largest index i with `sorted[i] < x`, or -1. */
  lastBefore(x: number): number {
    return (this.at = this.seek(x, true));
  }

  private seek(x: number, strict: boolean): number {
    const { sorted } = this;
    const n = sorted.length;
    let i = this.at;
    if (i >= 0) {
      const v = sorted[i] as number;
      // Behind the previous answer: the answer lies before it.
      if (!(strict ? v < x : v <= x)) return firstNotBelow(sorted, x, strict, 0, i) - 1;
    }
    // sorted[i] is below x (or i is -1): the answer is i or after it.
    for (let step = 0; step < CURSOR_STEPS; step++) {
      if (i + 1 === n) return i;
      const v = sorted[i + 1] as number;
      if (!(strict ? v < x : v <= x)) return i;
      i += 1;
    }
    return firstNotBelow(sorted, x, strict, i + 1, n) - 1;
  }
}

/**
 * Sorted, disjoint intervals. Touching intervals are merged too, so two adjacent rules
 * (09:00–12:00 and 12:00–17:00, or Monday 22:00–24:00 and Tuesday 00:00–02:00) cover a slot
 * that straddles their seam.
 */
export class IntervalSet {
  static readonly EMPTY = new IntervalSet([], []);

  /** Where the last question about this set found its interval (SortedCursor). */
  private readonly cursor: SortedCursor;

  private constructor(
    private readonly starts: readonly number[],
    private readonly ends: readonly number[],
  ) {
    this.cursor = new SortedCursor(starts);
  }

  static from(intervals: Iterable<Interval>): IntervalSet {
    const list = [...intervals].filter((i) => i.endMs > i.startMs).sort((a, b) => a.startMs - b.startMs);
    const starts: number[] = [];
    const ends: number[] = [];
    for (const { startMs, endMs } of list) {
      const last = ends.length - 1;
      if (last >= 0 && startMs <= (ends[last] as number)) {
        if (endMs > (ends[last] as number)) ends[last] = endMs;
      } else {
        starts.push(startMs);
        ends.push(endMs);
      }
    }
    return new IntervalSet(starts, ends);
  }

  get size(): number {
    return this.starts.length;
  }

  /** True when one interval of the set contains all of `[a, b)`. */
  covers(a: number, b: number): boolean {
    const i = this.cursor.lastAtOrBefore(a);
    return i >= 0 && (this.ends[i] as number) >= b;
  }

  /** True when some interval of the set shares at least one instant with `[a, b)`. */
  overlaps(a: number, b: number): boolean {
    // Disjoint and sorted, so ends rise with starts: the last interval starting before b has the
    // largest end of all candidates.
    const i = this.cursor.lastBefore(b);
    return i >= 0 && (this.ends[i] as number) > a;
  }

  toArray(): Interval[] {
    return this.starts.map((startMs, i) => ({ startMs, endMs: this.ends[i] as number }));
  }
}

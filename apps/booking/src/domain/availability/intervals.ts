// Half-open instant intervals and a merged, binary-searchable set of them. Every per-slot
// question the engine asks about opening hours, holidays and blocks is one lookup here, so the
// slot loop stays O(log n) per owner.

export interface Interval {
  startMs: number;
  endMs: number;
}

/** Largest index i with `sorted[i] <= x`, or -1. */
export function lastIndexAtOrBefore(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Largest index i with `sorted[i] < x`, or -1. */
export function lastIndexBefore(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Sorted, disjoint intervals. Touching intervals are merged too, so two adjacent rules
 * (09:00–12:00 and 12:00–17:00, or Monday 22:00–24:00 and Tuesday 00:00–02:00) cover a slot
 * that straddles their seam.
 */
export class IntervalSet {
  static readonly EMPTY = new IntervalSet([], []);

  private constructor(
    private readonly starts: readonly number[],
    private readonly ends: readonly number[],
  ) {}

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
    const i = lastIndexAtOrBefore(this.starts, a);
    return i >= 0 && (this.ends[i] as number) >= b;
  }

  /** True when some interval of the set shares at least one instant with `[a, b)`. */
  overlaps(a: number, b: number): boolean {
    // Disjoint and sorted, so ends rise with starts: the last interval starting before b has the
    // largest end of all candidates.
    const i = lastIndexBefore(this.starts, b);
    return i >= 0 && (this.ends[i] as number) > a;
  }

  toArray(): Interval[] {
    return this.starts.map((startMs, i) => ({ startMs, endMs: this.ends[i] as number }));
  }
}

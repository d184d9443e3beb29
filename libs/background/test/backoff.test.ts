import { describe, expect, it } from 'vitest';
import { backoffMs, baseBackoffMs } from '../src/index.js';

const schedule = { firstMs: 60_000, factor: 5, capMs: 6 * 3_600_000, jitter: 0.1 };

describe('backoffMs', () => {
  it('grows by the factor up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => baseBackoffMs(n, schedule))).toEqual([
      60_000, 300_000, 1_500_000, 7_500_000, 21_600_000, 21_600_000,
    ]);
    expect(backoffMs(2, schedule, 0.5)).toBe(300_000);
  });

  it('spreads by the jitter, never beyond the cap', () => {
    expect(backoffMs(2, schedule, 0)).toBe(270_000);
    expect(backoffMs(2, schedule, 0.999_999)).toBe(330_000);
    expect(backoffMs(5, schedule, 0.999_999)).toBe(21_600_000);
  });

  it('without jitter is exactly the schedule', () => {
    const exact = { ...schedule, factor: 4, capMs: 3_600_000, jitter: 0 };
    expect(backoffMs(3, exact, 0)).toBe(960_000);
    expect(backoffMs(3, exact, 0.9)).toBe(960_000);
  });
});

import { describe, expect, it } from 'vitest';
import { addIsoDays, isoDateOf, nextIsoDate, parseIsoDate, wallClockAt, wallClockMs } from '../src/index.js';

describe('civil arithmetic', () => {
  it('reads fields as if UTC and back', () => {
    const t = { year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 15 };
    expect(wallClockMs(t)).toBe(Date.UTC(2026, 2, 29, 2, 30, 15));
    expect(wallClockAt(wallClockMs(t))).toEqual(t);
  });

  it('carries fields over: minute 1440 is the next midnight', () => {
    expect(wallClockAt(wallClockMs({ year: 2026, month: 12, day: 31, hour: 0, minute: 1440, second: 0 }))).toEqual({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });

  it('keeps years 0–99 and 9999', () => {
    for (const year of [1, 50, 99, 100, 9999]) {
      const t = { year, month: 6, day: 15, hour: 12, minute: 0, second: 0 };
      expect(wallClockAt(wallClockMs(t))).toEqual(t);
    }
  });

  it('parses real dates only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2024-13-01')).toBeNull();
    expect(parseIsoDate('2024-1-01')).toBeNull();
    expect(parseIsoDate('0050-01-01')).toEqual({ year: 50, month: 1, day: 1 });
    expect(isoDateOf({ year: 50, month: 1, day: 1 })).toBe('0050-01-01');
  });

  it('steps dates across months and years', () => {
    expect(nextIsoDate('2024-02-28')).toBe('2024-02-29');
    expect(nextIsoDate('2024-12-31')).toBe('2025-01-01');
    expect(addIsoDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(() => nextIsoDate('2024-02-30')).toThrow(RangeError);
  });
});

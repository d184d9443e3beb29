import { describe, expect, it } from 'vitest';
import { dayWindowsSchema, MAX_DAY_WINDOWS, sortedDayWindows } from '../src/index.js';

const w = (startMinute: number, endMinute: number) => ({ startMinute, endMinute });

describe('date override windows', () => {
  it('are kept in order of their start; touching ones are fine; none closes the day', () => {
    expect(sortedDayWindows([w(780, 900), w(540, 720)])).toEqual([w(540, 720), w(780, 900)]);
    expect(sortedDayWindows([w(540, 720), w(720, 1440)])).toEqual([w(540, 720), w(720, 1440)]);
    expect(sortedDayWindows([])).toEqual([]);
    expect(sortedDayWindows([w(0, 1440)])).toEqual([w(0, 1440)]);
  });

  it('refuse an empty or reversed window, one outside the day, overlaps, fractions, and too many', () => {
    for (const bad of [
      [w(600, 600)],
      [w(700, 600)],
      [w(-1, 60)],
      [w(60, 1441)],
      [w(540, 720), w(700, 800)],
      [w(0, 1440), w(600, 660)],
      [w(60.5, 120)],
      Array.from({ length: MAX_DAY_WINDOWS + 1 }, (_, i) => w(i * 60, i * 60 + 30)),
    ]) {
      expect(sortedDayWindows(bad), JSON.stringify(bad)).toBeNull();
      expect(dayWindowsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(sortedDayWindows(Array.from({ length: MAX_DAY_WINDOWS }, (_, i) => w(i * 60, i * 60 + 30)))).toHaveLength(
      MAX_DAY_WINDOWS,
    );
  });
});

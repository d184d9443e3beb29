/**
 * Date overrides (docs/decisions.md "Date overrides"): on one date an owner's hours are a list of
 * wall-clock windows instead of its weekly rules. The gateway's request schema and the catalog's
 * check read the same rule.
 */
import { z } from 'zod';
import { MINUTES_PER_DAY } from './time.js';

/** Windows of one override at most (a split shift has two; nobody needs dozens). */
export const MAX_DAY_WINDOWS = 12;

export interface DayWindow {
  startMinute: number;
  endMinute: number;
}

export const DAY_WINDOWS_MESSAGE =
  `must be at most ${MAX_DAY_WINDOWS} windows of whole minutes, 0 ≤ startMinute < endMinute ≤ ${MINUTES_PER_DAY}, ` +
  'none overlapping another';

const isWindow = (w: DayWindow): boolean =>
  Number.isInteger(w.startMinute) &&
  Number.isInteger(w.endMinute) &&
  w.startMinute >= 0 &&
  w.startMinute < w.endMinute &&
  w.endMinute <= MINUTES_PER_DAY;

/**
 * The windows in order of their start, or null when they break the rule: too many, a window that
 * is empty or outside the day, or two that overlap (touching ones, 09:00–12:00 and 12:00–14:00,
 * are fine).
 */
export function sortedDayWindows(windows: readonly DayWindow[]): DayWindow[] | null {
  if (windows.length > MAX_DAY_WINDOWS || !windows.every(isWindow)) return null;
  const sorted = [...windows].sort((a, b) => a.startMinute - b.startMinute);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.startMinute < sorted[i - 1]!.endMinute) return null;
  }
  return sorted.map((w) => ({ startMinute: w.startMinute, endMinute: w.endMinute }));
}

const minute = z.number().int().min(0).max(MINUTES_PER_DAY);

export const dayWindowsSchema = z
  .array(
    z.strictObject({
      startMinute: minute.describe('Minutes after the local midnight.'),
      endMinute: minute.describe('Exclusive; 1440 is the next midnight.'),
    }),
  )
  .max(MAX_DAY_WINDOWS)
  .refine((windows) => sortedDayWindows(windows) !== null, DAY_WINDOWS_MESSAGE)
  .describe(
    `The owner's hours on that date, wall clock in its time zone: at most ${MAX_DAY_WINDOWS} windows, each ` +
      'startMinute < endMinute, none overlapping another; [] closes the day.',
  );

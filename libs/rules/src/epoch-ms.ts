import { z } from 'zod';
import { DAY_MS } from './time.js';

/**
 * Instants are integer epoch milliseconds from 1 to the last millisecond of year 9999
 * (docs/api-conventions.md "Input rules"). 0 is out: it is proto3's "unset", so a service
 * cannot tell it from a missing value. Year 9999 keeps every derived instant (a window padded
 * by a few days) inside what `Date` and `Intl` compute with, which ends near year 275760.
 */
export const EPOCH_MS_MIN = 1;
/** The first instant after year 9999, a UTC midnight: the exclusive end of every window. */
export const EPOCH_MS_END = Date.UTC(10000, 0, 1);
/** 9999-12-31T23:59:59.999Z. */
export const EPOCH_MS_MAX = EPOCH_MS_END - 1;

export const EPOCH_MS_MESSAGE = `must be an integer epoch ms from ${EPOCH_MS_MIN} to ${EPOCH_MS_MAX} (end of year 9999)`;

export const isEpochMs = (value: number): boolean =>
  Number.isSafeInteger(value) && value >= EPOCH_MS_MIN && value <= EPOCH_MS_MAX;

/**
 * A derived instant (an input padded by a day or two) brought into [0, EPOCH_MS_END], so a
 * lookup window around a valid input never leaves the range the services compute with.
 */
export const clampToEpochRange = (ms: number): number => Math.min(Math.max(ms, 0), EPOCH_MS_END);

/**
 * What is wrong with a derived window [fromMs, toMs) that one service asks another about (an
 * input padded by a day or two, then clamped with clampToEpochRange): it must lie within
 * [0, EPOCH_MS_END] and not be empty. One violation at most, with the field it names.
 */
export function derivedWindowViolations(fromMs: number, toMs: number): { path: 'fromMs' | 'toMs'; message: string }[] {
  if (!Number.isSafeInteger(fromMs) || fromMs < 0 || fromMs >= EPOCH_MS_END) {
    return [{ path: 'fromMs', message: `must be an integer epoch ms from 0 to ${EPOCH_MS_END - 1}` }];
  }
  if (!Number.isSafeInteger(toMs) || toMs <= fromMs || toMs > EPOCH_MS_END) {
    return [{ path: 'toMs', message: `must be an integer greater than fromMs and at most ${EPOCH_MS_END}` }];
  }
  return [];
}

/** Availability windows: at most 31 days (the interface's limit). */
export const MAX_AVAILABILITY_WINDOW_MS = 31 * DAY_MS;

const described = (schema: z.ZodNumber) =>
  schema
    .int()
    .min(EPOCH_MS_MIN)
    .max(EPOCH_MS_MAX)
    .describe('Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999).');

/** An instant in a JSON body. */
export const epochMsSchema = described(z.number());
/** An instant in the query string (text, coerced to a number). */
export const epochMsQuerySchema = described(z.coerce.number());

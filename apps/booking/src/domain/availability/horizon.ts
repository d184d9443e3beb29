// The bookable horizon: the starts a service's minimum notice and maximum advance allow at a
// given moment. No other start is ever offered or booked, so nothing outside what these starts
// can occupy (bookings, connected calendars) needs to be read (docs/decisions.md "Integrations").

import { DAY_MS } from '@svc/rules';
import { LOCAL_DAY_REACH_MS } from './daily-limit.js';
import type { SlotShape } from './prepared-schedule.js';

export interface Window {
  fromMs: number;
  toMs: number;
}

/**
 * The starts in `[fromMs, toMs)` that min notice and max advance allow at `nowMs` (inclusive
 * bounds `nowMs + minNotice` and `nowMs + maxAdvance`), or null when there are none. `slackMs`
 * widens the far end, for a caller whose later checks read the clock again.
 */
export function bookableStarts(
  shape: SlotShape,
  nowMs: number,
  fromMs: number,
  toMs: number,
  slackMs = 0,
): Window | null {
  const lo = Math.max(fromMs, nowMs + shape.minNoticeMs);
  const hi = Math.min(toMs, nowMs + shape.maxAdvanceMs + 1 + slackMs);
  return lo < hi ? { fromMs: lo, toMs: hi } : null;
}

/**
 * What slots starting in `starts` can occupy: from the buffer before the first start to the end
 * and buffer after of the last.
 */
export function occupiedReach(shape: SlotShape, starts: Window): Window {
  return {
    fromMs: starts.fromMs - shape.bufferBeforeMs,
    toMs: starts.toMs + shape.durationMs + shape.bufferAfterMs,
  };
}

/**
 * The bookings the decision on starts in `starts` reads: those occupying time it can occupy
 * (occupiedReach) and, for a service with a daily limit, every booking on the local days of those
 * starts (daily-limit.ts).
 */
export function countedReach(shape: SlotShape, starts: Window): Window {
  const reach = occupiedReach(shape, starts);
  if (shape.maxPerDay === 0) return reach;
  return { fromMs: reach.fromMs - LOCAL_DAY_REACH_MS, toMs: reach.toMs + LOCAL_DAY_REACH_MS };
}

/**
 * round_robin (docs/decisions.md "Staff assignment"): the bookings of the service starting within
 * a week either side of a start decide who takes it.
 */
export const ROTATION_REACH_MS = 7 * DAY_MS;

/**
 * The bookings a decision on one start reads (create, reschedule, explain): countedReach, and for a
 * round-robin service its rotation window too.
 */
export function decisionReach(shape: SlotShape, starts: Window): Window {
  const reach = countedReach(shape, starts);
  if (!shape.rotates) return reach;
  return {
    fromMs: Math.min(reach.fromMs, starts.fromMs - ROTATION_REACH_MS),
    toMs: Math.max(reach.toMs, starts.toMs + ROTATION_REACH_MS),
  };
}

import { z } from 'zod';
import { MINUTE_MS, MINUTES_PER_DAY } from './time.js';

/**
 * A service's customer cut-offs (docs/decisions.md "Service policies"): the manage link cancels,
 * or reschedules, only before `start − cutoff`; 0 to 30 days in minutes, 0 = until it starts.
 */
export const MAX_CUTOFF_MIN = 30 * MINUTES_PER_DAY;

/** A service's daily limit per staff member: 0 (none) to this many bookings. */
export const MAX_BOOKINGS_PER_DAY = 1000;

/** The first instant at which a cut-off of `cutoffMin` minutes stops the customer. */
export const cutoffAtMs = (startsAtMs: number, cutoffMin: number): number =>
  startsAtMs - Math.max(0, cutoffMin) * MINUTE_MS;

/** A cut-off as a person reads it: "2 days", "3 hours", "90 minutes" (the largest whole unit). */
export function describeMinutes(minutes: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes > 0 && minutes % MINUTES_PER_DAY === 0) return unit(minutes / MINUTES_PER_DAY, 'day');
  if (minutes > 0 && minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

/** A session's seats at most (docs/decisions.md "Seats"): 1 is a service without sessions. */
export const MAX_SEATS = 1000;

/** A booking's party: a whole number of seats from 1 to MAX_SEATS (its service may allow fewer). */
export const isPartySize = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= MAX_SEATS;
export const PARTY_SIZE_MESSAGE = `must be a whole number from 1 to ${MAX_SEATS}`;

/** A create's party: 1 to MAX_SEATS seats, default 1. */
export const partySizeSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_SEATS)
  .describe(
    `The seats the booking takes in a session of a seated service, 1 to the service's maxPartySize (at most ${MAX_SEATS}). Default: 1.`,
  );

/** The same in a query string. */
export const partySizeQuerySchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_SEATS)
  .describe('Only slots with room for a party of this many (a seated service). Default: 1.');

/** Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"). */
export const ASSIGNMENTS = ['first_available', 'round_robin', 'collective'] as const;
export type Assignment = (typeof ASSIGNMENTS)[number];
/** The policy a stored or transmitted value names; anything else (absent on older records) is first_available. */
export const assignmentOf = (value: string | null | undefined): Assignment =>
  value === 'round_robin' || value === 'collective' ? value : 'first_available';
/** A round-robin share: 1 to this. */
export const MAX_STAFF_WEIGHT = 100;

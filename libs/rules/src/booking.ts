import { z } from 'zod';
import { trimmedTextSchema } from './text.js';

/**
 * Every status a booking can have (docs/decisions.md "Booking"); cancelled, completed and
 * no_show are terminal. The list filter of the dashboard and of ListBookings takes one of them.
 */
export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const isBookingStatus = (value: string): value is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value);

export const BOOKING_STATUS_MESSAGE = `must be one of ${BOOKING_STATUSES.join(', ')}`;

export const bookingStatusSchema = z.enum(BOOKING_STATUSES, { message: BOOKING_STATUS_MESSAGE });

/**
 * The reason staff give for a cancel or a no-show (docs/decisions.md "Booking"): optional,
 * trimmed, at most 500 characters; blank is the same as none.
 */
export const MAX_BOOKING_REASON_LENGTH = 500;
export const BOOKING_REASON_MESSAGE = `must be at most ${MAX_BOOKING_REASON_LENGTH} characters`;

/** The reason as stored ('' = none given), or null when it is too long. */
export function normalizeBookingReason(input: string): string | null {
  const reason = input.trim();
  return reason.length <= MAX_BOOKING_REASON_LENGTH ? reason : null;
}

export const bookingReasonSchema = trimmedTextSchema(MAX_BOOKING_REASON_LENGTH).describe(
  `Optional, at most ${MAX_BOOKING_REASON_LENGTH} characters; blank is the same as none.`,
);

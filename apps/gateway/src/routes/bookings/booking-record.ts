import { z } from 'zod';
import type { bookingV1 } from '@svc/proto';
import { BOOKING_STATUSES } from '@svc/rules';
import { present } from '../catalog/admin-resource.js';

/**
 * The booking record of the dashboard and of the manage view (docs/decisions.md "Booking"). What
 * a booking does not have is null, never '' (proto3 has no null: the service sends '' or leaves
 * the optional field out).
 */
export const bookingRecordSchema = z
  .object({
    bookingId: z.string(),
    tenantId: z.string(),
    serviceId: z.string(),
    serviceSlug: z.string(),
    staffId: z.string().nullable().describe('The staff member assigned; null when the service lists none.'),
    resourceId: z.string().nullable().describe('The resource assigned; null when the service lists none.'),
    customerId: z.string(),
    status: z.enum(BOOKING_STATUSES),
    startsAtMs: z.number().int(),
    endsAtMs: z.number().int().describe('Exclusive.'),
    timezone: z.string().describe("The customer's IANA time zone."),
    source: z.string().describe('public_page | dashboard | partner_api | mcp'),
    notes: z.string(),
    holdExpiresAtMs: z.number().int().nullable().describe('When a held booking stops holding its slot.'),
    cancelReason: z.string().nullable().describe('`customer`, `hold_expired`, or what staff gave; null when none.'),
    noShowReason: z.string().nullable(),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe('A booking.');

export type BookingRecord = z.input<typeof bookingRecordSchema>;

const orNull = (value: string): string | null => value || null;

/** The one mapping from booking.v1.Booking to the JSON record. */
export function toBookingRecord(b: bookingV1.Booking): BookingRecord {
  return {
    bookingId: b.bookingId,
    tenantId: b.tenantId,
    serviceId: b.serviceId,
    serviceSlug: b.serviceSlug,
    staffId: orNull(b.staffId),
    resourceId: orNull(b.resourceId),
    customerId: b.customerId,
    status: b.status as BookingRecord['status'],
    startsAtMs: b.startsAtMs,
    endsAtMs: b.endsAtMs,
    timezone: b.timezone,
    source: b.source,
    notes: b.notes,
    holdExpiresAtMs: b.holdExpiresAtMs ?? null,
    cancelReason: orNull(b.cancelReason),
    noShowReason: orNull(b.noShowReason),
    createdAtMs: b.createdAtMs,
    updatedAtMs: b.updatedAtMs,
  };
}

/** The record of the booking a booking.v1 response carries (present: the service's contract). */
export const recordOf = (res: { booking?: bookingV1.Booking | undefined }): BookingRecord =>
  toBookingRecord(present(res.booking, 'booking'));

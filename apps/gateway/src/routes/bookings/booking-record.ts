import { z } from 'zod';
import type { bookingV1, integrationsV1 } from '@svc/proto';
import { calendarSyncView, fromAnswerValue } from '@svc/grpc';
import { BOOKING_STATUSES, QUESTION_TYPES } from '@svc/rules';
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
    staffIds: z
      .array(z.string())
      .describe(
        'Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one.',
      ),
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
    answers: z
      .array(
        z.object({
          key: z.string(),
          label: z.string().describe('The question as the customer was asked it.'),
          type: z.string().describe(QUESTION_TYPES.join(' | ')),
          value: z
            .union([z.string(), z.number(), z.boolean(), z.array(z.string())])
            .nullable()
            .describe('A string, a number, true, or the options chosen, by the type; null only if it was lost.'),
        }),
      )
      .describe(
        'The answers to the service’s intake questions, in the questions’ order, with the questions as they were ' +
          'asked (a later edit of the service changes nothing here); an unanswered optional question is left out.',
      ),
    partySize: z.number().int().describe('The seats it takes in its session (1 for a service without seats).'),
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
    staffIds: b.staffIds.length > 0 ? [...b.staffIds] : b.staffId ? [b.staffId] : [],
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
    answers: b.answers.map((a) => ({ key: a.key, label: a.label, type: a.type, value: fromAnswerValue(a.value) })),
    partySize: b.partySize || 1,
    createdAtMs: b.createdAtMs,
    updatedAtMs: b.updatedAtMs,
  };
}

/** The record of the booking a booking.v1 response carries (present: the service's contract). */
export const recordOf = (res: { booking?: bookingV1.Booking | undefined }): BookingRecord =>
  toBookingRecord(present(res.booking, 'booking'));

export const calendarSyncSchema = z
  .object({
    status: z
      .enum(['pending', 'synced', 'failed', 'removed'])
      .describe('`pending`: being written or retried; `removed`: taken out after a cancel or no-show.'),
    provider: z
      .string()
      .describe(
        '`caldav | google | microsoft`: the calendar the event is in; `zoom` when the staff member has a Zoom ' +
          'meeting and no calendar; empty before the first write.',
      ),
    externalEventId: z.string().nullable().describe('The event at the provider (CalDAV: its resource URL).'),
    meetingUrl: z
      .string()
      .nullable()
      .describe(
        'The video meeting’s join link (Meet, Teams or Zoom, as the service’s conferencing asks), when one was made.',
      ),
  })
  .nullable()
  .describe('The booking in the staff member’s connected calendar; null when it has none.');

/** The booking detail: the record and its calendar write-back. */
export const bookingDetailSchema = bookingRecordSchema.extend({ calendarSync: calendarSyncSchema });

/** The integrations service's record as the detail shows it (the same shape as the webhook's `data.calendarSync`). */
export const toCalendarSync = (sync: integrationsV1.CalendarSync | undefined): z.input<typeof calendarSyncSchema> =>
  calendarSyncView(sync);

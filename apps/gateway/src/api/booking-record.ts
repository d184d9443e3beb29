import { z } from 'zod';
import type { bookingV1, integrationsV1 } from '@svc/proto';
import { bookingRecordView, calendarSyncView } from '@svc/grpc';
import { BOOKING_STATUSES, NO_SHOW_CHARGES, QUESTION_TYPES } from '@svc/rules';
import { present } from './present.js';

/** The kinds of money movement a paid booking records (docs/decisions.md "Payments"). */
const PAYMENT_RECORD_KINDS = ['charge', 'outside', 'refund', 'no_show_fee'] as const;
/** Where a paid booking's payment stands. */
const PAYMENT_STATES = ['awaiting', 'paid', 'paid_outside', 'unpaid'] as const;

/**
 * A paid booking's money (docs/decisions.md "Payments"), as the booking service keeps it: the
 * service's terms copied when it was made, where the payment stands, and every movement. The same
 * view as webhook `data.booking.payment`. Amounts are minor units of `currency` (whole units for
 * a currency without minor units, such as JPY).
 */
export const bookingPaymentSchema = z
  .object({
    policy: z.enum(['deposit', 'full']).describe('What the service asked at booking: a deposit or the full price.'),
    priceAmount: z.number().int().describe("The service's price when the booking was made."),
    currency: z.string().describe('ISO 4217, upper case.'),
    amountDue: z.number().int().describe('Due at checkout: the deposit or the price.'),
    state: z
      .enum(PAYMENT_STATES)
      .describe(
        "awaiting: held while the customer pays on Stripe's page (`checkoutUrl`); paid: the checkout was paid, " +
          'which confirmed the booking; paid_outside: staff or a partner confirmed it as paid another way; ' +
          'unpaid: the hold ended, or it was cancelled, before it was paid.',
      ),
    checkoutUrl: z.string().nullable().describe("Stripe's checkout page while `state` is awaiting; null after."),
    refundAfterCutoffPercent: z
      .number()
      .int()
      .describe(
        "Percent of the payment refunded on a cancel from the service's cancel cut-off on; before it, all of it.",
      ),
    noShowCharge: z
      .enum(NO_SHOW_CHARGES)
      .describe('What a no-show is charged to the card saved at checkout: none, the rest of the price, or a fee.'),
    noShowFeeAmount: z.number().int().describe('The fee under `noShowCharge: fee`; 0 otherwise.'),
    netPaid: z.number().int().describe('What was paid, less what was refunded.'),
    records: z
      .array(
        z.object({
          kind: z
            .enum(PAYMENT_RECORD_KINDS)
            .describe(
              'charge: paid at checkout; outside: marked paid another way; refund; no_show_fee: charged for a no-show.',
            ),
          amount: z.number().int().describe('Always positive; a refund is what went back.'),
          currency: z.string(),
          status: z.string().describe("Stripe's: succeeded, pending, failed or requires_action (outside: succeeded)."),
          providerId: z
            .string()
            .nullable()
            .describe("Stripe's id of the movement: pi_… for a charge or fee, re_… for a refund; null for outside."),
          atMs: z.number().int(),
          actor: z
            .string()
            .describe('Whose change caused it: customer, staff, partner, or system (the platform on its own).'),
        }),
      )
      .describe('Every money movement of the booking, oldest first.'),
  })
  .nullable()
  .describe('The payment of a booking of a paid service; null for a service without a payment policy.');

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
    source: z.string().describe('public_page | dashboard | partner_api | mcp | demo (the demo workspace)'),
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
    payment: bookingPaymentSchema,
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe('A booking.');

export type BookingRecord = z.input<typeof bookingRecordSchema>;

/**
 * The one mapping from booking.v1.Booking to the JSON record (@svc/grpc's, shared with the tenant
 * export's archive); the booking service writes only the values the schema lists.
 */
export const toBookingRecord = (b: bookingV1.Booking): BookingRecord => bookingRecordView(b) as BookingRecord;

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

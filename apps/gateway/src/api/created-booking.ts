import { z } from 'zod';
import { bookingPaymentSchema, bookingRecordSchema, toBookingRecord } from './booking-record.js';
import type { CreatedBooking } from './booking-create.js';

/** `paymentUrl` of a create's answer (docs/decisions.md "Payments"). */
export const paymentUrlSchema = z
  .string()
  .nullable()
  .describe(
    "Stripe's checkout page, where the customer pays `booking.payment.amountDue` while the booking is held; " +
      'null for a service without a payment policy, and on a replay once the booking no longer awaits its payment ' +
      '(paid, or its hold ended).',
  );

/** What the public create answers: the booking in brief (the page shows no more) and the customer's links. */
export const publicCreatedSchema = z.object({
  booking: z.object({
    bookingId: z.string(),
    status: z
      .string()
      .describe('held (the business confirms it within 10 minutes), or confirmed for an automatic service.'),
    staffId: z
      .string()
      .nullable()
      .describe(
        'The staff member it went to (a named one when free, else the policy chose); null when the service ' +
          'lists none or books its whole team.',
      ),
    payment: bookingPaymentSchema,
  }),
  idempotentReplay: z.boolean(),
  manageToken: z.string(),
  manageUrl: z.string(),
  paymentUrl: paymentUrlSchema,
});

export const toPublicCreated = (created: CreatedBooking): z.input<typeof publicCreatedSchema> => ({
  ...created,
  booking: {
    bookingId: created.booking.bookingId,
    status: created.booking.status,
    staffId: created.booking.staffIds.length > 1 ? null : created.booking.staffId || null,
    payment: toBookingRecord(created.booking).payment,
  },
});

/** What a partner create answers: the full booking record (as `GET /v1/bookings/{id}`) and the customer's link. */
export const partnerCreatedSchema = z.object({
  booking: bookingRecordSchema,
  idempotentReplay: z.boolean(),
  manageToken: z.string().describe("The customer's manage token, to pass on to them."),
  manageUrl: z.string(),
  paymentUrl: paymentUrlSchema.describe(
    `${paymentUrlSchema.description} Pass it on to the customer: the booking confirms itself once they pay.`,
  ),
});

/** A create with the full booking record: the partner API's answer and MCP `create_booking`'s. */
export const toFullCreated = (created: CreatedBooking): z.input<typeof partnerCreatedSchema> => ({
  ...created,
  booking: toBookingRecord(created.booking),
});

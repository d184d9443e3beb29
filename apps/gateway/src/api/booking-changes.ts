import { z } from 'zod';
import { bookingReasonSchema, epochMsSchema, MAX_REFUND_PERCENT } from '@svc/rules';
import { noBody } from './field-schemas.js';

/**
 * A booking's status changes and reschedule as the HTTP API takes them: the bodies, the rules and
 * the actions they ask of the booking service (the booking routes on `/api` and `/v1`, the manage
 * link's reschedule, MCP `cancel_booking`).
 */

/** `{ startsAtMs }`: the new start of a held or confirmed booking (dashboard and manage link). */
export const rescheduleBody = z.strictObject({ startsAtMs: epochMsSchema.describe('The new start.') });

/**
 * Optional bodies (docs/decisions.md "Booking"): no body, `{}` or, for cancel and no-show,
 * `{ reason }`; a confirm may say a paid booking was paid another way, a cancel how much of a
 * payment goes back (docs/decisions.md "Payments").
 */
const reasonBody = z
  .strictObject({ reason: bookingReasonSchema.optional() })
  .optional()
  .describe('No body, `{}`, or `{ reason }`.');
const confirmBody = z
  .strictObject({
    paidOutside: z
      .boolean()
      .optional()
      .describe(
        'true: a booking still awaiting its payment was paid another way (cash, a transfer); recorded on the booking ' +
          'as an `outside` payment of its `amountDue`. Without it such a confirm is PAYMENT_REQUIRED 402.',
      ),
  })
  .optional()
  .describe('No body, `{}`, or `{ paidOutside }`.');
/** The cancel's members: the MCP tool `cancel_booking` takes them too. */
export const cancelBodyShape = {
  reason: bookingReasonSchema.optional(),
  refundPercent: z
    .number()
    .int()
    .min(0)
    .max(MAX_REFUND_PERCENT)
    .optional()
    .describe(
      "A paid booking: the share of what was paid to refund (0 to 100), instead of the service's policy " +
        '(all of it before `cancelCutoffMin`, `refundAfterCutoffPercent` after), rounded down to the smallest unit.',
    ),
};
const cancelBody = z
  .strictObject(cancelBodyShape)
  .optional()
  .describe('No body, `{}`, or `{ reason, refundPercent }`.');

/** What a status change may carry besides its action. */
export interface ChangeOptions {
  reason?: string | undefined;
  paidOutside?: boolean | undefined;
  refundPercent?: number | undefined;
}

/** The status changes, each `POST /api/bookings/{bookingId}/<path>` (ChangeBookingStatus). */
export const STATUS_CHANGES = [
  {
    path: 'confirm',
    action: 'confirm',
    summary: 'Confirm a held booking',
    rule:
      'held → confirmed. A booking awaiting its payment (`payment.state: awaiting`) confirms itself once paid; ' +
      'confirming it before is PAYMENT_REQUIRED 402 unless `paidOutside: true` says it was paid another way ' +
      '(recorded as an `outside` payment; its Stripe checkout is then expired).',
    body: confirmBody,
  },
  {
    path: 'cancel',
    action: 'cancel',
    summary: 'Cancel a held or confirmed booking',
    rule:
      'held or confirmed → cancelled; `reason` is stored as `cancelReason`. A paid booking is refunded by the ' +
      "service's policy, or by `refundPercent`; the refund is made with Stripe after the change and shows in " +
      '`payment.records` (an unpaid one has its checkout expired). `refundPercent` on a booking without a ' +
      'payment changes nothing.',
    body: cancelBody,
  },
  {
    path: 'complete',
    action: 'complete',
    summary: 'Mark a confirmed booking completed',
    rule: 'confirmed → completed.',
    body: noBody,
  },
  {
    path: 'no-show',
    action: 'no_show',
    summary: 'Mark a confirmed booking as a no-show',
    rule:
      'confirmed → no_show; `reason` is stored as `noShowReason`. A paid booking whose service has a ' +
      '`noShowCharge` is charged it on the card saved at checkout, after the change (`payment.records`).',
    body: reasonBody,
  },
] as const;

export type BookingAction = (typeof STATUS_CHANGES)[number]['action'];

import { z } from 'zod';
import type { notificationsV1 } from '@svc/proto';
import { notificationView } from '@svc/grpc';
import { NOTIFICATION_STATUSES, NOTIFICATION_TEMPLATES } from '@svc/rules';

/**
 * One message of the send log as a record (the send-log routes on `/api` and `/v1`, and the exports).
 */

export const notificationSchema = z
  .object({
    notificationId: z.string(),
    bookingId: z.string(),
    customerId: z.string().nullable(),
    eventId: z.string().describe('The booking event (evt_…) or the reminder (rem_…) it answers.'),
    template: z.enum(NOTIFICATION_TEMPLATES),
    channel: z.enum(['email', 'sms']),
    recipientKind: z.enum(['customer', 'business', 'staff']),
    recipient: z.string().describe('The email address or phone number.'),
    subject: z.string().describe("'' for SMS."),
    status: z.enum(NOTIFICATION_STATUSES).describe('suppressed: a reminder to a customer who unsubscribed, not sent.'),
    attemptCount: z.number().int().describe('Attempts of the current series.'),
    nextAttemptAtMs: z.number().int().nullable().describe('When the next attempt is due (pending only).'),
    lastError: z.string().nullable().describe('The last failure (an SMTP reply code and text), without the address.'),
    messageId: z.string().nullable().describe('The Message-ID header (email), the same on every retry of a series.'),
    sentAtMs: z.number().int().nullable(),
    series: z.number().int().describe('1 + the number of resends.'),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe('One message to one recipient.');

type NotificationRecord = z.input<typeof notificationSchema>;

/** The notifications service writes only the specification's templates, channels and statuses. */
export const toNotificationRecord = (n: notificationsV1.Notification): NotificationRecord =>
  notificationView(n) as NotificationRecord;

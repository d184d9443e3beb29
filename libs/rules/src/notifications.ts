/**
 * Notification settings (docs/decisions.md "Notifications"): when customers are reminded, who
 * at the business hears of requests and changes, and how messages are signed. The gateway's
 * route schemas and the notifications service check the same rules.
 */
import { z } from 'zod';
import { emailSchema } from './email.js';

/** Minutes before the start; at least 5 minutes, at most 30 days. */
export const REMINDER_OFFSET_MIN = 5;
export const REMINDER_OFFSET_MAX = 43_200;
/** Reminders per booking at most. */
export const MAX_REMINDERS = 5;
/** The platform's defaults: a day and two hours before. */
export const DEFAULT_REMINDER_OFFSETS_MIN: readonly number[] = [1440, 120];
export const MAX_BUSINESS_EMAILS = 10;
export const SENDER_NAME_MAX_LENGTH = 100;

export const REMINDER_OFFSETS_MESSAGE = `must be at most ${MAX_REMINDERS} different whole numbers of minutes from ${REMINDER_OFFSET_MIN} to ${REMINDER_OFFSET_MAX}`;
export const BUSINESS_EMAILS_MESSAGE = `must be at most ${MAX_BUSINESS_EMAILS} email addresses`;
export const SENDER_NAME_MESSAGE = `must be at most ${SENDER_NAME_MAX_LENGTH} characters without line breaks, quotes or angle brackets`;

/** Line breaks, quotes and angle brackets would let a name rewrite the From header. */
const SENDER_NAME_PATTERN = /^[^\x00-\x1f\x7f"<>\\]*$/;

export function isReminderOffsets(offsets: readonly number[]): boolean {
  return (
    offsets.length <= MAX_REMINDERS &&
    new Set(offsets).size === offsets.length &&
    offsets.every((o) => Number.isSafeInteger(o) && o >= REMINDER_OFFSET_MIN && o <= REMINDER_OFFSET_MAX)
  );
}

export const isSenderName = (value: string): boolean =>
  value.length <= SENDER_NAME_MAX_LENGTH && SENDER_NAME_PATTERN.test(value);

export const reminderOffsetsSchema = z
  .array(z.number().int().min(REMINDER_OFFSET_MIN).max(REMINDER_OFFSET_MAX))
  .max(MAX_REMINDERS)
  .refine((offsets) => new Set(offsets).size === offsets.length, 'must not repeat an offset')
  .meta({ uniqueItems: true })
  .describe(
    `Minutes before the start at which the customer of a confirmed booking is reminded (${REMINDER_OFFSET_MIN} to ` +
      `${REMINDER_OFFSET_MAX}, at most ${MAX_REMINDERS}, each once); [] for none. Default [1440, 120].`,
  );

export const businessEmailsSchema = z
  .array(emailSchema)
  .max(MAX_BUSINESS_EMAILS)
  .describe(
    `Who hears of new requests and of customers' cancellations and reschedules (at most ${MAX_BUSINESS_EMAILS}).`,
  );

export const senderNameSchema = z
  .string()
  .trim()
  .max(SENDER_NAME_MAX_LENGTH)
  .regex(SENDER_NAME_PATTERN, SENDER_NAME_MESSAGE)
  .describe("The From name of every message; '' = the tenant's display name.");

/** Every message the platform sends (docs/decisions.md "Notifications"), as the send log names it. */
export const NOTIFICATION_TEMPLATES = [
  'customer.request_received',
  'customer.confirmed',
  'customer.rescheduled',
  'customer.cancelled',
  'customer.hold_expired',
  'customer.reminder',
  'customer.meeting_link',
  'business.request_pending',
  'business.cancelled_by_customer',
  'business.rescheduled_by_customer',
  'business.calendar_needs_reauth',
] as const;
export type NotificationTemplate = (typeof NOTIFICATION_TEMPLATES)[number];

/** A send record's status: `suppressed` is a reminder to a customer who unsubscribed, not sent. */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'suppressed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

import { randomBytes } from 'node:crypto';

/** `ntf_` and 16 random bytes (base64url): a send record's id, unguessable across tenants. */
export const newNotificationId = (): string => `ntf_${randomBytes(16).toString('base64url')}`;

/**
 * What a reminder's messages answer in place of a booking event: one per booking, offset and
 * start, so a reminder moved by a reschedule is a new one and a repeated pass sends nothing twice.
 */
export const reminderEventId = (bookingId: string, offsetMin: number, startsAtMs: number): string =>
  `rem_${bookingId}_${offsetMin}_${startsAtMs}`;

/**
 * What the message carrying a video meeting's link that followed answers in place of an event:
 * one per booking and revision, so a repeated look sends nothing twice and a moved booking's
 * link is a new message.
 */
export const meetingLinkEventId = (bookingId: string, revision: number): string => `mtg_${bookingId}_${revision}`;

/** The reminder document of a booking and offset. */
export const reminderId = (bookingId: string, offsetMin: number): string => `${bookingId}:${offsetMin}`;

/**
 * The Message-ID header of a send record (RFC 5322 msg-id): the record id, stable across retries,
 * with the resend series after the first, since a resend is a new message a mailbox must not
 * drop as a duplicate.
 */
export function messageIdOf(notificationId: string, series: number, domain: string): string {
  return `<${notificationId}${series > 1 ? `.${series}` : ''}@${domain}>`;
}

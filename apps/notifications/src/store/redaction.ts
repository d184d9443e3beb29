/**
 * What retention and an erase leave of a send record (docs/decisions.md "Privacy"): its metadata
 * (ids, template, channel, status, times, attempts) stays; the message goes, and an erase also
 * replaces a customer's address. Pure: the repositories write these changes.
 */
import { messageIdOf } from '../domain/ids.js';
import { REMOVED_CONTENT, type NotificationDoc, type SendStatus } from './records.js';

/** The statuses a record ends in: no attempt is due any more (a resend makes it pending again). */
export const FINAL_STATUSES: readonly SendStatus[] = ['sent', 'failed', 'suppressed'];

export const isFinal = (status: SendStatus): boolean => FINAL_STATUSES.includes(status);

/**
 * The address an erased customer's record keeps: unique per record, so the send-key index (event,
 * template, channel, recipient) stays unique, and naming nobody.
 */
export const erasedRecipient = (notificationId: string): string => `erased:${notificationId}`;

/** Retention: the body goes, the record stays. */
export function bodyRemoval(doc: Pick<NotificationDoc, 'revision'>, nowMs: number): Partial<NotificationDoc> {
  return { content: REMOVED_CONTENT, bodyRemovedAtMs: nowMs, revision: doc.revision + 1 };
}

/**
 * An erase: the body goes (it holds the customer's name, contact and answers) and a customer's
 * address with it; a business or staff address is the tenant's own and stays.
 */
export function erasure(
  doc: Pick<NotificationDoc, '_id' | 'recipientKind' | 'recipient' | 'bodyRemovedAtMs'>,
  nowMs: number,
): Partial<NotificationDoc> {
  return {
    content: REMOVED_CONTENT,
    bodyRemovedAtMs: doc.bodyRemovedAtMs ?? nowMs,
    erasedAtMs: nowMs,
    eraseWhenFinal: false,
    recipient: doc.recipientKind === 'customer' ? erasedRecipient(doc._id) : doc.recipient,
  };
}

/** Every Message-ID an email record was sent under (one per series): the .eml copies to forget. */
export function messageIdsOf(doc: Pick<NotificationDoc, '_id' | 'channel' | 'series' | 'messageId'>): string[] {
  if (doc.channel !== 'email' || doc.messageId === '') return [];
  const domain = doc.messageId.slice(doc.messageId.lastIndexOf('@') + 1, -1);
  return Array.from({ length: doc.series }, (_, i) => messageIdOf(doc._id, i + 1, domain));
}

import { z } from 'zod';
import type { bookingV1 } from '@svc/proto';
import type { Downstream } from '../downstream/services.js';
import { bookingHistoryItemSchema, toBookingHistoryItem } from '../api/booking-history.js';
import { bookingRecordSchema, toBookingRecord } from '../api/booking-record.js';
import { notificationSchema, toNotificationRecord } from '../api/notification-records.js';

/**
 * What the manage link exports (docs/decisions.md "Privacy"): one booking's own data. The link
 * goes to whoever made the booking, whatever email they typed, so it must not open the record or
 * the other bookings of the customer that email belongs to; nor a message's text, which greets
 * the customer by the name on their record.
 */
const messageSchema = notificationSchema
  .pick({ notificationId: true, template: true, channel: true, status: true, sentAtMs: true, createdAtMs: true })
  .describe('A message sent to the customer about the booking: what and when, without its text.');

export const bookingExportSchema = z
  .object({
    exportedAtMs: z.number().int(),
    tenantId: z.string(),
    booking: bookingRecordSchema.extend({ history: z.array(bookingHistoryItemSchema) }),
    messages: z.array(messageSchema),
  })
  .describe('What the business holds about one booking.');

/** A booking has a handful of messages; the bound keeps a broken one from paging forever. */
const MAX_MESSAGE_PAGES = 10;

export async function bookingExport(
  { booking: bookings, notifications }: Downstream,
  booking: bookingV1.Booking,
  nowMs: number,
): Promise<z.input<typeof bookingExportSchema>> {
  const { tenantId, bookingId } = booking;
  const { events } = await bookings.listBookingEvents({ tenantId, bookingId });
  const messages: z.input<typeof messageSchema>[] = [];
  let cursor = '';
  for (let page = 0; notifications && page < MAX_MESSAGE_PAGES; page++) {
    const res = await notifications.listNotifications({
      tenantId,
      bookingId,
      customerId: '',
      status: '',
      page: { limit: 100, cursor },
    });
    for (const n of res.items.filter((item) => item.recipientKind === 'customer')) {
      const { notificationId, template, channel, status, sentAtMs, createdAtMs } = toNotificationRecord(n);
      messages.push({ notificationId, template, channel, status, sentAtMs, createdAtMs });
    }
    cursor = res.page?.nextCursor ?? '';
    if (!cursor) break;
  }
  return {
    exportedAtMs: nowMs,
    tenantId,
    booking: { ...toBookingRecord(booking), history: events.map(toBookingHistoryItem) },
    messages,
  };
}

import { bookingHistoryView, bookingRecordView, notificationView } from '@svc/grpc';
import type { bookingV1 } from '@svc/proto';
import type { ExportSources } from '../tenant-export/sources.js';

/**
 * What the manage link exports (docs/decisions.md "Privacy"): one booking's own data. The link
 * goes to whoever made the booking, whatever email they typed, so it must not open the record or
 * the other bookings of the customer that email belongs to; nor a message's text, which greets
 * the customer by the name on their record. Its shape is the gateway's `bookingExportSchema`.
 */

/** A booking has a handful of messages; the bound keeps a broken one from paging forever. */
const MAX_MESSAGE_PAGES = 10;

export async function bookingDocument(
  { booking: bookings, notifications }: Pick<ExportSources, 'booking' | 'notifications'>,
  booking: bookingV1.Booking,
  nowMs: number,
): Promise<object> {
  const { tenantId, bookingId } = booking;
  const { events } = await bookings.listBookingEvents({ tenantId, bookingId });
  const messages: object[] = [];
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
      const { notificationId, template, channel, status, sentAtMs, createdAtMs } = notificationView(n);
      messages.push({ notificationId, template, channel, status, sentAtMs, createdAtMs });
    }
    cursor = res.page?.nextCursor ?? '';
    if (!cursor) break;
  }
  return {
    exportedAtMs: nowMs,
    tenantId,
    booking: { ...bookingRecordView(booking), history: events.map(bookingHistoryView) },
    messages,
  };
}

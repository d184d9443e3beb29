import { z } from 'zod';
import type { bookingV1 } from '@svc/proto';
import { bookingHistoryView } from '@svc/grpc';
import { BOOKING_STATUSES, webhookEventTypeSchema } from '@svc/rules';

/** One change of a booking as its event recorded it (the history route and the exports). */
export const bookingHistoryItemSchema = z.object({
  eventId: z.string(),
  type: webhookEventTypeSchema,
  occurredAtMs: z.number().int(),
  actor: z.string().nullable().describe('customer | staff | partner | system; null for the create.'),
  status: z.enum(BOOKING_STATUSES).describe('The status the change left.'),
  startsAtMs: z.number().int(),
  endsAtMs: z.number().int(),
});
type BookingHistoryItem = z.input<typeof bookingHistoryItemSchema>;

export const bookingHistorySchema = z.object({ items: z.array(bookingHistoryItemSchema) });

/** The booking service writes only the specification's event types and statuses. */
export const toBookingHistoryItem = (e: bookingV1.BookingHistoryEntry): BookingHistoryItem =>
  bookingHistoryView(e) as BookingHistoryItem;

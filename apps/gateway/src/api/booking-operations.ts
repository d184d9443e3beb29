import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import type { BookingClient } from '@svc/grpc';
import { bookingStatusSchema, epochMsQuerySchema, idSchema } from '@svc/rules';
import { toBookingHistoryItem } from './booking-history.js';
import { recordOf, toBookingRecord } from './booking-record.js';
import type { BookingAction, ChangeOptions } from './booking-changes.js';
import { ascending } from './field-schemas.js';
import { pageQueryShapeFor, pageRequest, toPage } from './paging.js';

/** A list of bookings (`GET /api/bookings`, `GET /v1/bookings`, MCP `list_bookings`). */
export const listBookingsQuery = z
  .strictObject({
    ...pageQueryShapeFor('bookings'),
    status: bookingStatusSchema.optional().describe('Only bookings in this status.'),
    fromMs: epochMsQuerySchema.optional().describe('Only bookings starting at or after this instant.'),
    toMs: epochMsQuerySchema.optional().describe('Only bookings starting before this instant.'),
    serviceId: idSchema.optional().describe('Only bookings of this service.'),
    staffId: idSchema.optional().describe('Only bookings assigned to this staff member.'),
    customerId: idSchema.optional().describe('Only bookings of this customer.'),
  })
  .superRefine(ascending('fromMs', 'toMs', 'toMs must be greater than fromMs.', { at: 'toMs' }));

export type ListBookingsQuery = z.output<typeof listBookingsQuery>;

/**
 * The deadline of a booking write that takes the capacity locks (create, reschedule): a fresh
 * read of the staff members' calendars (at most 4 s, before the locks) and the lock wait
 * (LOCK_WAIT_MS, 5 s) must fit in it, so a busy platform answers late rather than 503. It was
 * 15 s while the calendar read ran under the lock and creates queued behind it (up to 8 s under
 * scripts/fuzz-api.sh); since no lock is held across a provider call it is 10 s
 * (docs/benchmarks.md "Round 5"). Other RPCs keep the default.
 */
export const LOCKED_WRITE_DEADLINE_MS = 10_000;

/**
 * The booking RPCs behind the dashboard's, the partner API's and the MCP server's booking
 * operations, with the one record mapping. A booking path: an outage is BOOKING_POLICY_BLOCKED 503.
 */
export function bookingOperations(booking: BookingClient, actor: 'staff' | 'partner') {
  return {
    list: (tenantId: string, query: ListBookingsQuery) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const { limit, cursor, status, fromMs, toMs, serviceId, staffId, customerId } = query;
        const res = await booking.listBookings({
          tenantId,
          page: pageRequest({ limit, cursor }),
          status: status ?? '',
          fromMs,
          toMs,
          serviceId: serviceId ?? '',
          staffId: staffId ?? '',
          customerId: customerId ?? '',
        });
        return toPage({ items: res.items.map(toBookingRecord), page: res.page });
      }),
    get: (tenantId: string, bookingId: string) =>
      answeringOutagesWith(bookingUnavailable, async () =>
        recordOf(await booking.getBooking({ tenantId, bookingId, actor: '' })),
      ),
    history: (tenantId: string, bookingId: string) =>
      answeringOutagesWith(bookingUnavailable, async () => {
        const { events } = await booking.listBookingEvents({ tenantId, bookingId });
        return { items: events.map(toBookingHistoryItem) };
      }),
    change: (tenantId: string, bookingId: string, action: BookingAction, options: ChangeOptions = {}) =>
      answeringOutagesWith(bookingUnavailable, async () =>
        recordOf(
          await booking.changeBookingStatus({
            tenantId,
            bookingId,
            action,
            reason: options.reason ?? '',
            actor,
            ...(options.paidOutside !== undefined ? { paidOutside: options.paidOutside } : {}),
            ...(options.refundPercent !== undefined ? { refundPercent: options.refundPercent } : {}),
          }),
        ),
      ),
    reschedule: (tenantId: string, bookingId: string, startsAtMs: number) =>
      answeringOutagesWith(bookingUnavailable, async () =>
        recordOf(
          await booking.rescheduleBooking(
            { tenantId, bookingId, startsAtMs, actor },
            { deadlineMs: LOCKED_WRITE_DEADLINE_MS },
          ),
        ),
      ),
  };
}

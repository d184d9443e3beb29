// Bookings and their events as booking.v1 messages: one mapping for every RPC that answers them
// (GetBooking, ListBookings, ListBookingEvents, the customer export).

import { toAnswerValue } from '@svc/grpc';
import type { bookingV1 } from '@svc/proto';
import { paymentView } from '../domain/payment.js';
import { staffOfBooking, type BookingDoc, type OutboxDoc } from '../store/records.js';

/** An outbox row as a history entry: what happened, who did it, how it left the booking. */
export function toHistoryEntry(row: OutboxDoc): bookingV1.BookingHistoryEntry {
  const booking = (row.data.booking ?? {}) as Partial<Record<'status' | 'startsAtMs' | 'endsAtMs', unknown>>;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  return {
    eventId: row._id,
    type: row.type,
    occurredAtMs: row.occurredAtMs,
    actor: typeof row.data.actor === 'string' ? row.data.actor : '',
    status: typeof booking.status === 'string' ? booking.status : '',
    startsAtMs: num(booking.startsAtMs),
    endsAtMs: num(booking.endsAtMs),
  };
}

/** A stored booking as booking.v1.Booking. */
export function toProtoBooking(b: BookingDoc): bookingV1.Booking {
  return {
    bookingId: b._id,
    tenantId: b.tenantId,
    serviceId: b.serviceId,
    serviceSlug: b.serviceSlug,
    staffId: b.staffId ?? '',
    resourceId: b.resourceId ?? '',
    customerId: b.customerId,
    status: b.status,
    startsAtMs: b.startsAtMs,
    endsAtMs: b.endsAtMs,
    timezone: b.timezone,
    source: b.source,
    notes: b.notes,
    ...(b.holdExpiresAtMs !== null ? { holdExpiresAtMs: b.holdExpiresAtMs } : {}),
    cancelReason: b.cancelReason ?? '',
    noShowReason: b.noShowReason ?? '',
    createdAtMs: b.createdAtMs,
    updatedAtMs: b.updatedAtMs,
    revision: b.revision ?? 0,
    cancelCutoffMin: b.cancelCutoffMin ?? 0,
    rescheduleCutoffMin: b.rescheduleCutoffMin ?? 0,
    answers: (b.answers ?? []).map((a) => ({
      key: a.key,
      label: a.label,
      type: a.type,
      value: toAnswerValue(a.value),
    })),
    staffIds: staffOfBooking(b),
    partySize: b.partySize ?? 1,
    ...(b.payment ? { payment: paymentView(b.payment) } : {}),
  };
}

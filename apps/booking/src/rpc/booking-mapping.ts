import type { bookingV1 } from '@svc/proto';
import type { BookingDoc } from '../store/records.js';

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
  };
}

import type { ExistingBooking } from '../domain/availability/index.js';
import type { BookingDoc } from '../store/records.js';

/** Stored bookings as the availability engine sees them. */
export function toExistingBookings(docs: BookingDoc[]): ExistingBooking[] {
  return docs.map((b) => ({
    bookingId: b._id,
    serviceId: b.serviceId,
    ...(b.staffId ? { staffId: b.staffId } : {}),
    ...(b.resourceId ? { resourceId: b.resourceId } : {}),
    startsAtMs: b.startsAtMs,
    endsAtMs: b.endsAtMs,
    status: b.status,
    ...(b.holdExpiresAtMs !== null ? { holdExpiresAtMs: b.holdExpiresAtMs } : {}),
  }));
}

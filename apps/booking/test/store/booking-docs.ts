// Bookings and outbox rows as the booking service stores them, for the store's tests.
import { MINUTE_MS as MIN } from '@svc/rules';
import type { BookingDoc, OutboxDoc } from '../../src/store/records.js';

export const T = 'ten_1';
let seq = 0;

/** A held 30-minute booking of tenant T starting at `startsAtMs`, with `fields` on top. */
export function bookingDoc(startsAtMs: number, fields: Partial<BookingDoc> = {}): BookingDoc {
  return {
    _id: `bkg_${++seq}`,
    tenantId: T,
    serviceId: 'svc_1',
    serviceSlug: 'cut',
    staffId: null,
    resourceId: null,
    customerId: 'cus_1',
    status: 'held',
    startsAtMs,
    endsAtMs: startsAtMs + 30 * MIN,
    timezone: 'Europe/Berlin',
    source: 'public_page',
    notes: '',
    holdExpiresAtMs: 1_000 + 10 * MIN,
    cancelReason: null,
    noShowReason: null,
    createdAtMs: 1_000,
    updatedAtMs: 1_000,
    ...fields,
  };
}

/** The pending outbox row of a booking's change (`booking.created` at its creation unless told). */
export function outboxRow(b: BookingDoc, fields: Partial<OutboxDoc> = {}): OutboxDoc {
  return {
    _id: `evt_${String(++seq).padStart(4, '0')}`,
    type: 'booking.created',
    payloadVersion: 1,
    occurredAtMs: b.createdAtMs,
    key: b._id,
    tenantId: b.tenantId,
    data: {},
    traceparent: null,
    state: 'pending',
    publishedAtMs: null,
    ...fields,
  };
}

/**
 * The booking service's internal `customer.erased` event on the booking topic (docs/decisions.md
 * "Privacy"): a customer's personal data is being erased everywhere, and these are their bookings
 * (at most 500 per event; a customer with more has several, all terminal by then: the erase
 * cancels open ones first). Not a webhook event type: every consumer erases what it holds of
 * them instead. One reading of it for every consumer.
 */
import { isRecord } from '@svc/rules';
import { parseEnvelope } from './envelope.js';

export const CUSTOMER_ERASED = 'customer.erased';

/** Booking ids one event may list (the booking service writes at most 500). */
export const MAX_ERASED_BOOKINGS = 1_000;

export interface CustomerErasure {
  /** The event id (a redelivery has the same). */
  eventId: string;
  tenantId: string;
  customerId: string;
  /** Distinct, non-empty booking ids. */
  bookingIds: string[];
  erasedAtMs: number;
}

const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The erasure the `data` of a `customer.erased` envelope carries, or why it is not a valid one. */
export function customerErasureOf(eventId: string, data: unknown): { erasure: CustomerErasure } | { problem: string } {
  if (!isRecord(data)) return { problem: 'customer.erased without data' };
  const { tenantId, customerId, bookingIds, erasedAtMs } = data;
  if (!filled(tenantId) || !filled(customerId)) return { problem: 'customer.erased without tenantId or customerId' };
  if (!Array.isArray(bookingIds) || bookingIds.length > MAX_ERASED_BOOKINGS || !bookingIds.every(filled)) {
    return { problem: `customer.erased bookingIds must be at most ${MAX_ERASED_BOOKINGS} ids` };
  }
  if (typeof erasedAtMs !== 'number' || !Number.isSafeInteger(erasedAtMs)) {
    return { problem: 'customer.erased without erasedAtMs' };
  }
  return { erasure: { eventId, tenantId, customerId, bookingIds: [...new Set(bookingIds)], erasedAtMs } };
}

/**
 * The erasure a booking topic message (an outbox envelope) announces; null for any other event
 * (or no JSON at all: the booking event readers report that); a problem when it is a
 * `customer.erased` event that is not valid.
 */
export function readCustomerErasure(value: string): { erasure: CustomerErasure } | { problem: string } | null {
  // Most messages are booking events: spared a second JSON parse.
  if (!value.includes(CUSTOMER_ERASED)) return null;
  const parsed = parseEnvelope(value);
  if ('problem' in parsed || parsed.envelope.type !== CUSTOMER_ERASED) return null;
  const { id, data } = parsed.envelope;
  return customerErasureOf(typeof id === 'string' ? id : '', data);
}

/** The valid erasure a booking topic message announces, or null for any other message. */
export function validCustomerErasure(value: string): CustomerErasure | null {
  const read = readCustomerErasure(value);
  return read !== null && 'erasure' in read ? read.erasure : null;
}

/**
 * The booking service's internal `customer.erased` event on the booking topic (docs/decisions.md
 * "Privacy"): the customer's personal data is being erased everywhere; these are their bookings
 * (at most 500 per event; a customer with more has several). Not a webhook event type: it
 * composes no message, it erases what the notifications hold of them.
 */
export const CUSTOMER_ERASED = 'customer.erased';

/** Booking ids one event may list (the booking service writes at most 500). */
export const MAX_ERASED_BOOKINGS = 1_000;

export interface CustomerErasure {
  eventId: string;
  tenantId: string;
  customerId: string;
  bookingIds: string[];
  erasedAtMs: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * The erasure the message announces; null when it is another event (or not JSON: the booking
 * event parser reports that); a problem when it is a `customer.erased` event that is not valid.
 */
export function parseCustomerErasure(value: string): { erasure: CustomerErasure } | { problem: string } | null {
  // Most messages are booking events: spare them a second JSON parse.
  if (!value.includes(CUSTOMER_ERASED)) return null;
  let envelope: unknown;
  try {
    envelope = JSON.parse(value);
  } catch {
    return null;
  }
  if (!isRecord(envelope) || envelope.type !== CUSTOMER_ERASED) return null;
  const { id, data } = envelope;
  if (!isRecord(data)) return { problem: 'customer.erased without data' };
  const { tenantId, customerId, bookingIds, erasedAtMs } = data;
  if (!filled(tenantId) || !filled(customerId)) return { problem: 'customer.erased without tenantId or customerId' };
  if (!Array.isArray(bookingIds) || bookingIds.length > MAX_ERASED_BOOKINGS || !bookingIds.every(filled)) {
    return { problem: `customer.erased bookingIds must be at most ${MAX_ERASED_BOOKINGS} ids` };
  }
  if (typeof erasedAtMs !== 'number' || !Number.isSafeInteger(erasedAtMs)) {
    return { problem: 'customer.erased without erasedAtMs' };
  }
  return {
    erasure: {
      eventId: typeof id === 'string' ? id : '',
      tenantId,
      customerId,
      bookingIds: [...new Set(bookingIds)],
      erasedAtMs,
    },
  };
}

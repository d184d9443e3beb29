/**
 * The booking service's internal `customer.erased` event (docs/decisions.md "Privacy"): the
 * customer's personal data is being erased everywhere; these are their bookings (at most 500
 * per event, all terminal by then: the erase cancels open ones first).
 */
export interface CustomerErasure {
  tenantId: string;
  customerId: string;
  bookingIds: string[];
  erasedAtMs: number;
}

export const CUSTOMER_ERASED = 'customer.erased';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The erasure an event (the outbox envelope) announces, or null when it is not one. */
export function customerErasure(value: string): CustomerErasure | null {
  let envelope: unknown;
  try {
    envelope = JSON.parse(value);
  } catch {
    return null;
  }
  if (!isRecord(envelope) || envelope.type !== CUSTOMER_ERASED || !isRecord(envelope.data)) return null;
  const { tenantId, customerId, bookingIds, erasedAtMs } = envelope.data;
  if (!filled(tenantId) || !filled(customerId) || !Array.isArray(bookingIds)) return null;
  if (typeof erasedAtMs !== 'number' || !Number.isFinite(erasedAtMs)) return null;
  return { tenantId, customerId, bookingIds: [...new Set(bookingIds.filter(filled))], erasedAtMs };
}

/**
 * The internal `customer.erased` event (docs/decisions.md "Privacy"): the booking service tells
 * its consumers that a customer was erased and which of their bookings they may hold data of.
 * It is not a webhook event type: the fan-out never delivers it, it redacts what the dispatcher
 * holds for those bookings. Pure.
 */

export const CUSTOMER_ERASED_EVENT = 'customer.erased';

export interface CustomerErased {
  /** The event id (a redelivery has the same). */
  id: string;
  tenantId: string;
  customerId: string;
  /** Distinct, non-empty booking ids. */
  bookingIds: string[];
  erasedAtMs: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The erasure an envelope of type `customer.erased` carries, or why it is not one. */
export function parseCustomerErased(id: string, data: unknown): { erased: CustomerErased } | { problem: string } {
  if (!isRecord(data)) return { problem: 'customer.erased without data' };
  const { tenantId, customerId, bookingIds, erasedAtMs } = data;
  if (!nonEmpty(tenantId) || !nonEmpty(customerId))
    return { problem: 'customer.erased without tenantId or customerId' };
  if (!Array.isArray(bookingIds) || !bookingIds.every(nonEmpty)) {
    return { problem: 'customer.erased without a list of booking ids' };
  }
  if (typeof erasedAtMs !== 'number' || !Number.isSafeInteger(erasedAtMs)) {
    return { problem: 'customer.erased without erasedAtMs' };
  }
  return { erased: { id, tenantId, customerId, bookingIds: [...new Set(bookingIds)], erasedAtMs } };
}

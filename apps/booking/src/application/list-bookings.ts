// The dashboard's booking list (docs/decisions.md "Lists and paging"): filters, then pages in
// (startsAtMs, bookingId) order with the shared cursor.

import { validationError, type FieldViolation } from '@svc/errors';
import {
  BOOKING_STATUS_MESSAGE,
  EPOCH_MS_MESSAGE,
  isBookingStatus,
  isEpochMs,
  pageLimit,
  pageLimitMessage,
} from '@svc/rules';
import { decodePageCursor, encodePageCursor, PAGE_CURSOR_MESSAGE } from '@svc/store';
import type { BookingDoc } from '../store/records.js';
import type { BookingListQuery, BookingStore } from '../store/booking-store.js';

export interface ListBookingsInput {
  tenantId: string;
  limit: number;
  cursor: string;
  status: string;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  serviceId: string;
  staffId: string;
  customerId: string;
}

/** The query, or VALIDATION_ERROR naming every field that is off. */
export function parseListBookings(input: ListBookingsInput): BookingListQuery {
  const violations: FieldViolation[] = [];
  const limit = pageLimit(input.limit, 'bookings');
  if (limit === null) violations.push({ path: 'limit', message: pageLimitMessage('bookings') });
  const after = input.cursor === '' ? null : decodePageCursor(input.cursor);
  if (input.cursor !== '' && after === null) violations.push({ path: 'cursor', message: PAGE_CURSOR_MESSAGE });
  if (input.status !== '' && !isBookingStatus(input.status)) {
    violations.push({ path: 'status', message: BOOKING_STATUS_MESSAGE });
  }
  for (const field of ['fromMs', 'toMs'] as const) {
    const value = input[field];
    if (value !== undefined && !isEpochMs(value)) violations.push({ path: field, message: EPOCH_MS_MESSAGE });
  }
  if (violations.length === 0 && input.fromMs !== undefined && input.toMs !== undefined && input.fromMs >= input.toMs) {
    violations.push({ path: 'toMs', message: 'must be greater than fromMs' });
  }
  if (violations.length > 0) throw validationError(violations);
  return {
    tenantId: input.tenantId,
    // A null limit was refused above.
    limit: limit as number,
    after,
    status: input.status || undefined,
    fromMs: input.fromMs,
    toMs: input.toMs,
    serviceId: input.serviceId || undefined,
    staffId: input.staffId || undefined,
    customerId: input.customerId || undefined,
  };
}

export async function listBookings(
  deps: { store: BookingStore },
  input: ListBookingsInput,
): Promise<{ items: BookingDoc[]; nextCursor: string }> {
  const page = await deps.store.list(parseListBookings(input));
  return { items: page.items, nextCursor: page.next ? encodePageCursor(page.next) : '' };
}

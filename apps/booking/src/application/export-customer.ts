// The booking service's part of a customer's export (docs/decisions.md "Privacy"): their bookings
// one page at a time in creation order, each with its history, so the gateway streams a customer
// with 10,000 bookings without holding them all.

import { requireTenantId, validationError, type FieldViolation } from '@svc/errors';
import { ID_MESSAGE, isId } from '@svc/rules';
import { decodePageCursor, encodePageCursor, PAGE_CURSOR_MESSAGE } from '@svc/store';
import type { BookingStore } from '../store/booking-store.js';
import type { BookingDoc, OutboxDoc } from '../store/records.js';

/** Larger pages than the dashboard's list: the export reads every page in a row. */
export const EXPORT_PAGE = { default: 100, max: 200 } as const;

/** A booking's history is short (a create and a few changes); a bound all the same (ListBookingEvents too). */
export const MAX_HISTORY = 200;

export interface ExportPageInput {
  tenantId: string;
  customerId: string;
  limit: number;
  cursor: string;
}

export interface ExportedBooking {
  booking: BookingDoc;
  /** Its events, oldest first. */
  events: OutboxDoc[];
}

export async function exportCustomerBookings(
  deps: { store: BookingStore },
  input: ExportPageInput,
): Promise<{ items: ExportedBooking[]; nextCursor: string }> {
  requireTenantId(input.tenantId);
  const violations: FieldViolation[] = [];
  if (!isId(input.customerId)) violations.push({ path: 'customerId', message: ID_MESSAGE });
  const limit = input.limit || EXPORT_PAGE.default;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > EXPORT_PAGE.max) {
    violations.push({ path: 'limit', message: `must be an integer from 1 to ${EXPORT_PAGE.max}` });
  }
  const after = input.cursor === '' ? null : decodePageCursor(input.cursor);
  if (input.cursor !== '' && after === null) violations.push({ path: 'cursor', message: PAGE_CURSOR_MESSAGE });
  if (violations.length > 0) throw validationError(violations);

  const page = await deps.store.customerBookings(input.tenantId, input.customerId, { limit, after });
  const events = await deps.store.eventsOfMany(
    input.tenantId,
    page.items.map((b) => b._id),
    MAX_HISTORY,
  );
  const items = page.items.map((booking) => ({ booking, events: events.get(booking._id) ?? [] }));
  return { items, nextCursor: page.next ? encodePageCursor(page.next) : '' };
}

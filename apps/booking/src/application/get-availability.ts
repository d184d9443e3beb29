import { DomainError, validationError } from '@svc/errors';
import { computeSlots, type Slot } from '../domain/availability/index.js';
import type { BookingStore } from '../store/booking-store.js';
import { toExistingBookings } from './existing-bookings.js';
import type { ScheduleSource } from './ports.js';

export const MAX_WINDOW_MS = 31 * 86_400_000;
const DAY_MS = 86_400_000;

export interface AvailabilityQuery {
  tenantId: string;
  serviceSlug: string;
  fromMs: number;
  toMs: number;
}

/** Display candidates; booking create re-decides under the lock. */
export async function getAvailability(
  deps: { store: BookingStore; schedules: ScheduleSource; now: () => number },
  q: AvailabilityQuery,
): Promise<{ serviceSlug: string; timezone: string; fromMs: number; toMs: number; slots: Slot[] }> {
  if (q.fromMs >= q.toMs) throw validationError([{ path: 'query.fromMs', message: 'must be before toMs' }]);
  if (q.toMs - q.fromMs > MAX_WINDOW_MS) {
    throw validationError([{ path: 'query.toMs', message: 'the window is at most 31 days' }]);
  }
  const { tenant, service, schedule } = await deps.schedules.forService(
    q.tenantId,
    q.serviceSlug,
    q.fromMs - DAY_MS,
    q.toMs + DAY_MS,
  );
  if (service.status !== 'active') throw new DomainError('SERVICE_INACTIVE', 'This service cannot be booked.');
  const bookings = await deps.store.occupying(q.tenantId, q.fromMs - DAY_MS, q.toMs + DAY_MS);
  const slots = computeSlots({
    schedule,
    bookings: toExistingBookings(bookings),
    fromMs: q.fromMs,
    toMs: q.toMs,
    nowMs: deps.now(),
  });
  return { serviceSlug: service.slug, timezone: tenant.timezone, fromMs: q.fromMs, toMs: q.toMs, slots };
}

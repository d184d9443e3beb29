import { DomainError, validationError, type FieldViolation } from '@svc/errors';
import {
  clampToEpochRange,
  DAY_MS,
  EPOCH_MS_MESSAGE,
  isEpochMs,
  isPartySize,
  MAX_AVAILABILITY_WINDOW_MS,
  PARTY_SIZE_MESSAGE,
  MINUTE_MS,
} from '@svc/rules';
import {
  bookableStarts,
  computeSlots,
  countedReach,
  occupiedReach,
  slotShape,
  type Slot,
  type Window,
} from '../domain/availability/index.js';
import type { BookingStore } from '../store/booking-store.js';
import { assertStaffOfService } from '../domain/create-input.js';
import { occupyingBookings } from './existing-bookings.js';
import { externalOccupancy } from './external-busy.js';
import type { BusyTimeSource, ScheduleSource, ServiceLookup } from './ports.js';
import { ServiceBuffers } from './stored-buffers.js';

export interface AvailabilityQuery {
  tenantId: string;
  serviceSlug: string;
  fromMs: number;
  toMs: number;
  /** The tenant's current catalog version when the caller read it ('' or absent: asked here). */
  catalogVersion?: string;
  /** The seats a booking would take: a seated service lists the slots with room for it. */
  partySize: number;
  /** Only this staff member's slots (the booking page's staff choice); '' or absent: all listed. */
  staffId?: string;
}

/** What the read paths (availability, explain) need: bookings, the catalog and calendars' busy times. */
export interface AvailabilityDeps {
  store: BookingStore;
  schedules: ScheduleSource;
  services: ServiceLookup;
  busyTimes: BusyTimeSource;
  now: () => number;
}

/** Display candidates; booking create re-decides under the lock. */
export async function getAvailability(
  deps: AvailabilityDeps,
  q: AvailabilityQuery,
): Promise<{
  serviceSlug: string;
  timezone: string;
  fromMs: number;
  toMs: number;
  slots: Slot[];
  /** How long every slot of the service lasts (endsAtMs − startsAtMs of each). */
  slotDurationMs: number;
}> {
  assertValidWindow(q);
  // The padded window stays within the range the catalog and Intl compute with.
  const fromMs = clampToEpochRange(q.fromMs - DAY_MS);
  const toMs = clampToEpochRange(q.toMs + DAY_MS);
  // The catalog as it is now: a catalog change shows in the very next answer.
  const {
    tenant,
    service,
    schedule: listed,
    catalogVersion,
  } = await deps.schedules.forService(
    q.tenantId,
    q.serviceSlug,
    fromMs,
    toMs,
    q.catalogVersion ? { version: q.catalogVersion } : { fresh: true },
  );
  if (service.status !== 'active') throw new DomainError('SERVICE_INACTIVE', 'This service cannot be booked.');
  // One staff member's slots are the service's with only them listed: the create then names them
  // as its preferred staff member (docs/decisions.md "Staff assignment").
  const staffId = q.staffId || undefined;
  assertStaffOfService(staffId, service);
  const staffIds = staffId === undefined ? service.staffIds : [staffId];
  const schedule = staffId === undefined ? listed : { ...listed, service: { ...listed.service, staffIds } };
  const buffers = new ServiceBuffers(deps.services, q.tenantId, service);
  // One clock for the horizon and the slots.
  const nowMs = deps.now();
  const shape = slotShape(schedule.service);
  // Only starts within the bookable horizon (min notice to max advance) can be offered, whatever
  // window was asked: nothing outside what they can occupy is read, so an anonymous caller's
  // windows never reach a connected calendar beyond it (docs/decisions.md "Integrations").
  const starts = bookableStarts(shape, nowMs, q.fromMs, q.toMs);
  // What a slot starting there can occupy: from its buffer before the first start to the end and
  // buffer after of the last (as the create's check reads around one start). The schedule's
  // padded days read up to two days of bookings more and, for a service whose duration and
  // buffer after pass a day, missed a booking reaching back with its buffer before.
  // A daily limit counts the bookings of the starts' whole local days as well (countedReach).
  const around = (reach: Window) => ({
    tenantId: q.tenantId,
    fromMs: clampToEpochRange(reach.fromMs),
    toMs: clampToEpochRange(reach.toMs),
  });
  const [bookings, busy] = starts
    ? await Promise.all([
        occupyingBookings(deps, buffers, around(countedReach(shape, starts))),
        // Connected calendars: an answer kept at this catalog version, or the integrations
        // service's short cache (docs/decisions.md "Integrations").
        externalOccupancy(
          deps.busyTimes,
          { schedule, catalogVersion },
          {
            ...around(occupiedReach(shape, starts)),
            staffIds,
            fresh: false,
          },
        ),
      ])
    : [[], []];
  const slots = computeSlots({
    schedule,
    bookings: busy.length === 0 ? bookings : [...bookings, ...busy],
    fromMs: q.fromMs,
    toMs: q.toMs,
    nowMs,
    partySize: q.partySize,
  });
  return {
    serviceSlug: service.slug,
    timezone: tenant.timezone,
    fromMs: q.fromMs,
    toMs: q.toMs,
    slots,
    slotDurationMs: service.durationMin * MINUTE_MS,
  };
}

/** The shared epoch-ms rule on both ends (@svc/rules), then order and the 31-day limit. */
function assertValidWindow(q: AvailabilityQuery): void {
  const violations: FieldViolation[] = [];
  if (!isEpochMs(q.fromMs)) violations.push({ path: 'fromMs', message: EPOCH_MS_MESSAGE });
  if (!isEpochMs(q.toMs)) violations.push({ path: 'toMs', message: EPOCH_MS_MESSAGE });
  if (violations.length === 0 && q.fromMs >= q.toMs) violations.push({ path: 'toMs', message: 'must be after fromMs' });
  if (violations.length === 0 && q.toMs - q.fromMs > MAX_AVAILABILITY_WINDOW_MS) {
    violations.push({ path: 'toMs', message: 'the window is at most 31 days' });
  }
  if (!isPartySize(q.partySize)) violations.push({ path: 'partySize', message: PARTY_SIZE_MESSAGE });
  if (violations.length > 0) throw validationError(violations);
}

// What booking create and reschedule share (docs/architecture.md "Booking create"): the catalog
// read around a start, the slot verdict against the bookings occupying time near it, and the
// capacity locks under which the catalog is read again, fresh (docs/decisions.md "Booking":
// decisions under the lock use the catalog as it is then).

import { bookingUnavailable, DomainError } from '@svc/errors';
import type { LockManager } from '@svc/lock';
import { clampToEpochRange, DAY_MS, MINUTE_MS } from '@svc/rules';
import type { Tx } from '@svc/store';
import { inSpan } from '@svc/telemetry';
import {
  bookableStarts,
  checkSlot,
  countedReach,
  decisionReach,
  occupiedReach,
  slotShape,
  type ExistingBooking,
  type SlotVerdict,
  type Window,
} from '../domain/availability/index.js';
import { lockTimeouts, lockWait, SERVICE } from '../metrics.js';
import type { BookingStore } from '../store/booking-store.js';
import { occupyingBookings } from './existing-bookings.js';
import { externalOccupancy } from './external-busy.js';
import { acquireAll, releaseAll } from './lock-all.js';
import { lockKeysFor } from '../domain/lock-keys.js';
import type { BusyTimeSource, ScheduleSource, ServiceLookup, ServiceSchedule } from './ports.js';
import { ServiceBuffers } from './stored-buffers.js';

/** How long a capacity lock lives unless released: a create or change holds its locks at most this long. */
export const LOCK_TTL_MS = 15_000;
/** A service whose staff or buffers keep changing under us gives up after this many rounds. */
const MAX_LOCK_ROUNDS = 3;
/**
 * A waiter looks at the slot again (without the lock) this often: when hundreds queue for one
 * slot, the first commit turns the rest into 409s at once instead of each taking the lock in
 * turn, so the queue never outlasts lockWaitMs (docs/decisions.md "Booking").
 */
export const RECHECK_EVERY_MS = 250;

export interface SlotGuardDeps {
  store: BookingStore;
  lock: LockManager;
  schedules: ScheduleSource;
  /** Buffers of services whose older bookings carry none (stored-buffers.ts). */
  services: ServiceLookup;
  now: () => number;
  /** How long a create or reschedule may wait for the capacity locks before answering 503. */
  lockWaitMs: number;
  /** Busy times of the staff's connected calendars (apps/integrations). */
  busyTimes: BusyTimeSource;
}

/** One start of one service. */
export interface SlotRequest {
  tenantId: string;
  serviceSlug: string;
  startsAtMs: number;
  preferredStaffId?: string | undefined;
  /** The booking being moved: its own current interval does not count against the new one. */
  ignoreBookingId?: string | undefined;
  /** The seats the booking takes (docs/decisions.md "Seats"); absent: 1. */
  partySize?: number | undefined;
}

/** The catalog around the start (two days either side covers every rule and time zone). */
export function scheduleAround(deps: SlotGuardDeps, req: SlotRequest, fresh = false): Promise<ServiceSchedule> {
  // Clamped: a start near either end of the epoch-ms range still asks for a window the catalog takes.
  return deps.schedules.forService(
    req.tenantId,
    req.serviceSlug,
    clampToEpochRange(req.startsAtMs - DAY_MS),
    clampToEpochRange(req.startsAtMs + 2 * DAY_MS),
    { fresh },
  );
}

/** TENANT_INACTIVE or SERVICE_INACTIVE when the catalog says the service cannot be booked now. */
export function assertBookable({ tenant, service }: ServiceSchedule): void {
  if (tenant.status !== 'active') throw new DomainError('TENANT_INACTIVE', 'This business is not taking bookings.');
  if (service.status !== 'active') throw new DomainError('SERVICE_INACTIVE', 'This service cannot be booked.');
}

/** The slot's buffered interval: only occupancy overlapping it can collide with it. */
function bufferedInterval(req: SlotRequest, { schedule }: ServiceSchedule): Window {
  return occupiedReach(slotShape(schedule.service), { fromMs: req.startsAtMs, toMs: req.startsAtMs });
}

/** The capacity locks' interval: the buffered one, and a daily limit's local day (countedReach). */
function countedInterval(req: SlotRequest, { schedule }: ServiceSchedule): Window {
  return countedReach(slotShape(schedule.service), { fromMs: req.startsAtMs, toMs: req.startsAtMs });
}

/** The bookings the verdict reads: countedInterval's, and a round-robin service's week either side (decisionReach). */
function decisionInterval(req: SlotRequest, { schedule }: ServiceSchedule): Window {
  return decisionReach(slotShape(schedule.service), { fromMs: req.startsAtMs, toMs: req.startsAtMs });
}

/**
 * The busy times of the connected calendars of the staff who could take the slot, as
 * occupancy, read fresh under the lock (docs/decisions.md "Integrations"); read once there and
 * reused inside the transaction, which must not wait on a provider. Always every staff member
 * the service lists, never a caller's id: a preference is only tried first, and when that one is
 * busy the slot may go to another, whose calendar must count too.
 */
export function busyAround(deps: SlotGuardDeps, req: SlotRequest, known: ServiceSchedule): Promise<ExistingBooking[]> {
  // A start outside the bookable horizon is refused whatever the calendars say: none is asked.
  // The far end has a minute's slack, as the verdicts that follow read the clock again.
  const shape = slotShape(known.schedule.service);
  if (bookableStarts(shape, deps.now(), req.startsAtMs, req.startsAtMs + 1, MINUTE_MS) === null) {
    return Promise.resolve([]);
  }
  return externalOccupancy(deps.busyTimes, known, {
    tenantId: req.tenantId,
    staffIds: known.service.staffIds,
    ...bufferedInterval(req, known),
    fresh: true,
  });
}

/**
 * The slot verdict for `req` against the bookings whose occupied time may reach it and the
 * connected calendars' busy times (`busy`, from busyAround).
 */
export async function verdictFor(
  deps: SlotGuardDeps,
  req: SlotRequest,
  known: ServiceSchedule,
  buffers: ServiceBuffers,
  busy: readonly ExistingBooking[],
  tx?: Tx,
): Promise<SlotVerdict> {
  const { schedule } = known;
  const window = decisionInterval(req, known);
  const bookings = await occupyingBookings(deps, buffers, { tenantId: req.tenantId, ...window }, tx);
  return checkSlot({
    schedule,
    bookings: busy.length === 0 ? bookings : [...bookings, ...busy],
    startsAtMs: req.startsAtMs,
    nowMs: deps.now(),
    preferredStaffId: req.preferredStaffId,
    ignoreBookingId: req.ignoreBookingId,
    partySize: req.partySize,
  });
}

/**
 * The lock-free look, against the possibly cached catalog and the bookings: only ever a fast "no"
 * (BOOKING_SLOT_UNAVAILABLE); a "yes" is decided again under the lock (slotFreeUnderLock). The
 * calendars' busy times are not part of it: only a fresh read may refuse a time for them, so a
 * calendar disconnected, set up anew or no longer trusted counts for the very next create
 * (docs/decisions.md "Integrations", "A connection change counts at the next read").
 */
export async function assertSlotOpen(deps: SlotGuardDeps, req: SlotRequest, known: ServiceSchedule): Promise<void> {
  const buffers = new ServiceBuffers(deps.services, req.tenantId, known.service);
  const verdict = await verdictFor(deps, req, known, buffers, []);
  if (!verdict.ok) throw slotUnavailable(verdict.reason);
}

/**
 * Under the capacity locks with the catalog read fresh: the service bookable and the slot free
 * against fresh busy times. Answers the check the transaction makes again, with the same buffers
 * and busy times (each older booking's service asked of the catalog once; the transaction never
 * waits on a provider).
 */
export async function slotFreeUnderLock(
  deps: SlotGuardDeps,
  req: SlotRequest,
  fresh: ServiceSchedule,
): Promise<(tx: Tx) => Promise<SlotVerdict & { ok: true }>> {
  assertBookable(fresh);
  const buffers = new ServiceBuffers(deps.services, req.tenantId, fresh.service);
  const busy = await busyAround(deps, req, fresh);
  const underLock = await verdictFor(deps, req, fresh, buffers, busy);
  if (!underLock.ok) throw slotUnavailable(underLock.reason);
  return async (tx) => {
    const verdict = await verdictFor(deps, req, fresh, buffers, busy, tx);
    if (!verdict.ok) throw slotUnavailable(verdict.reason);
    return verdict;
  };
}

export const slotUnavailable = (reason: string) =>
  new DomainError('BOOKING_SLOT_UNAVAILABLE', `This time is not available (${reason.replace(/_/g, ' ')}).`);

export const locksBusy = () => bookingUnavailable('Bookings are busy right now; please retry.');

/**
 * The capacity locks of the service's buffered interval at `startsAtMs` and, for a service with a
 * daily limit, of the start's whole local day (store/occupied-keys.ts).
 */
function keysOf(req: SlotRequest, known: ServiceSchedule): string[] {
  const { fromMs, toMs } = countedInterval(req, known);
  return lockKeysFor(req.tenantId, known.service, fromMs, toMs);
}

/**
 * Runs `fn` holding every key (BOOKING_POLICY_BLOCKED 503 when they cannot be had in time).
 * While it waits, `stillOpen` (a lock-free look at the slot that throws when it is taken) runs
 * every RECHECK_EVERY_MS; the authoritative check stays under the lock, inside `fn`.
 */
export async function holdingLocks<R>(
  deps: SlotGuardDeps,
  keys: string[],
  fn: () => Promise<R>,
  stillOpen?: () => Promise<void>,
): Promise<R> {
  // Real elapsed time, not deps.now (a test clock may stand still).
  const started = performance.now();
  const deadline = started + deps.lockWaitMs;
  const waited = (result: 'acquired' | 'timeout' | 'slot_taken') =>
    lockWait.observe({ service: SERVICE, result }, (performance.now() - started) / 1000);
  const leases = await inSpan(undefined, 'lock.acquire', { attributes: { 'lock.keys': keys.length } }, async (span) => {
    for (;;) {
      const left = Math.max(0, deadline - performance.now());
      const slice = stillOpen ? Math.min(left, RECHECK_EVERY_MS) : left;
      const got = await acquireAll(deps.lock, keys, { ttlMs: LOCK_TTL_MS, waitMs: slice, nowMs: deps.now });
      if (got || slice >= left) {
        span.setAttribute('lock.acquired', got !== null);
        return got;
      }
      try {
        await stillOpen!();
      } catch (err) {
        span.setAttribute('lock.acquired', false);
        waited('slot_taken');
        throw err;
      }
    }
  });
  waited(leases ? 'acquired' : 'timeout');
  if (!leases) {
    lockTimeouts.inc({ service: SERVICE });
    throw locksBusy();
  }
  try {
    return await fn();
  } finally {
    await releaseAll(deps.lock, leases);
  }
}

/**
 * Runs `fn` holding the capacity locks of `req`, with the catalog read fresh under them. The
 * keys come from `known` (a possibly cached read); when the fresh read needs other keys (its
 * staff, resources or buffers changed meanwhile) the locks are taken again for those.
 * `stillOpen` runs while waiting for them (holdingLocks).
 */
export async function withSlotLocks<R>(
  deps: SlotGuardDeps,
  req: SlotRequest,
  known: ServiceSchedule,
  fn: (fresh: ServiceSchedule) => Promise<R>,
  stillOpen?: () => Promise<void>,
): Promise<R> {
  let basis = known;
  for (let round = 1; ; round++) {
    const keys = keysOf(req, basis);
    const outcome = await holdingLocks(
      deps,
      keys,
      async (): Promise<{ done: R } | { retry: ServiceSchedule }> => {
        const fresh = await scheduleAround(deps, req, true);
        const held = new Set(keys);
        return keysOf(req, fresh).every((k) => held.has(k)) ? { done: await fn(fresh) } : { retry: fresh };
      },
      stillOpen,
    );
    if ('done' in outcome) return outcome.done;
    if (round === MAX_LOCK_ROUNDS) throw locksBusy();
    basis = outcome.retry;
  }
}

// What booking create and reschedule share (docs/architecture.md "Booking create"): the catalog
// read around a start, the slot verdict against the bookings occupying time near it, and the
// capacity locks under which the catalog is read again, fresh (docs/decisions.md "Booking":
// decisions under the lock use the catalog as it is then).

import { bookingUnavailable, DomainError } from '@svc/errors';
import type { Lease, LockManager } from '@svc/lock';
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
  type ScheduleInput,
  type SlotVerdict,
  type Window,
} from '../domain/availability/index.js';
import { lockTimeouts, lockWait, SERVICE } from '../metrics.js';
import type { BookingStore } from '../store/booking-store.js';
import { occupyingBookings } from './existing-bookings.js';
import { externalOccupancy } from './external-busy.js';
import { choiceKeys, onlyOwners, ownerOfKey, withoutOwners, type Choice } from '../domain/owner-choice.js';
import { acquireAll, releaseAll, tryAll } from './lock-all.js';
import type { BusyTimeSource, ScheduleSource, ServiceLookup, ServiceSchedule } from './ports.js';
import { ServiceBuffers } from './stored-buffers.js';

/** How long a capacity lock lives unless released: a create or change holds its locks at most this long. */
export const LOCK_TTL_MS = 15_000;
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

/** The capacity lock keys of the booking `choice` would make at `req` (its counted interval's days). */
function keysOfChoice(req: SlotRequest, known: ServiceSchedule, choice: Choice): string[] {
  const { fromMs, toMs } = countedInterval(req, known);
  return choiceKeys(req.tenantId, known.service.serviceId, choice, fromMs, toMs);
}

/** How long a create or reschedule waited for its locks, by how the wait ended (metrics.ts lockWait). */
function waited(started: number, result: 'acquired' | 'timeout' | 'slot_taken'): void {
  lockWait.observe({ service: SERVICE, result }, (performance.now() - started) / 1000);
  if (result === 'timeout') lockTimeouts.inc({ service: SERVICE });
}

/** The bookings the verdict reads: countedInterval's, and a round-robin service's week either side (decisionReach). */
function decisionInterval(req: SlotRequest, { schedule }: ServiceSchedule): Window {
  return decisionReach(slotShape(schedule.service), { fromMs: req.startsAtMs, toMs: req.startsAtMs });
}

/**
 * The busy times of the connected calendars of the staff who could take the slot, as
 * occupancy, read fresh before the locks (docs/decisions.md "Integrations"); read once and
 * reused under the locks and inside the transaction, neither of which waits on a provider. Always every staff member
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
 * The bookings whose occupied time may reach the slot's decision (its buffered interval, a daily
 * limit's local day, a round-robin service's rotation), as the engine sees them; inside `tx` the
 * rows themselves, outside it through the occupancy cache.
 */
function bookingsNear(
  deps: SlotGuardDeps,
  req: SlotRequest,
  known: ServiceSchedule,
  buffers: ServiceBuffers,
  tx?: Tx,
): Promise<ExistingBooking[]> {
  return occupyingBookings(deps, buffers, { tenantId: req.tenantId, ...decisionInterval(req, known) }, tx);
}

/** The engine's verdict on `req` over `schedule` against `bookings` (calendar busy times included). */
function verdictOn(
  deps: SlotGuardDeps,
  req: SlotRequest,
  schedule: ScheduleInput,
  bookings: readonly ExistingBooking[],
): SlotVerdict {
  return checkSlot({
    schedule,
    bookings,
    startsAtMs: req.startsAtMs,
    nowMs: deps.now(),
    preferredStaffId: req.preferredStaffId,
    ignoreBookingId: req.ignoreBookingId,
    partySize: req.partySize,
  });
}

/**
 * The lock-free look, against the possibly cached catalog and the bookings: only ever a fast "no"
 * (BOOKING_SLOT_UNAVAILABLE); a "yes" is decided again under the locks (withChosenOwnerLocks).
 * The calendars' busy times are not part of it: they are read fresh once the request goes on to
 * the locks, so a calendar disconnected, set up anew or no longer trusted counts for the very
 * next create (docs/decisions.md "Integrations", "A connection change counts at the next read").
 */
export async function assertSlotOpen(deps: SlotGuardDeps, req: SlotRequest, known: ServiceSchedule): Promise<Choice> {
  const buffers = new ServiceBuffers(deps.services, req.tenantId, known.service);
  const verdict = verdictOn(deps, req, known.schedule, await bookingsNear(deps, req, known, buffers));
  if (!verdict.ok) throw slotUnavailable(verdict.reason);
  return verdict;
}

export const slotUnavailable = (reason: string) =>
  new DomainError('BOOKING_SLOT_UNAVAILABLE', `This time is not available (${reason.replace(/_/g, ' ')}).`);

export const locksBusy = () => bookingUnavailable('Bookings are busy right now; please retry.');

/** What a create or reschedule commits with, under the locks of the owners it was given. */
export interface LockedSlot {
  /** The catalog read fresh under the locks. */
  fresh: ServiceSchedule;
  /** The verdict the transaction makes again on its own reads, among the held owners only. */
  recheckIn: (tx: Tx) => Promise<Choice>;
}

/** The locks of one choice, once held. */
interface Held {
  leases: Lease[];
  keys: string[];
  choice: Choice;
}

/**
 * docs/architecture.md "Booking create", step 3. Runs `fn` holding the capacity locks of the
 * owners the booking goes to, with the catalog read fresh under them and the slot free among
 * those owners. The connected calendars are read fresh first, before any lock: a slow calendar
 * then delays only the requests that need it, and no lock could keep an external calendar still
 * anyway. Then, without a lock, the engine chooses the staff member and resource; their locks are
 * tried without waiting, and when another create holds one, that owner is skipped and the next
 * choice tried, so creates that can go to different people never wait for each other. Only when
 * every free owner is locked does the request wait, for its first choice, looking at the slot
 * again every RECHECK_EVERY_MS (once someone else's booking takes it the answer is 409 at once).
 * Under the locks the choice is checked again among the held owners only; when someone else took
 * them meanwhile or the catalog moved, the locks go and the choice is made again. The occupancy
 * documents stay the guard that makes a double booking impossible even if a lock fails.
 * `beforeLook` runs before each look after the first (a create's retry that committed meanwhile
 * answers as a replay); BOOKING_POLICY_BLOCKED 503 when no locks could be had within lockWaitMs.
 */
export async function withChosenOwnerLocks<R>(
  deps: SlotGuardDeps,
  req: SlotRequest,
  known: ServiceSchedule,
  fn: (locked: LockedSlot) => Promise<R>,
  beforeLook?: () => Promise<R | undefined>,
  looked?: Choice,
): Promise<R> {
  // Real elapsed time, not deps.now (a test clock may stand still).
  const started = performance.now();
  const deadline = started + deps.lockWaitMs;
  let basis = known;
  let busy = await busyAround(deps, req, basis);
  // The catalog version the calendars were read at: the decision under the locks needs the same.
  let busyAt = basis.catalogVersion;
  for (let look = 0; ; look++) {
    if (look > 0 && beforeLook) {
      const early = await beforeLook();
      if (early !== undefined) return early;
    }
    // The caller's look a moment ago is the first choice when no calendar adds anything to it:
    // hundreds of creates racing for one slot then do not all look twice before the winner commits.
    const given = look === 0 && busy.length === 0 ? looked : undefined;
    const chosen = await lockChoice(deps, req, basis, busy, deadline, given);
    if ('taken' in chosen) {
      waited(started, 'slot_taken');
      throw slotUnavailable(chosen.taken);
    }
    if ('wait' in chosen) {
      if (performance.now() < deadline) continue;
      waited(started, 'timeout');
      throw locksBusy();
    }
    waited(started, 'acquired');
    const { held } = chosen;
    let moved: ServiceSchedule;
    try {
      const fresh = await scheduleAround(deps, req, true);
      assertBookable(fresh);
      // A calendar connected since they were read changed the version: read them again first.
      const locked = fresh.catalogVersion === busyAt ? await lockedSlot(deps, req, fresh, held, busy) : null;
      if (locked) return await fn(locked);
      moved = fresh;
    } finally {
      await releaseAll(deps.lock, held.leases);
    }
    if (performance.now() >= deadline) {
      // No time for another try. The look under the locks found the slot gone: when a lock-free
      // look finds it taken for everyone too (another replica's winner committed while this
      // replica's cache still showed it free), that is the answer, 409, not a 503 to retry.
      await assertSlotOpen(deps, req, moved);
      // The wait was observed when the locks came (acquired): only the 503 is counted here.
      lockTimeouts.inc({ service: SERVICE });
      throw locksBusy();
    }
    // Staff the fresh catalog lists that the calendar read did not ask about, or a calendar
    // connection changed since (the catalog version moved): the calendars are asked again.
    if (moved.catalogVersion !== busyAt || moved.service.staffIds.some((id) => !basis.service.staffIds.includes(id))) {
      busy = await busyAround(deps, req, moved);
      busyAt = moved.catalogVersion;
    }
    basis = moved;
  }
}

/**
 * One look without a lock: the choice whose locks could be had at once, or, when every free
 * owner is locked by another create, the first choice's locks waited for one RECHECK_EVERY_MS
 * slice (`wait` when that ran out); `taken` when the slot is not free for anyone.
 */
async function lockChoice(
  deps: SlotGuardDeps,
  req: SlotRequest,
  basis: ServiceSchedule,
  busy: readonly ExistingBooking[],
  deadline: number,
  given?: Choice,
): Promise<{ held: Held } | { taken: string } | { wait: true }> {
  let read: ExistingBooking[] | undefined;
  const bookings = async () => {
    if (read) return read;
    const near = await bookingsNear(deps, req, basis, new ServiceBuffers(deps.services, req.tenantId, basis.service));
    return (read = busy.length === 0 ? near : [...near, ...busy]);
  };
  const first = given ?? verdictOn(deps, req, basis.schedule, await bookings());
  if (!first.ok) return { taken: first.reason };
  const keysOf = (choice: Choice) => keysOfChoice(req, basis, choice);
  // One span for the whole choice: the tries, the owners skipped, and the wait if any.
  return inSpan(undefined, 'lock.acquire', {}, async (span): Promise<{ held: Held } | { wait: true }> => {
    const skipped = new Set<string>();
    for (let choice: Choice = first; ;) {
      const keys = keysOf(choice);
      const got = await tryAll(deps.lock, keys, LOCK_TTL_MS);
      if ('leases' in got) {
        span.setAttributes({ 'lock.keys': keys.length, 'lock.skipped': skipped.size, 'lock.acquired': true });
        return { held: { leases: got.leases, keys, choice } };
      }
      skipped.add(ownerOfKey(req.tenantId, got.busyKey));
      const others = withoutOwners(basis.schedule, skipped);
      const next = others && verdictOn(deps, req, others, await bookings());
      if (!next?.ok) break;
      choice = next;
    }
    const keys = keysOf(first);
    const waitMs = Math.max(0, Math.min(deadline - performance.now(), RECHECK_EVERY_MS));
    const leases = await acquireAll(deps.lock, keys, { ttlMs: LOCK_TTL_MS, waitMs, nowMs: deps.now });
    span.setAttributes({ 'lock.keys': keys.length, 'lock.skipped': skipped.size, 'lock.acquired': leases !== null });
    return leases ? { held: { leases, keys, choice: first } } : { wait: true };
  });
}

/**
 * Under the locks of `held`: the slot free among the held owners with the fresh catalog, and the
 * locks still covering what the fresh choice would occupy (the buffers may have grown); null
 * when not, so the choice is made again.
 */
async function lockedSlot(
  deps: SlotGuardDeps,
  req: SlotRequest,
  fresh: ServiceSchedule,
  held: Held,
  busy: readonly ExistingBooking[],
): Promise<LockedSlot | null> {
  const schedule = onlyOwners(fresh.schedule, held.choice);
  if (!schedule) return null;
  const buffers = new ServiceBuffers(deps.services, req.tenantId, fresh.service);
  const verdictIn = async (tx?: Tx) => {
    const near = await bookingsNear(deps, req, fresh, buffers, tx);
    return verdictOn(deps, req, schedule, busy.length === 0 ? near : [...near, ...busy]);
  };
  const underLock = await verdictIn();
  if (!underLock.ok) return null;
  const covered = new Set(held.keys);
  if (!keysOfChoice(req, fresh, underLock).every((k) => covered.has(k))) return null;
  return {
    fresh,
    recheckIn: async (tx) => {
      const verdict = await verdictIn(tx);
      if (!verdict.ok) throw slotUnavailable(verdict.reason);
      return verdict;
    },
  };
}

/**
 * Runs `fn` holding every key (BOOKING_POLICY_BLOCKED 503 when they cannot be had within
 * lockWaitMs): a confirm's locks, which are the booking's own owners.
 */
export async function holdingLocks<R>(deps: SlotGuardDeps, keys: string[], fn: () => Promise<R>): Promise<R> {
  const started = performance.now();
  const leases = await inSpan(undefined, 'lock.acquire', { attributes: { 'lock.keys': keys.length } }, async (span) => {
    const got = await acquireAll(deps.lock, keys, { ttlMs: LOCK_TTL_MS, waitMs: deps.lockWaitMs, nowMs: deps.now });
    span.setAttribute('lock.acquired', got !== null);
    return got;
  });
  waited(started, leases ? 'acquired' : 'timeout');
  if (!leases) throw locksBusy();
  try {
    return await fn();
  } finally {
    await releaseAll(deps.lock, leases);
  }
}

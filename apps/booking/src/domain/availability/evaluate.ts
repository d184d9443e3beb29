// The rule set of docs/decisions.md "Availability", applied to one start. computeSlots and checkSlot
// both end here, so the list shown to the customer and the recheck under the lock cannot drift.

import type { Session } from './occupancy.js';
import type { OwnerAvailability, PreparedSchedule } from './prepared-schedule.js';
import type { SlotExplanation } from './types.js';
import { overrideDayAt } from './weekly-windows.js';

type OwnerFailure = 'outside_hours' | 'blocked' | 'taken' | 'full' | 'daily_limit';

/**
 * An owner's refusals by how far it got: when no owner fits, the reason reported is the one that
 * got furthest: daily_limit (the slot itself was free) > full (its session has too few seats) >
 * taken > blocked > hours. The index is the severity.
 */
const OWNER_FAILURES: readonly OwnerFailure[] = ['outside_hours', 'blocked', 'taken', 'full', 'daily_limit'];
const OUTSIDE_HOURS = 0;
const BLOCKED = 1;
const TAKEN = 2;
const FULL = 3;
const DAILY_LIMIT = 4;
/** ownerFit's answer for a refusal: negative, so every fit (at least one seat left) is positive. */
const refused = (failure: number): number => -1 - failure;

/**
 * Can this owner take `[start, end)`? Hours and blocks are checked against the slot itself. The
 * slot's buffered span `[busyFrom, busyTo)` must overlap none of the owner's occupied intervals
 * (each booking with its own stored buffers, a session once; see occupancy.ts), or, for a
 * resource, fewer of them than its capacity (docs/decisions.md "Availability", the buffer rule).
 * The service's own session at this start (`session`) is the one the booking joins, not another
 * occupant, if it has the seats (docs/decisions.md "Seats"); joining one adds no session to the
 * day's count (the daily limit). The answer is a number, not an object, because it is asked for
 * every owner at every start (docs/benchmarks.md "Step 2: the engine over a month"): the seats
 * left (at least 1) when the owner fits, else `refused(failure)`.
 */
function ownerFit(
  owner: OwnerAvailability,
  start: number,
  end: number,
  busyFrom: number,
  busyTo: number,
  seats: number,
  party: number,
  session: Session | undefined,
): number {
  if (!owner.active || (owner.hours !== null && !owner.hours.covers(start, end))) return refused(OUTSIDE_HOURS);
  if (owner.blocks.overlaps(start, end)) return refused(BLOCKED);
  const others = owner.bookings.countOverlapping(busyFrom, busyTo) - (session ? 1 : 0);
  if (others >= owner.capacity) return refused(TAKEN);
  const seatsLeft = seats - (session?.seatsTaken ?? 0);
  // party is at least 1, so a fit always has a seat left: positive.
  if (party > seatsLeft) return refused(FULL);
  // A staff member's bookings of the service on the start's local day (daily-limit.ts).
  if (!session && owner.daily !== null && owner.daily.isFull(start)) return refused(DAILY_LIMIT);
  return seatsLeft;
}

/**
 * What pickOwner found, by owner index. One record per role is reused from start to start:
 * evaluation is synchronous, and no verdict refers to it.
 */
class OwnerPick {
  /** The owner the booking goes to; -1 for none. */
  chosen = -1;
  /** The most seats any usable owner has left. */
  mostSeats = 0;
  /** None chosen: the furthest failure, and the first owner that got that far; -1 when one fit but was turned away. */
  failure = -1;
  failedAt = -1;
}
const RESOURCE_PICK = new OwnerPick();
const STAFF_PICK = new OwnerPick();

/**
 * The owner a booking goes to: the preferred one when it fits; else, for a seated service, the
 * first in the service's order whose session at this start has room (a class fills before
 * another opens), else the first that fits. Otherwise the furthest reason and the first owner
 * that got that far. `better` (round-robin) replaces "the first that fits" with the best of them
 * by its order. Without `resourceFree` an owner that fits but holds no session with a resource is
 * turned away (no resource left for a new session), and when one was and none was usable,
 * neither an owner nor a failure is the answer. Written into `out`.
 */
function pickOwner(
  out: OwnerPick,
  owners: readonly OwnerAvailability[],
  start: number,
  end: number,
  busyFrom: number,
  busyTo: number,
  seats: number,
  party: number,
  preferredId: string | undefined,
  resourceFree: boolean,
  better?: (a: string, b: string) => boolean,
): OwnerPick {
  out.chosen = -1;
  out.mostSeats = 0;
  out.failure = -1;
  out.failedAt = -1;
  let preferred = -1;
  let joined = -1;
  let first = -1;
  let mostSeats = 0;
  let turnedAway = false;
  for (let i = 0; i < owners.length; i++) {
    const owner = owners[i] as OwnerAvailability;
    const session = owner.sessions.size === 0 ? undefined : owner.sessions.get(start);
    const fit = ownerFit(owner, start, end, busyFrom, busyTo, seats, party, session);
    if (fit < 0) {
      const failure = -1 - fit;
      if (failure > out.failure) {
        out.failure = failure;
        out.failedAt = i;
      }
      continue;
    }
    if (!resourceFree && session?.resourceId === undefined) {
      turnedAway = true;
      continue;
    }
    // One seat a slot, first come: the first usable owner, or the preferred one, decides.
    // Stryker disable next-line BlockStatement: equivalent, a shortcut: the rest of the loop picks the preferred, else the first, too (docs/testing.md)
    if (seats === 1 && better === undefined) {
      if (preferredId === undefined || owner.id === preferredId) {
        out.chosen = i;
        out.mostSeats = fit;
        return out;
      }
      if (first === -1) first = i;
      continue;
    }
    mostSeats = Math.max(mostSeats, fit);
    if (owner.id === preferredId) preferred = i;
    if (session && joined === -1) joined = i;
    if (first === -1 || (better !== undefined && better(owner.id, (owners[first] as OwnerAvailability).id))) first = i;
  }
  const chosen = preferred !== -1 ? preferred : joined !== -1 ? joined : first;
  if (chosen !== -1) {
    out.chosen = chosen;
    // mostSeats counted every usable owner, the chosen one among them.
    out.mostSeats = mostSeats;
  } else if (turnedAway) {
    // An owner that fits but was turned away: what stopped it is the caller's to say.
    out.failure = -1;
    out.failedAt = -1;
  }
  return out;
}

/** A staff member's or resource's refusal, naming the date override behind `outside_hours`. */
function ownerRefusal(
  ownerType: 'staff' | 'resource',
  refusing: OwnerAvailability,
  failure: number,
  start: number,
  end: number,
): SlotExplanation {
  const reason = OWNER_FAILURES[failure] as OwnerFailure;
  const owner = { ownerType, ownerId: refusing.id };
  const day = failure === OUTSIDE_HOURS ? overrideDayAt(refusing.overrideDays, start, end) : undefined;
  return day
    ? { ok: false, reason, owner, override: { ownerType, ownerId: refusing.id, date: day.date } }
    : { ok: false, reason, owner };
}

/** The refusal `pick` holds (no owner chosen, and one failed). */
const refusalOf = (
  ownerType: 'staff' | 'resource',
  owners: readonly OwnerAvailability[],
  pick: OwnerPick,
  start: number,
  end: number,
): SlotExplanation => ownerRefusal(ownerType, owners[pick.failedAt] as OwnerAvailability, pick.failure, start, end);

/**
 * Slot starts are `anchor + k × slotInterval` in elapsed time, where the anchor is the wall-clock
 * opening of the tenant rule occurrence the start lies in. Counting real minutes (not wall-clock
 * ones) is what makes DST come out right without special cases: on a spring-forward day the
 * skipped wall-clock times are never produced, and on a fall-back day the repeated hour yields
 * both of its instants exactly when they are on the grid (always, for intervals dividing 60).
 */
export function isAligned(p: PreparedSchedule, start: number): boolean {
  for (const o of p.tenantOccurrences) {
    if (o.startMs > start) break;
    if (start < o.endMs && (start - o.anchorMs) % p.shape.stepMs === 0) return true;
  }
  return false;
}

/**
 * round_robin (docs/decisions.md "Staff assignment"): `a` before `b` when it has fewer bookings of
 * the service around the start for its weight (compared exactly, count × the other's weight), then
 * when it was booked less recently; otherwise the service's order decides.
 */
function rotationOrder(p: PreparedSchedule): ((a: string, b: string) => boolean) | undefined {
  // Listing slots asks only whether someone can: the first who fits says so, as first_available.
  const { rotation } = p;
  if (rotation === null) return undefined;
  const none = { count: 0, lastBookedAtMs: Number.NEGATIVE_INFINITY };
  return (a, b) => {
    const ra = rotation.get(a) ?? none;
    const rb = rotation.get(b) ?? none;
    const left = ra.count * p.weightOf(b);
    const right = rb.count * p.weightOf(a);
    return left < right || (left === right && ra.lastBookedAtMs < rb.lastBookedAtMs);
  };
}

/**
 * collective: every listed staff member takes the booking, so each must fit; the first that does
 * not is the refusal.
 */
function everyStaffMember(
  p: PreparedSchedule,
  start: number,
  end: number,
  busyFrom: number,
  busyTo: number,
): SlotExplanation {
  for (const owner of p.staff) {
    // One seat each (prepared-schedule.ts: collective has no sessions); a party is one too many.
    const fit = ownerFit(owner, start, end, busyFrom, busyTo, 1, p.party, owner.sessions.get(start));
    if (fit < 0) return ownerRefusal('staff', owner, -1 - fit, start, end);
  }
  return { ok: true, staffId: p.staff[0]!.id, staffIds: p.staff.map((o) => o.id) };
}

type Granted = { ok: true; staffId?: string; resourceId?: string; seatsLeft?: number };

/** A yes with the fields that apply; none is present and undefined. */
function granted(staffId: string | undefined, resourceId: string | undefined, seatsLeft: number | undefined): Granted {
  // The usual yes (a staff member, nothing more) as one literal: built up field by field, a verdict
  // costs a second allocation, on every free start of a month (docs/benchmarks.md "Step 2: the engine over a month").
  if (staffId !== undefined && resourceId === undefined && seatsLeft === undefined) return { ok: true, staffId };
  const verdict: Granted = { ok: true };
  if (staffId !== undefined) verdict.staffId = staffId;
  if (resourceId !== undefined) verdict.resourceId = resourceId;
  if (seatsLeft !== undefined) verdict.seatsLeft = seatsLeft;
  return verdict;
}

export interface EvaluateOptions {
  /** computeSlots generates aligned starts only and skips the test. */
  checkAlignment: boolean;
  preferredStaffId?: string | undefined;
}

/**
 * In order: too_soon, too_far, outside_hours (tenant rules), misaligned, holiday, blocked (tenant
 * block), then staff, then resources (each outside_hours / blocked / taken / full / daily_limit,
 * naming the owner), then, for a service needing neither, taken by its own booking or full
 * (naming the service). The first refusal is the answer: availability, create and the explain
 * route all read this one verdict. A seated service's verdict says the most seats left.
 */
export function evaluateStart(p: PreparedSchedule, start: number, options: EvaluateOptions): SlotExplanation {
  const { durationMs, bufferBeforeMs, bufferAfterMs } = p.shape;
  const end = start + durationMs;
  if (start < p.earliestStartMs) return { ok: false, reason: 'too_soon' };
  if (start > p.latestStartMs) return { ok: false, reason: 'too_far' };
  if (!p.tenantHours.covers(start, end)) {
    const day = overrideDayAt(p.tenantOverrideDays, start, end);
    // The tenant's own override says why: an explain names it (docs/decisions.md "Date overrides").
    return day
      ? { ok: false, reason: 'outside_hours', override: { ownerType: 'tenant', ownerId: day.ownerId, date: day.date } }
      : { ok: false, reason: 'outside_hours' };
  }
  if (options.checkAlignment && !isAligned(p, start)) return { ok: false, reason: 'misaligned' };
  // A holiday is a whole local day: a slot touching any part of it is out.
  if (p.holidays.overlaps(start, end)) return { ok: false, reason: 'holiday' };
  if (p.tenantBlocks.overlaps(start, end)) return { ok: false, reason: 'blocked' };

  // The slot's own buffered interval: what the booking made at this start would occupy.
  const busyFrom = start - bufferBeforeMs;
  const busyTo = end + bufferAfterMs;
  const { seats } = p.shape;
  const seated = seats > 1;
  // A resource for a new booking (or a new session); the sessions of a service listing no staff
  // are its resources' (docs/decisions.md "Seats").
  const resourcePick =
    p.resources.length > 0
      ? p.sessionOwner === 'resource'
        ? pickOwner(RESOURCE_PICK, p.resources, start, end, busyFrom, busyTo, seats, p.party, undefined, true)
        : pickOwner(RESOURCE_PICK, p.resources, start, end, busyFrom, busyTo, 1, 1, undefined, true)
      : null;
  const freeResource =
    resourcePick !== null && resourcePick.chosen !== -1 ? p.resources[resourcePick.chosen]!.id : undefined;
  if (p.staff.length > 0 && p.assignment === 'collective') {
    const everyone = everyStaffMember(p, start, end, busyFrom, busyTo);
    if (!everyone.ok || resourcePick === null) return everyone;
    if (freeResource === undefined) return refusalOf('resource', p.resources, resourcePick, start, end);
    return { ...everyone, resourceId: freeResource };
  }
  if (p.staff.length > 0) {
    // Staff and resources are independent of each other: "some staff member free and some
    // resource free". Joining a session takes the session's resource, which it already holds.
    const resourceFree = p.resources.length === 0 || freeResource !== undefined;
    const pick = pickOwner(
      STAFF_PICK,
      p.staff,
      start,
      end,
      busyFrom,
      busyTo,
      seats,
      p.party,
      options.preferredStaffId,
      resourceFree,
      rotationOrder(p),
    );
    if (pick.chosen === -1) {
      // Turned away for want of a resource: the resources' refusal is the answer.
      if (pick.failure === -1) return refusalOf('resource', p.resources, resourcePick as OwnerPick, start, end);
      return refusalOf('staff', p.staff, pick, start, end);
    }
    const staff = p.staff[pick.chosen]!;
    const resourceId = staff.sessions.get(start)?.resourceId ?? freeResource;
    return granted(staff.id, resourceId, seated ? pick.mostSeats : undefined);
  }
  if (resourcePick !== null) {
    if (freeResource === undefined) return refusalOf('resource', p.resources, resourcePick, start, end);
    return granted(undefined, freeResource, seated ? resourcePick.mostSeats : undefined);
  }
  // Neither: the service's own bookings (one of its sessions at this start is the one to join).
  const session = p.serviceSessions.get(start);
  const owner = { ownerType: 'service' as const, ownerId: p.serviceId };
  if (p.serviceBookings.countOverlapping(busyFrom, busyTo) - (session ? 1 : 0) > 0) {
    return { ok: false, reason: 'taken', owner };
  }
  const seatsLeft = seats - (session?.seatsTaken ?? 0);
  if (p.party > seatsLeft) return { ok: false, reason: 'full', owner };
  return granted(undefined, undefined, seated ? seatsLeft : undefined);
}

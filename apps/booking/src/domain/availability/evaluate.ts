// The rule set of docs/decisions.md "Availability", applied to one start. computeSlots and checkSlot
// both end here, so the list shown to the customer and the recheck under the lock cannot drift.

import type { Session } from './occupancy.js';
import type { OwnerAvailability, PreparedSchedule } from './prepared-schedule.js';
import type { SlotExplanation } from './types.js';
import { overrideDayAt } from './weekly-windows.js';

type OwnerFailure = 'outside_hours' | 'blocked' | 'taken' | 'full' | 'daily_limit';

/**
 * When no owner fits, the reason reported is the one that got furthest: daily_limit (the slot
 * itself was free) > full (its session has too few seats) > taken > blocked > hours.
 */
const SEVERITY: Record<OwnerFailure, number> = { outside_hours: 0, blocked: 1, taken: 2, full: 3, daily_limit: 4 };

/** How many seats a session has and the booking asked about takes (1 and 1: no session). */
interface Seating {
  seats: number;
  party: number;
}
const ONE_SEAT: Seating = { seats: 1, party: 1 };

/** An owner that can take the booking: the session it would join, and the seats left there. */
interface Fit {
  session: Session | undefined;
  seatsLeft: number;
}

/** The slot's buffered span: what a booking made at the start would occupy. */
interface BusySpan {
  busyFrom: number;
  busyTo: number;
}

/**
 * Can this owner take `[start, end)`? Hours and blocks are checked against the slot itself. The
 * slot's buffered span must overlap none of the owner's occupied intervals (each booking with its
 * own stored buffers, a session once; see occupancy.ts), or, for a resource, fewer of them than
 * its capacity (docs/decisions.md "Availability", the buffer rule). The service's own session at
 * this start is the one the booking joins, not another occupant, if it has the seats
 * (docs/decisions.md "Seats"); joining one adds no session to the day's count (the daily limit).
 */
function ownerFit(
  owner: OwnerAvailability,
  start: number,
  end: number,
  span: BusySpan,
  seating: Seating,
): Fit | OwnerFailure {
  if (!owner.active || (owner.hours !== null && !owner.hours.covers(start, end))) return 'outside_hours';
  if (owner.blocks.overlaps(start, end)) return 'blocked';
  const session = owner.sessions.get(start);
  const others = owner.bookings.countOverlapping(span.busyFrom, span.busyTo) - (session ? 1 : 0);
  if (others >= owner.capacity) return 'taken';
  const seatsLeft = seating.seats - (session?.seatsTaken ?? 0);
  if (seating.party > seatsLeft) return 'full';
  // A staff member's bookings of the service on the start's local day (daily-limit.ts).
  if (!session && owner.daily !== null && owner.daily.isFull(start)) return 'daily_limit';
  return { session, seatsLeft };
}

type Pick = { id: string; fit: Fit; mostSeats: number } | { reason: OwnerFailure; ownerId: string };

/**
 * The owner a booking goes to: the preferred one when it fits; else, for a seated service, the
 * first in the service's order whose session at this start has room (a class fills before
 * another opens), else the first that fits. Otherwise the furthest reason and the first owner
 * that got that far. `better` (round-robin) replaces "the first that fits" with the best of them
 * by its order. `accept` turns away an owner that fits but cannot be used (no resource left
 * for a new session), and when one did and none was usable the answer is null; `mostSeats` is
 * the most seats any usable owner has left.
 */
function pickOwner(
  owners: readonly OwnerAvailability[],
  start: number,
  end: number,
  span: BusySpan,
  seating: Seating,
  preferredId: string | undefined,
  accept: (fit: Fit) => boolean = () => true,
  better?: (a: string, b: string) => boolean,
): Pick | null {
  let worst: { reason: OwnerFailure; ownerId: string } | null = null;
  let preferred: { id: string; fit: Fit } | null = null;
  let joined: { id: string; fit: Fit } | null = null;
  let first: { id: string; fit: Fit } | null = null;
  let mostSeats = 0;
  let turnedAway = false;
  for (const owner of owners) {
    const fit = ownerFit(owner, start, end, span, seating);
    if (typeof fit === 'string') {
      if (worst === null || SEVERITY[fit] > SEVERITY[worst.reason]) worst = { reason: fit, ownerId: owner.id };
      continue;
    }
    if (!accept(fit)) {
      turnedAway = true;
      continue;
    }
    const chosen = { id: owner.id, fit };
    // One seat a slot, first come: the first usable owner, or the preferred one, decides.
    // Stryker disable next-line BlockStatement: equivalent, a shortcut: the rest of the loop picks the preferred, else the first, too (docs/testing.md)
    if (seating.seats === 1 && better === undefined) {
      if (preferredId === undefined || owner.id === preferredId) return { ...chosen, mostSeats: fit.seatsLeft };
      first ??= chosen;
      continue;
    }
    mostSeats = Math.max(mostSeats, fit.seatsLeft);
    if (owner.id === preferredId) preferred = chosen;
    if (fit.session) joined ??= chosen;
    if (first === null || (better !== undefined && better(owner.id, first.id))) first = chosen;
  }
  const chosen = preferred ?? joined ?? first;
  // mostSeats counted every usable owner, the chosen one among them.
  if (chosen) return { ...chosen, mostSeats };
  // An owner that fits but was turned away: what stopped it is the caller's to say.
  return turnedAway ? null : worst;
}

/** A staff member's or resource's refusal, naming the date override behind `outside_hours`. */
function ownerRefusal(
  ownerType: 'staff' | 'resource',
  owners: readonly OwnerAvailability[],
  pick: { reason: OwnerFailure; ownerId: string },
  start: number,
  end: number,
): SlotExplanation {
  const owner = { ownerType, ownerId: pick.ownerId };
  const days = owners.find((o) => o.id === pick.ownerId)?.overrideDays ?? [];
  const day = pick.reason === 'outside_hours' ? overrideDayAt(days, start, end) : undefined;
  return day
    ? { ok: false, reason: pick.reason, owner, override: { ownerType, ownerId: pick.ownerId, date: day.date } }
    : { ok: false, reason: pick.reason, owner };
}

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
function everyStaffMember(p: PreparedSchedule, start: number, end: number, span: BusySpan): SlotExplanation {
  // One seat each (prepared-schedule.ts: collective has no sessions); a party is one too many.
  const seating: Seating = { seats: 1, party: p.party };
  for (const owner of p.staff) {
    const fit = ownerFit(owner, start, end, span, seating);
    if (typeof fit === 'string') return ownerRefusal('staff', p.staff, { reason: fit, ownerId: owner.id }, start, end);
  }
  return { ok: true, staffId: p.staff[0]!.id, staffIds: p.staff.map((o) => o.id) };
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
  const span: BusySpan = { busyFrom: start - bufferBeforeMs, busyTo: end + bufferAfterMs };
  const seating: Seating = { seats: p.shape.seats, party: p.party };
  const seated = seating.seats > 1;
  const result: { ok: true; staffId?: string; resourceId?: string; seatsLeft?: number } = { ok: true };
  // A resource for a new booking (or a new session); the sessions of a service listing no staff
  // are its resources' (docs/decisions.md "Seats").
  const resourcePick =
    p.resources.length > 0
      ? pickOwner(p.resources, start, end, span, p.sessionOwner === 'resource' ? seating : ONE_SEAT, undefined)
      : null;
  const freeResource = resourcePick !== null && 'id' in resourcePick ? resourcePick.id : undefined;
  if (p.staff.length > 0 && p.assignment === 'collective') {
    const everyone = everyStaffMember(p, start, end, span);
    if (!everyone.ok || resourcePick === null) return everyone;
    if ('reason' in resourcePick) return ownerRefusal('resource', p.resources, resourcePick, start, end);
    return { ...everyone, resourceId: resourcePick.id };
  }
  if (p.staff.length > 0) {
    // Staff and resources are independent of each other: "some staff member free and some
    // resource free". Joining a session takes the session's resource, which it already holds.
    const usable = (fit: Fit) =>
      p.resources.length === 0 || fit.session?.resourceId !== undefined || freeResource !== undefined;
    const pick = pickOwner(p.staff, start, end, span, seating, options.preferredStaffId, usable, rotationOrder(p));
    if (pick === null)
      return ownerRefusal('resource', p.resources, resourcePick as Exclude<Pick, { id: string }>, start, end);
    if ('reason' in pick) return ownerRefusal('staff', p.staff, pick, start, end);
    result.staffId = pick.id;
    const resourceId = pick.fit.session?.resourceId ?? freeResource;
    if (resourceId !== undefined) result.resourceId = resourceId;
    if (seated) result.seatsLeft = pick.mostSeats;
    return result;
  }
  if (resourcePick !== null) {
    if ('reason' in resourcePick) return ownerRefusal('resource', p.resources, resourcePick, start, end);
    result.resourceId = resourcePick.id;
    if (seated) result.seatsLeft = resourcePick.mostSeats;
    return result;
  }
  // Neither: the service's own bookings (one of its sessions at this start is the one to join).
  const session = p.serviceSessions.get(start);
  const owner = { ownerType: 'service' as const, ownerId: p.serviceId };
  if (p.serviceBookings.countOverlapping(span.busyFrom, span.busyTo) - (session ? 1 : 0) > 0) {
    return { ok: false, reason: 'taken', owner };
  }
  const seatsLeft = seating.seats - (session?.seatsTaken ?? 0);
  if (seating.party > seatsLeft) return { ok: false, reason: 'full', owner };
  if (seated) result.seatsLeft = seatsLeft;
  return result;
}

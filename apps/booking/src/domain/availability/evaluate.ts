// The rule set of docs/decisions.md "Availability", applied to one start. computeSlots and checkSlot
// both end here, so the list shown to the customer and the recheck under the lock cannot drift.

import type { OwnerAvailability, PreparedSchedule } from './prepared-schedule.js';
import type { SlotExplanation } from './types.js';
import { overrideDayAt } from './weekly-windows.js';

type OwnerFailure = 'outside_hours' | 'blocked' | 'taken' | 'daily_limit';

/**
 * When no owner fits, the reason reported is the one that got furthest: daily_limit (the slot
 * itself was free) > taken > blocked > hours.
 */
const SEVERITY: Record<OwnerFailure, number> = { outside_hours: 0, blocked: 1, taken: 2, daily_limit: 3 };

/**
 * Can this owner take `[start, end)`? Hours and blocks are checked against the slot itself. The
 * slot's buffered span `[busyFrom, busyTo)` must overlap none of the owner's occupied intervals
 * (each booking with its own stored buffers, see occupancy.ts), or, for a resource, fewer of them
 * than its capacity (docs/decisions.md "Availability", the buffer rule).
 */
function ownerFailure(
  owner: OwnerAvailability,
  start: number,
  end: number,
  busyFrom: number,
  busyTo: number,
): OwnerFailure | null {
  if (!owner.active || (owner.hours !== null && !owner.hours.covers(start, end))) return 'outside_hours';
  if (owner.blocks.overlaps(start, end)) return 'blocked';
  if (owner.bookings.countOverlapping(busyFrom, busyTo) >= owner.capacity) return 'taken';
  // A staff member's bookings of the service on the start's local day (daily-limit.ts).
  if (owner.daily !== null && owner.daily.isFull(start)) return 'daily_limit';
  return null;
}

/**
 * The first owner in the service's order that fits, the preferred one first when it fits;
 * otherwise the furthest reason and the first owner that got that far.
 */
function pickOwner(
  owners: readonly OwnerAvailability[],
  start: number,
  end: number,
  busyFrom: number,
  busyTo: number,
  preferredId: string | undefined,
): { id: string } | { reason: OwnerFailure; ownerId: string } {
  if (preferredId !== undefined) {
    const preferred = owners.find((o) => o.id === preferredId);
    if (preferred && ownerFailure(preferred, start, end, busyFrom, busyTo) === null) return { id: preferred.id };
  }
  let worst: { reason: OwnerFailure; ownerId: string } | null = null;
  for (const owner of owners) {
    const failure = ownerFailure(owner, start, end, busyFrom, busyTo);
    if (failure === null) return { id: owner.id };
    if (worst === null || SEVERITY[failure] > SEVERITY[worst.reason]) worst = { reason: failure, ownerId: owner.id };
  }
  // Callers pass at least one owner.
  return worst as { reason: OwnerFailure; ownerId: string };
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

export interface EvaluateOptions {
  /** computeSlots generates aligned starts only and skips the test. */
  checkAlignment: boolean;
  preferredStaffId?: string | undefined;
}

/**
 * In order: too_soon, too_far, outside_hours (tenant rules), misaligned, holiday, blocked (tenant
 * block), then staff, then resources (each outside_hours / blocked / taken, naming the owner),
 * then, for a service needing neither, taken by its own booking (naming the service). The first
 * refusal is the answer: availability, create and the explain route all read this one verdict.
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
  const result: { ok: true; staffId?: string; resourceId?: string } = { ok: true };
  // Staff and resources are independent of each other, so "one staff member and one resource
  // both free" is "some staff member free" and "some resource free".
  if (p.staff.length > 0) {
    const pick = pickOwner(p.staff, start, end, busyFrom, busyTo, options.preferredStaffId);
    if ('reason' in pick) return ownerRefusal('staff', p.staff, pick, start, end);
    result.staffId = pick.id;
  }
  if (p.resources.length > 0) {
    const pick = pickOwner(p.resources, start, end, busyFrom, busyTo, undefined);
    if ('reason' in pick) return ownerRefusal('resource', p.resources, pick, start, end);
    result.resourceId = pick.id;
  }
  if (p.staff.length === 0 && p.resources.length === 0 && p.serviceBookings.countOverlapping(busyFrom, busyTo) > 0) {
    return { ok: false, reason: 'taken', owner: { ownerType: 'service', ownerId: p.serviceId } };
  }
  return result;
}

// Everything a slot decision needs, turned from records into numbers and sorted indexes once per
// query. computeSlots prepares it for its whole window, checkSlot for one start; both then run the
// same evaluation (evaluate.ts) on it.

import { DAY_MS, MINUTE_MS } from '@svc/rules';
import { IntervalSet } from './intervals.js';
import { CalendarCache } from './local-calendar.js';
import { BookingIndex, indexBookings } from './occupancy.js';
import type { ExistingBooking, OwnerType, ScheduleInput, ServiceInput } from './types.js';
import { expandWeeklyRules, holidayIntervals, type RuleOccurrence } from './weekly-windows.js';

/** The service's timing in milliseconds. */
export interface SlotShape {
  durationMs: number;
  bufferBeforeMs: number;
  bufferAfterMs: number;
  stepMs: number;
  minNoticeMs: number;
  maxAdvanceMs: number;
}

export function slotShape(service: ServiceInput): SlotShape {
  const { durationMin } = service;
  if (!Number.isInteger(durationMin) || durationMin <= 0) {
    throw new RangeError(`durationMin must be a positive integer, got ${durationMin}`);
  }
  const nonNegative = (n: number): number => (Number.isFinite(n) && n > 0 ? n : 0);
  return {
    durationMs: durationMin * MINUTE_MS,
    bufferBeforeMs: nonNegative(service.bufferBeforeMin) * MINUTE_MS,
    bufferAfterMs: nonNegative(service.bufferAfterMin) * MINUTE_MS,
    // The catalog's default interval is the duration; a proto3 zero means "not set".
    stepMs: (service.slotIntervalMin > 0 ? service.slotIntervalMin : durationMin) * MINUTE_MS,
    minNoticeMs: nonNegative(service.minNoticeMin) * MINUTE_MS,
    // Days are 24-hour spans from now, not calendar days: the limit is about lead time.
    maxAdvanceMs: nonNegative(service.maxAdvanceDays) * DAY_MS,
  };
}

/** A staff member or resource as the evaluation sees it. */
export interface OwnerAvailability {
  id: string;
  /** Listed but unknown or not `active`: never assigned. */
  active: boolean;
  /** Merged rule occurrences; `null` = the owner has no rules of its own and follows the tenant's hours. */
  hours: IntervalSet | null;
  blocks: IntervalSet;
  bookings: BookingIndex;
  /** How many overlapping bookings fit; 1 for staff. */
  capacity: number;
}

export interface PreparedSchedule {
  shape: SlotShape;
  /** Inclusive bounds on a start from min notice and max advance. */
  earliestStartMs: number;
  latestStartMs: number;
  /** Tenant rule occurrences, sorted by start: where slot starts are counted from. */
  tenantOccurrences: RuleOccurrence[];
  tenantHours: IntervalSet;
  holidays: IntervalSet;
  tenantBlocks: IntervalSet;
  /** Listed staff, in the service's order; empty when the service needs none. */
  staff: OwnerAvailability[];
  /** Listed resources, in the service's order; empty when the service needs none. */
  resources: OwnerAvailability[];
  /** The service's own bookings; consulted only when it needs neither staff nor resources. */
  serviceBookings: BookingIndex;
  serviceId: string;
}

export interface PrepareOptions {
  /** Starts to be decided lie in `[fromMs, toMs)`. */
  fromMs: number;
  toMs: number;
  nowMs: number;
  ignoreBookingId?: string | undefined;
}

function groupByOwner<T extends { ownerType: OwnerType; ownerId: string }>(
  items: readonly T[],
  ownerType: OwnerType,
): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    if (item.ownerType !== ownerType) continue;
    const list = out.get(item.ownerId);
    if (list) list.push(item);
    else out.set(item.ownerId, [item]);
  }
  return out;
}

function blockSet(blocks: readonly { startsAtMs: number; endsAtMs: number }[] | undefined): IntervalSet {
  if (!blocks || blocks.length === 0) return IntervalSet.EMPTY;
  return IntervalSet.from(blocks.map((b) => ({ startMs: b.startsAtMs, endMs: b.endsAtMs })));
}

export function prepareSchedule(
  schedule: ScheduleInput,
  bookings: readonly ExistingBooking[],
  options: PrepareOptions,
): PreparedSchedule {
  const { service } = schedule;
  const shape = slotShape(service);
  // A slot starting before toMs ends before toMs + duration: the calendars must reach that far.
  const calendars = new CalendarCache(options.fromMs, options.toMs + shape.durationMs);
  const tenantCalendar = calendars.get(schedule.timezone);

  // Tenant rules and blocks apply whatever their ownerId: the snapshot is one tenant's.
  const tenantOccurrences = expandWeeklyRules(
    schedule.rules.filter((r) => r.ownerType === 'tenant'),
    calendars,
    schedule.timezone,
  );

  const staffIds = [...new Set(service.staffIds)];
  const resourceIds = [...new Set(service.resourceIds)];
  const needsNeither = staffIds.length === 0 && resourceIds.length === 0;
  const indexes = indexBookings(bookings, {
    nowMs: options.nowMs,
    ignoreBookingId: options.ignoreBookingId,
    staffIds: new Set(staffIds),
    resourceIds: new Set(resourceIds),
    serviceId: needsNeither ? service.serviceId : undefined,
  });

  const rulesOf = { staff: groupByOwner(schedule.rules, 'staff'), resource: groupByOwner(schedule.rules, 'resource') };
  const blocksOf = {
    staff: groupByOwner(schedule.blocks, 'staff'),
    resource: groupByOwner(schedule.blocks, 'resource'),
  };

  const staffById = new Map(schedule.staff.map((s) => [s.staffId, s]));
  const staff = staffIds.map((id): OwnerAvailability => {
    const record = staffById.get(id);
    const active = record?.status === 'active';
    const rules = rulesOf.staff.get(id);
    return {
      id,
      active,
      // docs/decisions.md "Availability", the staff-hours rule: like a resource, a staff member
      // without rules of their own works the tenant's hours; one with rules works only within
      // them (the tenant's hours are checked first, for every slot).
      hours:
        active && rules
          ? IntervalSet.from(expandWeeklyRules(rules, calendars, record?.timezone || schedule.timezone))
          : null,
      blocks: blockSet(blocksOf.staff.get(id)),
      bookings: indexes.byStaff.get(id) ?? BookingIndex.EMPTY,
      capacity: 1,
    };
  });

  const resourceById = new Map(schedule.resources.map((r) => [r.resourceId, r]));
  const resources = resourceIds.map((id): OwnerAvailability => {
    const record = resourceById.get(id);
    const active = record?.status === 'active';
    const rules = rulesOf.resource.get(id);
    return {
      id,
      active,
      // A resource without rules of its own follows the tenant's hours (docs/decisions.md "Availability").
      hours: active && rules ? IntervalSet.from(expandWeeklyRules(rules, calendars, schedule.timezone)) : null,
      blocks: blockSet(blocksOf.resource.get(id)),
      bookings: indexes.byResource.get(id) ?? BookingIndex.EMPTY,
      capacity: record && Number.isFinite(record.capacity) ? record.capacity : 0,
    };
  });

  return {
    shape,
    earliestStartMs: options.nowMs + shape.minNoticeMs,
    latestStartMs: options.nowMs + shape.maxAdvanceMs,
    tenantOccurrences,
    tenantHours: IntervalSet.from(tenantOccurrences),
    holidays: IntervalSet.from(holidayIntervals(schedule.holidays, tenantCalendar)),
    tenantBlocks: blockSet(schedule.blocks.filter((b) => b.ownerType === 'tenant')),
    staff,
    resources,
    serviceBookings: indexes.ofService,
    serviceId: service.serviceId,
  };
}

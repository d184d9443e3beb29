// Everything a slot decision needs, turned from records into numbers and sorted indexes once per
// query. computeSlots prepares it for its whole window, checkSlot for one start; both then run the
// same evaluation (evaluate.ts) on it.

import { DAY_MS, MINUTE_MS } from '@svc/rules';
import { IntervalSet } from './intervals.js';
import { DailyCounts } from './daily-limit.js';
import { CalendarCache } from './local-calendar.js';
import { BookingIndex, indexBookings, type Rotation, type Session, type SessionOwner } from './occupancy.js';
import type {
  Assignment,
  DateOverrideInput,
  ExistingBooking,
  OwnerType,
  ScheduleInput,
  ServiceInput,
  WeeklyRuleInput,
} from './types.js';
import {
  expandOverrides,
  expandWeeklyRules,
  holidayIntervals,
  NO_OVERRIDES,
  withOverrides,
  type OverrideDay,
  type RuleOccurrence,
} from './weekly-windows.js';

/** The service's timing in milliseconds. */
export interface SlotShape {
  durationMs: number;
  bufferBeforeMs: number;
  bufferAfterMs: number;
  stepMs: number;
  minNoticeMs: number;
  maxAdvanceMs: number;
  /** Bookings of the service per staff member and local day; 0 = no limit. */
  maxPerDay: number;
  /** Seats of a session of the service; 1 = not a session (docs/decisions.md "Seats"). */
  seats: number;
  /** round_robin: who takes a booking depends on the bookings around its start. */
  rotates: boolean;
}

export function slotShape(service: ServiceInput): SlotShape {
  const { durationMin } = service;
  if (!Number.isInteger(durationMin) || durationMin <= 0) {
    throw new RangeError(`durationMin must be a positive integer, got ${durationMin}`);
  }
  // Stryker disable next-line EqualityOperator: equivalent, 0 is kept as 0 either way (docs/testing.md)
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
    maxPerDay: Math.floor(nonNegative(service.maxBookingsPerDay ?? 0)),
    // A collective booking takes every staff member: no session is shared (the catalog refuses both).
    seats: service.assignment === 'collective' ? 1 : Math.max(1, Math.floor(nonNegative(service.seats ?? 1))),
    rotates: service.assignment === 'round_robin',
  };
}

/** A staff member or resource as the evaluation sees it. */
export interface OwnerAvailability {
  id: string;
  /** Listed but unknown or not `active`: never assigned. */
  active: boolean;
  /**
   * Merged rule occurrences (its date overrides applied); `null` = the owner has neither rules nor
   * overrides of its own and follows the tenant's hours.
   */
  hours: IntervalSet | null;
  /** The days its date overrides take over, for explain. */
  overrideDays: readonly OverrideDay[];
  blocks: IntervalSet;
  bookings: BookingIndex;
  /** How many overlapping bookings fit; 1 for staff. */
  capacity: number;
  /** A staff member's bookings of the service per local day, when it has a daily limit. */
  daily: DailyCounts | null;
  /** The sessions of the service on this owner by start, when the service is seated and they are its session owners. */
  sessions: ReadonlyMap<number, Session>;
}

export interface PreparedSchedule {
  shape: SlotShape;
  /** Inclusive bounds on a start from min notice and max advance. */
  earliestStartMs: number;
  latestStartMs: number;
  /** Tenant rule occurrences, its date overrides applied, sorted by start: where slot starts are counted from. */
  tenantOccurrences: RuleOccurrence[];
  tenantHours: IntervalSet;
  /** The days the tenant's date overrides take over, for explain. */
  tenantOverrideDays: readonly OverrideDay[];
  holidays: IntervalSet;
  tenantBlocks: IntervalSet;
  /** Listed staff, in the service's order; empty when the service needs none. */
  staff: OwnerAvailability[];
  /** Listed resources, in the service's order; empty when the service needs none. */
  resources: OwnerAvailability[];
  /** The service's own bookings; consulted only when it needs neither staff nor resources. */
  serviceBookings: BookingIndex;
  /** Its sessions by start, for a seated service that needs neither. */
  serviceSessions: ReadonlyMap<number, Session>;
  serviceId: string;
  /** Whose sessions a seated service's are. */
  sessionOwner: SessionOwner;
  /** The seats the booking asked about takes. */
  party: number;
  /** Who takes a booking when nobody is named (docs/decisions.md "Staff assignment"). */
  assignment: Assignment;
  /**
   * round_robin: each listed staff member's bookings of the service around the start, when the
   * question is who takes a booking (checkSlot); null when it is only whether (computeSlots).
   */
  rotation: ReadonlyMap<string, Rotation> | null;
  weightOf: (staffId: string) => number;
}

export interface PrepareOptions {
  /** Starts to be decided lie in `[fromMs, toMs)`. */
  fromMs: number;
  toMs: number;
  nowMs: number;
  ignoreBookingId?: string | undefined;
  /** Seats the booking takes; absent: 1. */
  partySize?: number | undefined;
  /**
   * round_robin: the bookings of the service starting in this window count for who takes the
   * booking (checkSlot passes it; a list of slots assigns nobody).
   */
  rotationWindow?: { fromMs: number; toMs: number } | undefined;
}

const NO_SESSIONS: ReadonlyMap<number, Session> = new Map();

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

  // Tenant rules, overrides and blocks apply whatever their ownerId: the snapshot is one tenant's.
  const overrides = schedule.dateOverrides ?? [];
  const overridesOf = { staff: groupByOwner(overrides, 'staff'), resource: groupByOwner(overrides, 'resource') };
  const tenantOverrides = expandOverrides(
    overrides.filter((o) => o.ownerType === 'tenant'),
    tenantCalendar,
  );
  const tenantOccurrences = withOverrides(
    expandWeeklyRules(
      schedule.rules.filter((r) => r.ownerType === 'tenant'),
      calendars,
      schedule.timezone,
    ),
    tenantOverrides,
  );
  /**
   * An owner's hours (docs/decisions.md "Availability", the staff-hours rule, and "Date
   * overrides"): its own rules, or the tenant's hours when it has none, with its overrides'
   * days replaced by their windows; `null` (the tenant's hours) when it has neither.
   */
  const hoursOf = (
    rules: readonly WeeklyRuleInput[] | undefined,
    own: readonly DateOverrideInput[] | undefined,
    zone: string,
  ): { hours: IntervalSet | null; overrideDays: readonly OverrideDay[] } => {
    const expanded = own ? expandOverrides(own, calendars.get(zone)) : NO_OVERRIDES;
    if (!rules && expanded.days.length === 0) return { hours: null, overrideDays: [] };
    const base = rules ? expandWeeklyRules(rules, calendars, zone) : tenantOccurrences;
    return { hours: IntervalSet.from(withOverrides(base, expanded)), overrideDays: expanded.days };
  };

  const staffIds = [...new Set(service.staffIds)];
  const resourceIds = [...new Set(service.resourceIds)];
  const needsNeither = staffIds.length === 0 && resourceIds.length === 0;
  const assignment: Assignment = service.assignment ?? 'first_available';
  const sessionOwner: SessionOwner = staffIds.length > 0 ? 'staff' : resourceIds.length > 0 ? 'resource' : 'service';
  const indexes = indexBookings(bookings, {
    nowMs: options.nowMs,
    ignoreBookingId: options.ignoreBookingId,
    staffIds: new Set(staffIds),
    resourceIds: new Set(resourceIds),
    serviceId: needsNeither ? service.serviceId : undefined,
    countedServiceId: shape.maxPerDay > 0 ? service.serviceId : undefined,
    sessionsOf: shape.seats > 1 ? { serviceId: service.serviceId, owner: sessionOwner } : undefined,
    rotationOf:
      assignment === 'round_robin' && options.rotationWindow
        ? { serviceId: service.serviceId, ...options.rotationWindow }
        : undefined,
  });
  const sessionsOf = (kind: SessionOwner, id: string) =>
    kind === sessionOwner ? (indexes.sessions.get(id) ?? NO_SESSIONS) : NO_SESSIONS;

  const rulesOf = { staff: groupByOwner(schedule.rules, 'staff'), resource: groupByOwner(schedule.rules, 'resource') };
  const blocksOf = {
    staff: groupByOwner(schedule.blocks, 'staff'),
    resource: groupByOwner(schedule.blocks, 'resource'),
  };

  const bookingsOf = { staff: indexes.byStaff, resource: indexes.byResource };
  /** An owner as the slot search sees it: its hours (or the tenant's), blocks, bookings and sessions. */
  const ownerAvailability = (
    kind: 'staff' | 'resource',
    id: string,
    active: boolean,
    zone: string,
    fit: Pick<OwnerAvailability, 'capacity' | 'daily'>,
  ): OwnerAvailability => {
    const { hours, overrideDays } = active
      ? hoursOf(rulesOf[kind].get(id), overridesOf[kind].get(id), zone)
      : { hours: null, overrideDays: [] };
    return {
      id,
      active,
      hours,
      overrideDays,
      blocks: blockSet(blocksOf[kind].get(id)),
      bookings: bookingsOf[kind].get(id) ?? BookingIndex.EMPTY,
      ...fit,
      sessions: sessionsOf(kind, id),
    };
  };

  const staffById = new Map(schedule.staff.map((s) => [s.staffId, s]));
  const staff = staffIds.map((id): OwnerAvailability => {
    const record = staffById.get(id);
    const active = record?.status === 'active';
    // Like a resource, a staff member without rules of their own works the tenant's hours; one
    // with rules works only within them (the tenant's hours are checked first, for every slot).
    const zone = record?.timezone || schedule.timezone;
    return ownerAvailability('staff', id, active, zone, {
      capacity: 1,
      // The staff member's own local days (docs/decisions.md "Service policies").
      daily:
        active && shape.maxPerDay > 0
          ? new DailyCounts(calendars.get(zone), indexes.startsByStaff.get(id) ?? [], shape.maxPerDay)
          : null,
    });
  });

  const resourceById = new Map(schedule.resources.map((r) => [r.resourceId, r]));
  const resources = resourceIds.map((id): OwnerAvailability => {
    const record = resourceById.get(id);
    // A resource without rules of its own follows the tenant's hours (docs/decisions.md "Availability").
    return ownerAvailability('resource', id, record?.status === 'active', schedule.timezone, {
      capacity: record && Number.isFinite(record.capacity) ? record.capacity : 0,
      daily: null,
    });
  });

  return {
    shape,
    earliestStartMs: options.nowMs + shape.minNoticeMs,
    latestStartMs: options.nowMs + shape.maxAdvanceMs,
    tenantOccurrences,
    tenantHours: IntervalSet.from(tenantOccurrences),
    tenantOverrideDays: tenantOverrides.days,
    holidays: IntervalSet.from(holidayIntervals(schedule.holidays, tenantCalendar)),
    tenantBlocks: blockSet(schedule.blocks.filter((b) => b.ownerType === 'tenant')),
    staff,
    resources,
    serviceBookings: indexes.ofService,
    serviceSessions: sessionsOf('service', ''),
    serviceId: service.serviceId,
    sessionOwner,
    assignment,
    rotation: assignment === 'round_robin' && options.rotationWindow ? indexes.rotation : null,
    weightOf: (staffId) => {
      const weights = service.staffWeights;
      const weight = weights && Object.hasOwn(weights, staffId) ? weights[staffId] : undefined;
      return weight !== undefined && Number.isFinite(weight) && weight > 0 ? weight : 1;
    },
    party:
      options.partySize !== undefined && Number.isInteger(options.partySize) && options.partySize > 0
        ? options.partySize
        : 1,
  };
}

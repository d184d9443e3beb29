// A reference implementation of the availability rules of docs/decisions.md "Availability", for
// the property tests (availability-properties.test.ts) to hold the engine against.
//
// It is deliberately slow and literal so that it can be checked by reading: a candidate start is
// walked minute by minute through each rule, with no interval sets, indexes or fast paths. It
// shares no code with src/domain/availability; it imports that module's input TYPES only, and
// wall-clock.ts asks luxon nothing but a zone's offset and an instant's civil date.
//
// Every instant it is given (starts, bookings, blocks, effective bounds, now) is assumed to be a
// whole minute, as every instant the platform stores is; the rules' boundaries are whole minutes
// too (offsets are whole minutes), so "every minute of [a, b)" is exactly "all of [a, b)".

import type {
  DateOverrideInput,
  ExistingBooking,
  ScheduleInput,
  WeeklyRuleInput,
} from '../../../src/domain/availability/types.js';
import {
  DAY_MS,
  dayNumberOfIso,
  localDayOf,
  MINUTE_MS,
  wallClock,
  weekdayOf,
  zone,
  type DayNumber,
} from './wall-clock.js';

/**
 * A free start: the assignment create would make (the preferred staff member when usable, else,
 * for a seated service, the first with a session to join, else the first usable; the session's
 * resource, else the first free one), every usable staff member and free resource, and for a
 * seated service the most seats one booking could still take.
 */
export type ReferenceVerdict =
  | {
      free: true;
      staffId?: string;
      /** A collective booking's staff: all of them. */
      staffIds?: string[];
      resourceId?: string;
      seatsLeft?: number;
      freeStaffIds: string[];
      freeResourceIds: string[];
    }
  | { free: false; reason: string };

export interface ReferenceQuery {
  schedule: ScheduleInput;
  bookings: readonly ExistingBooking[];
  nowMs: number;
  ignoreBookingId?: string | undefined;
  /** Seats the booking takes; absent: 1. */
  partySize?: number | undefined;
  /** The staff member asked for; absent: none. */
  preferredStaffId?: string | undefined;
  /** Every start that will be asked about lies in `[coverFromMs, coverToMs)`. */
  coverFromMs: number;
  coverToMs: number;
}

/** One day's occurrence of a weekly rule: open on the wall clock at `openMs`, clipped to its effective period. */
interface Occurrence {
  openMs: number;
  fromMs: number;
  toMs: number;
}

interface Span {
  fromMs: number;
  toMs: number;
}

const inside = (t: number, span: Span): boolean => span.fromMs <= t && t < span.toMs;

/** Booked as part of a session: its service had more than one seat then. */
const isSeated = (b: ExistingBooking): boolean => b.seats !== undefined && b.seats > 1;

/** The seats a booking takes: a positive whole number, else 1. */
const partyOf = (b: ExistingBooking): number =>
  b.partySize !== undefined && Number.isInteger(b.partySize) && b.partySize > 0 ? b.partySize : 1;

/** Is `test` true at every minute of `[fromMs, toMs)`? */
function everyMinute(fromMs: number, toMs: number, test: (t: number) => boolean): boolean {
  for (let t = fromMs; t < toMs; t += MINUTE_MS) if (!test(t)) return false;
  return true;
}

/** Is `test` true at some minute of `[fromMs, toMs)`? */
function someMinute(fromMs: number, toMs: number, test: (t: number) => boolean): boolean {
  return !everyMinute(fromMs, toMs, (t) => !test(t));
}

/** A count of minutes from a record: anything but a positive number counts as none. */
const minutes = (n: number | undefined): number => (n !== undefined && Number.isFinite(n) && n > 0 ? n : 0);

/** The catalog's field rules for a weekly rule (apps/catalog/README.md); anything else describes no time. */
function isRule(rule: WeeklyRuleInput): boolean {
  return (
    Number.isInteger(rule.weekday) &&
    rule.weekday >= 0 &&
    rule.weekday <= 6 &&
    Number.isInteger(rule.startMinute) &&
    Number.isInteger(rule.endMinute) &&
    0 <= rule.startMinute &&
    rule.startMinute < rule.endMinute &&
    rule.endMinute <= 1440
  );
}

export class ReferenceAvailability {
  private readonly durationMs: number;
  private readonly stepMs: number;
  private readonly bufferBeforeMs: number;
  private readonly bufferAfterMs: number;
  private readonly earliestMs: number;
  private readonly latestMs: number;
  private readonly tenantOccurrences: Occurrence[];
  private readonly holidays: Span[];
  private readonly firstDay: number;
  private readonly lastDay: number;
  private readonly occupyingBookings: ExistingBooking[];
  /** docs/decisions.md "Seats": the service's seats (1: no sessions), the booking's party, whose sessions. */
  private readonly seats: number;
  private readonly party: number;
  private readonly sessionOwner: 'staff' | 'resource' | 'service';
  /** Occurrences of each staff member's / resource's own rules, worked out on first use. */
  private readonly ownOccurrences = new Map<string, Occurrence[] | null>();
  /** The tenant's date overrides: per civil date of its zone, the spans of their windows. */
  private readonly tenantOverrides: Map<DayNumber, Span[]>;
  /** Each staff member's / resource's date overrides, worked out on first use. */
  private readonly ownOverrides = new Map<string, Map<DayNumber, Span[]>>();

  constructor(private readonly query: ReferenceQuery) {
    const { service, timezone } = query.schedule;
    if (!Number.isInteger(service.durationMin) || service.durationMin <= 0) {
      throw new RangeError('durationMin must be a positive integer');
    }
    this.durationMs = service.durationMin * MINUTE_MS;
    // A collective booking takes every staff member: no seats are shared.
    this.seats = service.assignment === 'collective' ? 1 : Math.max(1, Math.floor(minutes(service.seats)));
    const party = query.partySize;
    this.party = party !== undefined && Number.isInteger(party) && party > 0 ? party : 1;
    this.sessionOwner = service.staffIds.length > 0 ? 'staff' : service.resourceIds.length > 0 ? 'resource' : 'service';
    // slotIntervalMin 0 means "the duration" (the catalog's default).
    this.stepMs = (service.slotIntervalMin > 0 ? service.slotIntervalMin : service.durationMin) * MINUTE_MS;
    this.bufferBeforeMs = minutes(service.bufferBeforeMin) * MINUTE_MS;
    this.bufferAfterMs = minutes(service.bufferAfterMin) * MINUTE_MS;
    // At least minNoticeMin from now (never before now), at most maxAdvanceDays × 24 h ahead.
    this.earliestMs = query.nowMs + minutes(service.minNoticeMin) * MINUTE_MS;
    this.latestMs = query.nowMs + minutes(service.maxAdvanceDays) * DAY_MS;

    // Every civil date, in any zone, whose rules could reach a minute of a slot that is asked
    // about or of its buffers (generous on both sides: a rule occurrence lasts at most a day).
    const tenantZone = zone(timezone);
    this.firstDay = localDayOf(tenantZone, query.coverFromMs) - 3;
    this.lastDay = localDayOf(tenantZone, query.coverToMs) + 3;

    this.tenantOccurrences = this.occurrencesOf(
      query.schedule.rules.filter((r) => r.ownerType === 'tenant'),
      timezone,
    );
    this.occupyingBookings = this.occupying();
    this.tenantOverrides = this.overridesOf(
      (query.schedule.dateOverrides ?? []).filter((o) => o.ownerType === 'tenant'),
      timezone,
    );
    this.holidays = query.schedule.holidays
      .filter((h) => /^\d{4}-\d{2}-\d{2}$/.test(h.date) && Number.isFinite(dayNumberOfIso(h.date)))
      .map((h) => {
        const day = dayNumberOfIso(h.date);
        // The whole calendar day in the tenant's zone: from its midnight to the next one.
        return { fromMs: wallClock(tenantZone, day, 0), toMs: wallClock(tenantZone, day, 1440) };
      });
  }

  /** Each day's occurrence of each rule, on the civil dates of the rule's zone whose weekday is the rule's. */
  private occurrencesOf(rules: readonly WeeklyRuleInput[], fallbackZone: string): Occurrence[] {
    const out: Occurrence[] = [];
    for (const rule of rules.filter(isRule)) {
      const z = zone(rule.timezone || fallbackZone);
      for (let day = this.firstDay; day <= this.lastDay; day++) {
        if (weekdayOf(day) !== rule.weekday) continue;
        const openMs = wallClock(z, day, rule.startMinute);
        const closeMs = wallClock(z, day, rule.endMinute);
        out.push({
          openMs,
          fromMs: Math.max(openMs, rule.effectiveFromAtMs ?? -Infinity),
          toMs: Math.min(closeMs, rule.effectiveUntilAtMs ?? Infinity),
        });
      }
    }
    return out;
  }

  /**
   * docs/decisions.md "Date overrides": on the date of an override (a civil date of `zoneName`)
   * the owner's hours are its windows, whatever its weekly rules say. Per date, the spans of every
   * window of every override of that date (several add up).
   */
  private overridesOf(overrides: readonly DateOverrideInput[], zoneName: string): Map<DayNumber, Span[]> {
    const z = zone(zoneName);
    const out = new Map<DayNumber, Span[]>();
    for (const o of overrides) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(o.date) || !Number.isFinite(dayNumberOfIso(o.date))) continue;
      const day = dayNumberOfIso(o.date);
      const spans = out.get(day) ?? [];
      for (const w of o.windows) {
        const ok = Number.isInteger(w.startMinute) && Number.isInteger(w.endMinute);
        if (!ok || w.startMinute < 0 || w.startMinute >= w.endMinute || w.endMinute > 1440) continue;
        spans.push({ fromMs: wallClock(z, day, w.startMinute), toMs: wallClock(z, day, w.endMinute) });
      }
      out.set(day, spans);
    }
    return out;
  }

  /** The override spans of the civil date (in `zoneName`) that `t` falls on; undefined when that date has none. */
  private overrideAt(overrides: Map<DayNumber, Span[]>, zoneName: string, t: number): Span[] | undefined {
    return overrides.size === 0 ? undefined : overrides.get(localDayOf(zone(zoneName), t));
  }

  /** The tenant's hours at `t`: an override's windows on its date, the weekly rules otherwise. */
  private tenantOpenAt(t: number): boolean {
    const spans = this.overrideAt(this.tenantOverrides, this.query.schedule.timezone, t);
    return spans ? spans.some((s) => inside(t, s)) : this.tenantOccurrences.some((o) => inside(t, o));
  }

  private rulesOf(ownerType: 'staff' | 'resource', id: string): WeeklyRuleInput[] {
    return this.query.schedule.rules.filter((r) => r.ownerType === ownerType && r.ownerId === id && isRule(r));
  }

  /** The occurrences of an owner's own rules; `null` when it has none. Worked out once per owner. */
  private ownOccurrencesOf(ownerType: 'staff' | 'resource', id: string, fallbackZone: string): Occurrence[] | null {
    const key = `${ownerType}:${id}`;
    if (!this.ownOccurrences.has(key)) {
      const rules = this.rulesOf(ownerType, id);
      this.ownOccurrences.set(key, rules.length === 0 ? null : this.occurrencesOf(rules, fallbackZone));
    }
    return this.ownOccurrences.get(key) as Occurrence[] | null;
  }

  private blockedAt(ownerType: 'tenant' | 'staff' | 'resource', id: string | null, t: number): boolean {
    return this.query.schedule.blocks.some(
      (b) =>
        b.ownerType === ownerType &&
        (id === null || b.ownerId === id) &&
        inside(t, { fromMs: b.startsAtMs, toMs: b.endsAtMs }),
    );
  }

  /**
   * `confirmed`, or `held` with a hold still running (or no expiry at all); not the ignored
   * booking, and not one without length (malformed: it counts for nothing).
   */
  private occupying(): ExistingBooking[] {
    const { bookings, nowMs, ignoreBookingId } = this.query;
    return bookings.filter((b) => {
      if (!(b.endsAtMs > b.startsAtMs)) return false;
      if (ignoreBookingId !== undefined && b.bookingId === ignoreBookingId) return false;
      if (b.status === 'confirmed') return true;
      return b.status === 'held' && (b.holdExpiresAtMs === undefined || b.holdExpiresAtMs > nowMs);
    });
  }

  /**
   * The time a booking takes from its owner: `[start − bufferBefore, end + bufferAfter)` with the
   * buffers stored on the booking, so buffers protect both sides.
   */
  private occupation(b: ExistingBooking): Span {
    return {
      fromMs: b.startsAtMs - minutes(b.bufferBeforeMin) * MINUTE_MS,
      toMs: b.endsAtMs + minutes(b.bufferAfterMin) * MINUTE_MS,
    };
  }

  /**
   * How many occupants among `bookings` take some minute of `[fromMs, toMs)`: docs/decisions.md
   * "Seats": the bookings of one session (booked seated, same service and start) are one
   * occupant, taking every minute any of them takes; any other booking is one.
   */
  private countOccupying(bookings: readonly ExistingBooking[], fromMs: number, toMs: number): number {
    const occupants = new Map<string, ExistingBooking[]>();
    bookings.forEach((b, i) => {
      const key = isSeated(b) ? `session ${b.serviceId} ${b.startsAtMs}` : `booking ${i}`;
      occupants.set(key, [...(occupants.get(key) ?? []), b]);
    });
    return [...occupants.values()].filter((members) =>
      someMinute(fromMs, toMs, (t) => members.some((b) => inside(t, this.occupation(b)))),
    ).length;
  }

  /** The service's bookings of a session at `start` among `bookings` (the owner's). */
  private sessionMates(bookings: readonly ExistingBooking[], start: number): ExistingBooking[] {
    if (this.seats === 1) return [];
    const { serviceId } = this.query.schedule.service;
    return bookings.filter((b) => b.serviceId === serviceId && isSeated(b) && b.startsAtMs === start);
  }

  /**
   * An owner's answer for the booking: not the occupants other than its session (fewer than
   * `capacity` overlapping), and enough seats left in the session; `null` when it cannot.
   */
  private seatsFor(
    theirs: readonly ExistingBooking[],
    start: number,
    busyFrom: number,
    busyTo: number,
    capacity: number,
    sessionOwner: boolean,
  ): { seatsLeft: number; mates: ExistingBooking[] } | null {
    const mates = sessionOwner ? this.sessionMates(theirs, start) : [];
    const others = theirs.filter((b) => !mates.includes(b));
    if (!(this.countOccupying(others, busyFrom, busyTo) < capacity)) return null;
    // Seats are counted on the session's owner only (a resource beside a staff member has none).
    if (!sessionOwner) return { seatsLeft: 1, mates };
    const seatsLeft = this.seats - mates.reduce((sum, b) => sum + partyOf(b), 0);
    return this.party <= seatsLeft ? { seatsLeft, mates } : null;
  }

  /**
   * Own hours: every minute of the slot inside the owner's hours: an override's windows on its
   * date (a date of `ownerZone`), its own rules otherwise, or the tenant's hours when it has no
   * rules; `null` = neither rules nor overrides (the tenant's hours, checked already).
   */
  private ownHours(
    ownerType: 'staff' | 'resource',
    id: string,
    ownerZone: string,
    start: number,
    end: number,
  ): boolean | null {
    const own = this.ownOccurrencesOf(ownerType, id, ownerZone);
    const key = `${ownerType}:${id}`;
    if (!this.ownOverrides.has(key)) {
      const theirs = (this.query.schedule.dateOverrides ?? []).filter(
        (o) => o.ownerType === ownerType && o.ownerId === id,
      );
      this.ownOverrides.set(key, this.overridesOf(theirs, ownerZone));
    }
    const overrides = this.ownOverrides.get(key) as Map<DayNumber, Span[]>;
    if (own === null && overrides.size === 0) return null;
    return everyMinute(start, end, (t) => {
      const spans = this.overrideAt(overrides, ownerZone, t);
      if (spans) return spans.some((s) => inside(t, s));
      return own === null ? this.tenantOpenAt(t) : own.some((o) => inside(t, o));
    });
  }

  /** A staff member's answer (seatsFor), or null: inactive, outside their hours, blocked, taken, full, at the daily limit. */
  private staffFit(id: string, start: number, end: number, busyFrom: number, busyTo: number) {
    const { schedule } = this.query;
    const record = schedule.staff.find((s) => s.staffId === id);
    if (!record || record.status !== 'active') return null;
    // Without rules of their own they work the tenant's hours; with rules, only within them. A
    // rule without a zone is in the staff member's zone, else the tenant's.
    const staffZone = record.timezone || schedule.timezone;
    if (this.ownHours('staff', id, staffZone, start, end) === false) return null;
    if (someMinute(start, end, (t) => this.blockedAt('staff', id, t))) return null;
    // A collective booking occupies every staff member it names.
    const theirs = this.occupyingBookings.filter((b) => b.staffId === id || (b.staffIds ?? []).includes(id));
    const fit = this.seatsFor(theirs, start, busyFrom, busyTo, 1, this.sessionOwner === 'staff');
    if (!fit) return null;
    // docs/decisions.md "Service policies": fewer occupying bookings of this service than the
    // limit start on the civil date, in the staff member's zone, that the slot starts on; a
    // session's bookings count once, and joining a session adds none.
    const limit = minutes(schedule.service.maxBookingsPerDay);
    if (limit === 0 || fit.mates.length > 0) return fit;
    const z = zone(staffZone);
    const sameDay = theirs.filter(
      (b) => b.serviceId === schedule.service.serviceId && localDayOf(z, b.startsAtMs) === localDayOf(z, start),
    );
    const days = new Set(sameDay.map((b, i) => (isSeated(b) ? `session ${b.startsAtMs}` : `booking ${i}`)));
    return days.size < limit ? fit : null;
  }

  private resourceFit(id: string, start: number, end: number, busyFrom: number, busyTo: number) {
    const { schedule } = this.query;
    const record = schedule.resources.find((r) => r.resourceId === id);
    if (!record || record.status !== 'active') return null;
    if (this.ownHours('resource', id, schedule.timezone, start, end) === false) return null;
    if (someMinute(start, end, (t) => this.blockedAt('resource', id, t))) return null;
    const theirs = this.occupyingBookings.filter((b) => b.resourceId === id);
    // "Fewer than its capacity": a capacity that is not a number has no room.
    return this.seatsFor(theirs, start, busyFrom, busyTo, record.capacity, this.sessionOwner === 'resource');
  }

  /**
   * On the service's grid: `open + k × slotInterval` of a tenant rule occurrence the start lies in,
   * or, on a date the tenant overrides, of a window of the override (it opens where it starts).
   */
  private aligned(start: number): boolean {
    const spans = this.overrideAt(this.tenantOverrides, this.query.schedule.timezone, start);
    if (spans) return spans.some((s) => inside(start, s) && (start - s.fromMs) % this.stepMs === 0);
    return this.tenantOccurrences.some((o) => inside(start, o) && (start - o.openMs) % this.stepMs === 0);
  }

  /** docs/decisions.md "Availability"; the grid first, since most minutes are not on it. */
  verdict(start: number): ReferenceVerdict {
    const { schedule } = this.query;
    const { service } = schedule;
    const end = start + this.durationMs;
    if (!this.aligned(start)) return { free: false, reason: 'misaligned' };
    if (start < this.earliestMs) return { free: false, reason: 'too_soon' };
    if (start > this.latestMs) return { free: false, reason: 'too_far' };
    if (!everyMinute(start, end, (t) => this.tenantOpenAt(t))) return { free: false, reason: 'outside_hours' };
    if (someMinute(start, end, (t) => this.holidays.some((h) => inside(t, h))))
      return { free: false, reason: 'holiday' };
    if (someMinute(start, end, (t) => this.blockedAt('tenant', null, t))) return { free: false, reason: 'blocked' };

    const busyFrom = start - this.bufferBeforeMs;
    const busyTo = end + this.bufferAfterMs;
    const staffIds = [...new Set(service.staffIds)];
    const resourceIds = [...new Set(service.resourceIds)];
    const seated = this.seats > 1;
    const resourceFits = new Map(
      resourceIds.flatMap((id) => {
        const fit = this.resourceFit(id, start, end, busyFrom, busyTo);
        return fit ? [[id, fit] as const] : [];
      }),
    );
    const freeResourceIds = [...resourceFits.keys()];
    if (staffIds.length > 0 && service.assignment === 'collective') {
      // docs/decisions.md "Staff assignment": every listed staff member takes the booking.
      if (!staffIds.every((id) => this.staffFit(id, start, end, busyFrom, busyTo))) {
        return { free: false, reason: 'no_staff' };
      }
      if (resourceIds.length > 0 && freeResourceIds.length === 0) return { free: false, reason: 'no_resource' };
      return {
        free: true,
        staffId: staffIds[0]!,
        staffIds,
        ...(freeResourceIds[0] !== undefined ? { resourceId: freeResourceIds[0] } : {}),
        freeStaffIds: staffIds,
        freeResourceIds,
      };
    }
    if (staffIds.length > 0) {
      // A staff member is usable when a resource is there for the booking: the session's own
      // (joining it), else a free one.
      const sessionResource = (mates: readonly ExistingBooking[]) =>
        mates.find((b) => b.resourceId !== undefined)?.resourceId;
      const usable = staffIds.flatMap((id) => {
        const fit = this.staffFit(id, start, end, busyFrom, busyTo);
        if (!fit) return [];
        const resourceId = sessionResource(fit.mates) ?? freeResourceIds[0];
        if (resourceIds.length > 0 && resourceId === undefined) return [];
        return [{ id, fit, resourceId }];
      });
      if (usable.length === 0)
        return {
          free: false,
          reason: freeResourceIds.length === 0 && resourceIds.length > 0 ? 'no_resource' : 'no_staff',
        };
      const { preferredStaffId } = this.query;
      const chosen =
        usable.find((u) => u.id === preferredStaffId) ??
        (seated ? usable.find((u) => u.fit.mates.length > 0) : undefined) ??
        (service.assignment === 'round_robin' ? this.leastBooked(usable, start) : undefined) ??
        (usable[0] as (typeof usable)[number]);
      return {
        free: true,
        staffId: chosen.id,
        ...(chosen.resourceId !== undefined ? { resourceId: chosen.resourceId } : {}),
        ...(seated ? { seatsLeft: Math.max(...usable.map((u) => u.fit.seatsLeft)) } : {}),
        freeStaffIds: usable.map((u) => u.id),
        freeResourceIds,
      };
    }
    if (resourceIds.length > 0) {
      if (freeResourceIds.length === 0) return { free: false, reason: 'no_resource' };
      const fits = [...resourceFits.entries()];
      const chosen = (seated ? fits.find(([, fit]) => fit.mates.length > 0) : undefined) ?? fits[0]!;
      return {
        free: true,
        resourceId: chosen[0],
        ...(seated ? { seatsLeft: Math.max(...fits.map(([, fit]) => fit.seatsLeft)) } : {}),
        freeStaffIds: [],
        freeResourceIds,
      };
    }
    const ofService = this.occupyingBookings.filter((b) => b.serviceId === service.serviceId);
    const fit = this.seatsFor(ofService, start, busyFrom, busyTo, 1, true);
    if (!fit) return { free: false, reason: 'taken' };
    return { free: true, ...(seated ? { seatsLeft: fit.seatsLeft } : {}), freeStaffIds: [], freeResourceIds: [] };
  }

  /**
   * docs/decisions.md "Staff assignment", round_robin: of `usable` (in the service's order), the
   * one with the fewest bookings of the service starting within 7 days either side of `start` (a
   * session's once) for their weight, then the one whose latest such booking was made longest ago
   * (none: longest of all), then the first.
   */
  private leastBooked<U extends { id: string }>(usable: readonly U[], start: number): U | undefined {
    const { serviceId, staffWeights } = this.query.schedule.service;
    const week = 7 * DAY_MS;
    const weight = (id: string) => {
      const w = staffWeights && Object.hasOwn(staffWeights, id) ? staffWeights[id] : undefined;
      return w !== undefined && Number.isFinite(w) && w > 0 ? w : 1;
    };
    const stats = (id: string) => {
      const theirs = this.occupyingBookings.filter(
        (b) =>
          (b.staffId === id || (b.staffIds ?? []).includes(id)) &&
          b.serviceId === serviceId &&
          start - week <= b.startsAtMs &&
          b.startsAtMs < start + week,
      );
      const units = new Set(theirs.map((b) => (isSeated(b) ? `session ${b.startsAtMs}` : `booking ${b.bookingId}`)));
      const last = Math.max(Number.NEGATIVE_INFINITY, ...theirs.map((b) => b.createdAtMs ?? Number.NEGATIVE_INFINITY));
      return { count: units.size, last };
    };
    let best: U | undefined;
    for (const u of usable) {
      if (best === undefined) {
        best = u;
        continue;
      }
      const a = stats(u.id);
      const b = stats(best.id);
      const left = a.count * weight(best.id);
      const right = b.count * weight(u.id);
      if (left < right || (left === right && a.last < b.last)) best = u;
    }
    return best;
  }

  /** Every free start in `[fromMs, toMs)`, walking the window minute by minute. */
  freeStarts(fromMs: number, toMs: number): number[] {
    const out: number[] = [];
    const first = Math.ceil(fromMs / MINUTE_MS) * MINUTE_MS;
    for (let t = first; t < toMs; t += MINUTE_MS) if (this.verdict(t).free) out.push(t);
    return out;
  }

  get slotDurationMs(): number {
    return this.durationMs;
  }
}

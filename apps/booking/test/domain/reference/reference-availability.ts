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

export type ReferenceVerdict =
  { free: true; freeStaffIds: string[]; freeResourceIds: string[] } | { free: false; reason: string };

export interface ReferenceQuery {
  schedule: ScheduleInput;
  bookings: readonly ExistingBooking[];
  nowMs: number;
  ignoreBookingId?: string | undefined;
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

  /** `confirmed`, or `held` with a hold still running (or no expiry at all); not the ignored booking. */
  private occupying(): ExistingBooking[] {
    const { bookings, nowMs, ignoreBookingId } = this.query;
    return bookings.filter((b) => {
      if (ignoreBookingId !== undefined && b.bookingId === ignoreBookingId) return false;
      if (b.status === 'confirmed') return true;
      return b.status === 'held' && (b.holdExpiresAtMs === undefined || b.holdExpiresAtMs > nowMs);
    });
  }

  /**
   * The time a booking takes from its owner: `[start − bufferBefore, end + bufferAfter)` with the
   * buffers stored on the booking, so buffers protect both sides. A booking without length is
   * malformed and takes none.
   */
  private occupation(b: ExistingBooking): Span {
    if (!(b.endsAtMs > b.startsAtMs)) return { fromMs: 0, toMs: 0 };
    return {
      fromMs: b.startsAtMs - minutes(b.bufferBeforeMin) * MINUTE_MS,
      toMs: b.endsAtMs + minutes(b.bufferAfterMin) * MINUTE_MS,
    };
  }

  /** How many of `bookings` occupy some minute of `[fromMs, toMs)`. */
  private countOccupying(bookings: readonly ExistingBooking[], fromMs: number, toMs: number): number {
    return bookings.filter((b) => {
      const span = this.occupation(b);
      return someMinute(fromMs, toMs, (t) => inside(t, span));
    }).length;
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

  private staffFree(id: string, start: number, end: number, busyFrom: number, busyTo: number): boolean {
    const { schedule } = this.query;
    const record = schedule.staff.find((s) => s.staffId === id);
    if (!record || record.status !== 'active') return false;
    // Without rules of their own they work the tenant's hours; with rules, only within them. A
    // rule without a zone is in the staff member's zone, else the tenant's.
    const staffZone = record.timezone || schedule.timezone;
    if (this.ownHours('staff', id, staffZone, start, end) === false) return false;
    if (someMinute(start, end, (t) => this.blockedAt('staff', id, t))) return false;
    const theirs = this.occupyingBookings.filter((b) => b.staffId === id);
    if (this.countOccupying(theirs, busyFrom, busyTo) > 0) return false;
    // docs/decisions.md "Service policies": fewer occupying bookings of this service than the
    // limit start on the civil date, in the staff member's zone, that the slot starts on (a
    // booking without length is malformed and counts for nothing).
    const limit = minutes(schedule.service.maxBookingsPerDay);
    if (limit === 0) return true;
    const z = zone(staffZone);
    const sameDay = theirs.filter(
      (b) =>
        b.serviceId === schedule.service.serviceId &&
        b.endsAtMs > b.startsAtMs &&
        localDayOf(z, b.startsAtMs) === localDayOf(z, start),
    );
    return sameDay.length < limit;
  }

  private resourceFree(id: string, start: number, end: number, busyFrom: number, busyTo: number): boolean {
    const { schedule } = this.query;
    const record = schedule.resources.find((r) => r.resourceId === id);
    if (!record || record.status !== 'active') return false;
    if (this.ownHours('resource', id, schedule.timezone, start, end) === false) return false;
    if (someMinute(start, end, (t) => this.blockedAt('resource', id, t))) return false;
    const theirs = this.occupyingBookings.filter((b) => b.resourceId === id);
    // "Fewer than its capacity": a capacity that is not a number has no room.
    return this.countOccupying(theirs, busyFrom, busyTo) < record.capacity;
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
    const freeStaffIds = staffIds.filter((id) => this.staffFree(id, start, end, busyFrom, busyTo));
    const freeResourceIds = resourceIds.filter((id) => this.resourceFree(id, start, end, busyFrom, busyTo));
    if (staffIds.length > 0 && freeStaffIds.length === 0) return { free: false, reason: 'no_staff' };
    if (resourceIds.length > 0 && freeResourceIds.length === 0) return { free: false, reason: 'no_resource' };
    if (staffIds.length === 0 && resourceIds.length === 0) {
      const ofService = this.occupyingBookings.filter((b) => b.serviceId === service.serviceId);
      if (this.countOccupying(ofService, busyFrom, busyTo) > 0) return { free: false, reason: 'taken' };
    }
    return { free: true, freeStaffIds, freeResourceIds };
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

/**
 * Which events of an iCalendar object keep their owner busy, and when (docs/decisions.md
 * "Integrations", "Events that block"): ical.js reads the object and walks the recurrence rules
 * (ical-recurrence.ts: from near the window, whatever the series' age); the instants follow
 * RFC 5545 with the IANA rules (times in a DST gap or overlap, every occurrence as long as
 * DTEND - DTSTART). The CalDAV provider's reading of a calendar-query.
 *
 * Zones ("Floating and unknown zones"): a time with a TZID the object defines by a VTIMEZONE is
 * read by that VTIMEZONE, unless the TZID is an IANA name (then by the IANA rules); a TZID
 * without one is an IANA name, or a Windows or other known name of one (ical-zones.ts); a
 * floating time (no Z, no TZID) and a TZID nobody knows are wall-clock times of `timeZone`, the
 * staff member's (else the tenant's). Nothing here depends on the process's own zone.
 */
import ICAL from 'ical.js';
import { wallClockAt, wallClockInstant, wallClockMs, wallClockOf, type WallClockTime } from '@svc/wall-clock';
import { canonicalTimeZone, DAY_MS, isIanaTimeZone, normalizeTimeZone } from '@svc/rules';
import type { BusyEvent } from '../../providers/provider.js';
import { ianaZoneOfTzid } from './ical-zones.js';
import { STEP_BUDGET, walkRule, WalkLimitError, type Budget, type RuleWalk } from './ical-recurrence.js';

/** Where a series' walk stopped at its bound: before the window (all of it blocked) or inside it. */
export type WalkLimitWhere = 'before_window' | 'in_window';

export interface BusyReadOptions {
  /** The account's address: invitations it declined never block. */
  account?: string;
  /** The zone of floating times (the staff member's, else the tenant's); UTC when not said or not a zone. */
  timeZone?: string;
  /** Told of each series whose walk reached its bound before the end of the window (`STEP_BUDGET`). */
  onWalkLimit?: (where: WalkLimitWhere) => void;
}

/**
 * The events of an iCalendar object that may keep `account` busy within [fromMs, toMs)
 * (docs/decisions.md "Integrations", "Events that block"): VEVENTs and their occurrences,
 * recurrences expanded in the event's own zone (RRULE with COUNT or UNTIL, BYxxx parts, RDATE,
 * EXDATE, occurrences moved or changed by RECURRENCE-ID), leaving out transparent and cancelled
 * ones and those `account` declined as an attendee. All-day events (DTSTART;VALUE=DATE) keep
 * their dates; they are looked for a day either side of the window, as their local days may
 * reach it in any zone. A series whose walk reaches its bound blocks the window from the last
 * occurrence it knows on (never leaves it free). An unparsable object blocks nothing (the
 * calendar's owner sees it in their own client).
 */
export function busyEvents(ics: string, fromMs: number, toMs: number, options: BusyReadOptions = {}): BusyEvent[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return [];
  }
  const read: Reading = {
    fromMs,
    toMs,
    account: options.account ?? '',
    floating: (options.timeZone !== undefined ? normalizeTimeZone(options.timeZone) : null) ?? 'UTC',
    onWalkLimit: options.onWalkLimit ?? (() => {}),
  };
  const out: BusyEvent[] = [];
  const vevents = root.getAllSubcomponents('vevent');
  for (const vevent of vevents) {
    // Overrides of single occurrences (RECURRENCE-ID) are read with their master, unless there
    // is no master in the object (an invitation to one occurrence).
    const uid = vevent.getFirstPropertyValue('uid');
    const override = vevent.hasProperty('recurrence-id');
    if (override && vevents.some((v) => isMasterOf(v, uid))) continue;
    try {
      if (!override && (vevent.hasProperty('rrule') || vevent.hasProperty('rdate'))) {
        // In the order of their starts.
        out.push(...seriesOf(vevent, vevents, read).sort((a, b) => a.startsAtMs - b.startsAtMs));
      } else {
        single(vevent, read, out);
      }
    } catch {
      // One malformed event (a bad rule, a date ical.js cannot read) blocks nothing; the others still do.
    }
  }
  return out;
}

interface Reading {
  fromMs: number;
  toMs: number;
  account: string;
  floating: string;
  onWalkLimit: (where: WalkLimitWhere) => void;
}

/** An event without recurrence, or an override: its own DTSTART and DTEND (or DURATION). */
function single(vevent: ICAL.Component, read: Reading, out: BusyEvent[]): void {
  const event = new ICAL.Event(vevent, { strictExceptions: false });
  add(out, vevent, event.startDate, event.endDate ?? null, read);
}

/**
 * A recurring event (`master`) and its overrides among `vevents`: each override by its own times
 * unless EXDATE removes the occurrence it replaces, and the master's other occurrences that
 * reach the window.
 */
function seriesOf(master: ICAL.Component, vevents: ICAL.Component[], read: Reading): BusyEvent[] {
  const out: BusyEvent[] = [];
  const startProp = master.getFirstProperty('dtstart');
  const dtstart = startProp?.getFirstValue() as ICAL.Time | null;
  if (!startProp || !dtstart) return out;
  const series = new Series(master, startProp, dtstart, read.floating);

  const overrides = vevents.filter((v) => v !== master && v.hasProperty('recurrence-id') && sameUid(v, master));
  // The occurrences overrides replace, by reading and, for one named on another clock, by instant
  // (a UTC RECURRENCE-ID of a time a DST change skips names its instant, not its reading).
  const replaced = new Set<number>();
  const replacedAt = new Set<number>();
  const rangeOverrides: ICAL.Component[] = [];
  for (const override of overrides) {
    const idProp = override.getFirstProperty('recurrence-id')!;
    const idValue = idProp.getFirstValue() as ICAL.Time;
    const id = series.wallMsOfValue(idValue, idProp);
    const idMs = series.otherClockInstant(idValue, idProp);
    if (series.excluded(id, idMs ?? series.startMs(id))) continue;
    replaced.add(id);
    if (idMs !== null) replacedAt.add(idMs);
    if (upper(idProp.getParameter('range')) === 'THISANDFUTURE') rangeOverrides.push(override);
    single(override, read, out);
  }

  const showAs = showAsOf(master, read.account);
  if (showAs === null && rangeOverrides.length === 0) return out;
  // Occurrences moved by a THISANDFUTURE override are ical.js's to place (getOccurrenceDetails).
  let event: ICAL.Event | null = null;
  if (rangeOverrides.length > 0) {
    event = new ICAL.Event(master, { strictExceptions: false });
    for (const override of overrides) event.relateException(override);
  }

  const occurrence = (wallMs: number, lengthMs?: number, knownStartMs?: number) => {
    const startMs = knownStartMs ?? series.startMs(wallMs);
    if (series.excluded(wallMs, startMs) || replaced.has(wallMs) || replacedAt.has(startMs)) return;
    if (event !== null) {
      const details = event.getOccurrenceDetails(series.timeOf(wallMs));
      if (details.item.component !== master) {
        // One ical.js takes for an override this reading did not (already added above).
        if (!rangeOverrides.includes(details.item.component)) return;
        add(out, details.item.component, details.startDate, details.endDate ?? null, read);
        return;
      }
    }
    if (showAs !== null) series.push(out, wallMs, showAs, read, lengthMs, startMs);
  };

  // RDATEs (each a start, or a PERIOD with its own length), and DTSTART when there is no RRULE.
  const seen = new Set<number>();
  const rules = master.getAllProperties('rrule');
  if (rules.length === 0) {
    seen.add(wallClockMs(dtstart));
    occurrence(wallClockMs(dtstart));
  }
  for (const prop of master.getAllProperties('rdate')) {
    for (const value of prop.getValues() as Array<ICAL.Time | ICAL.Period>) {
      const start = value instanceof ICAL.Period ? value.start : value;
      const at = series.wallMsOfValue(start, prop);
      if (seen.has(at)) continue;
      seen.add(at);
      const lengthMs =
        value instanceof ICAL.Period && !start.isDate
          ? series.instantOfValue(value.getEnd(), prop) - series.instantOfValue(start, prop)
          : undefined;
      occurrence(at, lengthMs);
    }
  }

  // The rules, from near the window on; a THISANDFUTURE override may move occurrences from
  // anywhere before, so then from DTSTART. Walked on the wall clock (RFC 5545 expands before
  // placing in time; ical.js walking a VTIMEZONE's times would leave out one a DST change skips).
  const budget: Budget = { left: STEP_BUDGET };
  const wallStart = ICAL.Time.fromData({ ...wallClockAt(wallClockMs(dtstart)), isDate: dtstart.isDate });
  const fromWallMs = rangeOverrides.length > 0 ? -Infinity : series.earliestWallMs(read.fromMs);
  const beyondMs = read.toMs + DAY_MS;
  for (const prop of rules) {
    const { rule, untilMs } = series.ruleOf(prop);
    // Setting a walk up spends steps too (COUNT's first periods): one that cannot be set up knows
    // nothing after DTSTART, and blocks from there (an earlier RRULE may have spent the budget).
    let walk: RuleWalk = { next: () => null, knownUntilWallMs: wallClockMs(dtstart) };
    try {
      walk = walkRule(rule, wallStart, fromWallMs, budget);
      for (let time = walk.next(); time; time = walk.next()) {
        const at = wallClockMs(time);
        const startMs = series.startMs(at);
        if (startMs >= beyondMs || startMs > untilMs) break;
        if (seen.has(at)) continue;
        seen.add(at);
        occurrence(at, undefined, startMs);
      }
    } catch (err) {
      if (!(err instanceof WalkLimitError)) throw err;
      limitReached(walk, series, untilMs, showAs ?? 'busy', read, out);
    }
  }
  return out;
}

/**
 * A walk that spent its budget: every occurrence before where it stood is known, so the
 * window is blocked from there to its end (docs/decisions.md "Integrations", "Series of any age").
 */
function limitReached(
  walk: RuleWalk,
  series: Series,
  untilMs: number,
  showAs: BusyEvent['showAs'],
  read: Reading,
  out: BusyEvent[],
) {
  const known = walk.knownUntilWallMs;
  if (!Number.isFinite(known)) return;
  const knownMs = series.startMs(known);
  const fromMs = Math.max(read.fromMs, knownMs);
  // Nothing unknown is left in the window, or UNTIL ended the series before.
  if (fromMs >= read.toMs || knownMs > untilMs) return;
  out.push({ startsAtMs: fromMs, endsAtMs: read.toMs, showAs });
  read.onWalkLimit(fromMs > read.fromMs ? 'in_window' : 'before_window');
}

/** A series' clock, length and EXDATEs: where its wall-clock readings are in time. */
class Series {
  private readonly allDay: boolean;
  /** The IANA zone of its wall clock, or null when ical.js places its times (UTC, a VTIMEZONE of the object). */
  private readonly zone: string | null;
  private readonly exdates = new Set<number>();
  /** EXDATEs on another clock than DTSTART's, by instant as well. */
  private readonly exInstants = new Set<number>();
  /** Dates excluded whole from a timed series (EXDATE;VALUE=DATE). */
  private readonly exdays = new Set<number>();
  /** A timed occurrence's length: DTEND − DTSTART exactly, or DURATION (days on the wall clock, then its time). */
  private readonly exactMs: number;
  private readonly nominalDays: number;
  /** An all-day occurrence's length in days. */
  private readonly days: number;

  constructor(
    master: ICAL.Component,
    private readonly startProp: ICAL.Property,
    private readonly dtstart: ICAL.Time,
    private readonly floating: string,
  ) {
    this.allDay = dtstart.isDate;
    this.zone = this.allDay ? null : wallZoneOf(dtstart, startProp, floating);
    for (const prop of master.getAllProperties('exdate')) {
      for (const value of prop.getValues() as ICAL.Time[]) {
        if (value.isDate && !this.allDay) this.exdays.add(Date.UTC(value.year, value.month - 1, value.day));
        else this.exdates.add(this.wallMsOfValue(value, prop));
        const at = this.otherClockInstant(value, prop);
        if (at !== null) this.exInstants.add(at);
      }
    }
    const endProp = master.getFirstProperty('dtend');
    const end = endProp?.getFirstValue() as ICAL.Time | undefined;
    const duration = master.getFirstPropertyValue('duration') as ICAL.Duration | null;
    let exactMs = 0;
    let nominalDays = 0;
    let days = 1;
    if (end && endProp) {
      if (this.allDay) days = Math.max(1, Math.round((wallClockMs(end) - wallClockMs(dtstart)) / DAY_MS));
      else exactMs = this.instantOfValue(end, endProp) - this.instantOfValue(dtstart, startProp);
    } else if (duration && !duration.isNegative) {
      nominalDays = duration.weeks * 7 + duration.days;
      exactMs = ((duration.hours * 60 + duration.minutes) * 60 + duration.seconds) * 1_000;
      if (this.allDay) days = Math.max(1, nominalDays);
    }
    this.exactMs = exactMs;
    this.nominalDays = nominalDays;
    this.days = days;
  }

  /**
   * The rule of an RRULE property, to walk on the wall clock, and the instant its UNTIL bounds
   * it by: a UTC UNTIL of a timed series is an instant (RFC 5545 3.3.10, inclusive), applied to
   * the occurrences' instants rather than compared with their readings; a date or a floating
   * UNTIL stays in the rule, a reading like theirs.
   */
  ruleOf(prop: ICAL.Property): { rule: ICAL.Recur; untilMs: number } {
    const rule = (prop.getFirstValue() as ICAL.Recur).clone();
    const until = rule.until;
    if (until && !until.isDate && !this.allDay && until.zone === ICAL.Timezone.utcTimezone) {
      rule.until = null;
      return { rule, untilMs: until.toUnixTime() * 1_000 };
    }
    if (until && !until.isDate && !this.allDay) rule.until = ICAL.Time.fromData(wallClockAt(wallClockMs(until)));
    return { rule, untilMs: Infinity };
  }

  /** The wall-clock ms, on the series' clock, of a value of `prop` (an EXDATE, RDATE, RECURRENCE-ID). */
  wallMsOfValue(value: ICAL.Time, prop: ICAL.Property): number {
    if (value.isDate || this.allDay) return Date.UTC(value.year, value.month - 1, value.day);
    if (sameClock(value, prop, this.dtstart, this.startProp)) return wallClockMs(value);
    return wallClockMs(this.wallOfInstant(this.instantOfValue(value, prop)));
  }

  instantOfValue(value: ICAL.Time, prop: ICAL.Property | null): number {
    return instantOf(value, prop, this.floating);
  }

  /**
   * The instant of a date-time value (EXDATE, RECURRENCE-ID) written on another clock than
   * DTSTART (UTC beside a TZID): it names an occurrence by instant. Null for one on DTSTART's clock.
   */
  otherClockInstant(value: ICAL.Time, prop: ICAL.Property): number | null {
    if (this.allDay || value.isDate || sameClock(value, prop, this.dtstart, this.startProp)) return null;
    return this.instantOfValue(value, prop);
  }

  /** Whether EXDATE removes the occurrence at this reading (starting at `startMs`). */
  excluded(wallMs: number, startMs: number): boolean {
    return (
      this.exdates.has(wallMs) ||
      this.exInstants.has(startMs) ||
      (!this.allDay && this.exdays.has(Math.floor(wallMs / DAY_MS) * DAY_MS))
    );
  }

  /**
   * The earliest wall-clock start whose occurrence can reach a window from `fromMs`: an all-day
   * one a day before it (any zone), a timed one its length before, read on the series' clock,
   * with three hours to spare for a clock change.
   */
  earliestWallMs(fromMs: number): number {
    if (this.allDay) return fromMs - (this.days + 2) * DAY_MS;
    const lengthMs = Math.max(0, this.exactMs) + (this.nominalDays > 0 ? (this.nominalDays + 1) * DAY_MS : 0);
    return wallClockMs(this.wallOfInstant(fromMs - lengthMs)) - 3 * 3_600_000;
  }

  /** The instant an occurrence starting at a wall-clock reading starts (an all-day one: its date's UTC midnight). */
  startMs(wallMs: number): number {
    if (this.allDay) return wallMs;
    return this.instantOfWall(wallClockAt(wallMs));
  }

  /** The ical.js time of a reading, in DTSTART's form. */
  timeOf(wallMs: number): ICAL.Time {
    return ICAL.Time.fromData({ ...wallClockAt(wallMs), isDate: this.allDay }, this.dtstart.zone);
  }

  /** The occurrence starting at `wallMs`, lasting the series' length (or `lengthMs`), when it reaches the window. */
  push(
    out: BusyEvent[],
    wallMs: number,
    showAs: BusyEvent['showAs'],
    read: Reading,
    lengthMs?: number,
    knownStartMs?: number,
  ): void {
    if (this.allDay) {
      const startDate = new Date(wallMs).toISOString().slice(0, 10);
      const endsAtMs = wallMs + this.days * DAY_MS;
      const endDate = new Date(endsAtMs).toISOString().slice(0, 10);
      // Within a day of the window: its local days may reach it in some zone.
      if (endsAtMs > read.fromMs - DAY_MS && wallMs < read.toMs + DAY_MS) {
        out.push({ startsAtMs: wallMs, endsAtMs, allDay: { startDate, endDate }, showAs });
      }
      return;
    }
    const startsAtMs = knownStartMs ?? this.startMs(wallMs);
    let endsAtMs: number;
    if (lengthMs !== undefined) endsAtMs = startsAtMs + lengthMs;
    else if (this.nominalDays > 0) endsAtMs = this.startMs(wallMs + this.nominalDays * DAY_MS) + this.exactMs;
    else endsAtMs = startsAtMs + this.exactMs;
    pushTimed(out, showAs, startsAtMs, endsAtMs, read.fromMs, read.toMs);
  }

  private instantOfWall(wall: WallClockTime): number {
    if (this.zone !== null) return wallClockInstant(wall, this.zone);
    if (this.dtstart.zone === ICAL.Timezone.utcTimezone) return wallClockMs(wall);
    return ICAL.Time.fromData(wall, this.dtstart.zone).toUnixTime() * 1_000;
  }

  private wallOfInstant(ms: number): WallClockTime {
    if (this.zone !== null) return wallClockOf(ms, this.zone);
    if (this.dtstart.zone === ICAL.Timezone.utcTimezone || !this.dtstart.zone) return wallClockAt(ms);
    const t = ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(this.dtstart.zone);
    return { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second };
  }
}

/** Whether two date-times read the same clock (both UTC, or the same TZID or none), so their fields compare as they are. */
function sameClock(a: ICAL.Time, aProp: ICAL.Property, b: ICAL.Time, bProp: ICAL.Property): boolean {
  const utcA = a.zone === ICAL.Timezone.utcTimezone;
  const utcB = b.zone === ICAL.Timezone.utcTimezone;
  if (utcA || utcB) return utcA && utcB;
  return (aProp.getParameter('tzid') ?? '') === (bProp.getParameter('tzid') ?? '');
}

/**
 * The IANA zone whose wall clock a date-time of `prop` reads (see the top of this file), or
 * null when ical.js places it itself: UTC, or a VTIMEZONE of the object for a TZID that is not
 * an IANA name.
 */
function wallZoneOf(time: ICAL.Time, prop: ICAL.Property | null, floating: string): string | null {
  if (time.zone === ICAL.Timezone.utcTimezone) return null;
  const tzid = prop?.getParameter('tzid');
  if (typeof tzid === 'string' && tzid !== '') {
    // Canonical: the zone clock keeps a formatter per zone, and a calendar may spell one zone many ways.
    if (isIanaTimeZone(tzid)) return canonicalTimeZone(tzid);
    if (time.zone && time.zone !== ICAL.Timezone.localTimezone) return null;
    return ianaZoneOfTzid(tzid) ?? floating;
  }
  return floating;
}

/**
 * The instant of a date-time of `prop` as RFC 5545 (3.3.5) places it: a local time of an IANA
 * zone by the IANA rules, a time the zone skips with the offset before the gap, a repeated one
 * at its first occurrence; UTC and a VTIMEZONE's zone as ical.js reads them. A date: its UTC
 * midnight.
 */
function instantOf(time: ICAL.Time, prop: ICAL.Property | null, floating: string): number {
  if (time.isDate) return Date.UTC(time.year, time.month - 1, time.day);
  const zone = wallZoneOf(time, prop, floating);
  return zone === null ? time.toUnixTime() * 1_000 : wallClockInstant(time, zone);
}

/** One event or occurrence, as `component` (the master or its override) describes it. */
function add(out: BusyEvent[], component: ICAL.Component, start: ICAL.Time, end: ICAL.Time | null, read: Reading) {
  const showAs = showAsOf(component, read.account);
  if (showAs === null) return;
  if (start.isDate) {
    // DTEND absent: one day (RFC 5545 3.6.1).
    const last = end && end.compare(start) > 0 ? end : dayAfter(start);
    const startDate = start.toString().slice(0, 10);
    const endDate = last.toString().slice(0, 10);
    const startsAtMs = Date.parse(`${startDate}T00:00:00Z`);
    const endsAtMs = Date.parse(`${endDate}T00:00:00Z`);
    // Within a day of the window: its local days may reach it in some zone.
    if (endsAtMs > read.fromMs - DAY_MS && startsAtMs < read.toMs + DAY_MS) {
      out.push({ startsAtMs, endsAtMs, allDay: { startDate, endDate }, showAs });
    }
    return;
  }
  const startProp = component.getFirstProperty('dtstart');
  const startsAtMs = instantOf(start, startProp, read.floating);
  // An end from DURATION is on DTSTART's clock.
  const endProp = component.getFirstProperty('dtend') ?? startProp;
  const endsAtMs = end ? instantOf(end, endProp, read.floating) : startsAtMs;
  pushTimed(out, showAs, startsAtMs, endsAtMs, read.fromMs, read.toMs);
}

/** A timed event that lasts and overlaps the window. */
function pushTimed(
  out: BusyEvent[],
  showAs: BusyEvent['showAs'],
  startsAtMs: number,
  endsAtMs: number,
  fromMs: number,
  toMs: number,
): void {
  if (Number.isFinite(startsAtMs) && endsAtMs > startsAtMs && endsAtMs > fromMs && startsAtMs < toMs) {
    out.push({ startsAtMs, endsAtMs, showAs });
  }
}

/**
 * How an event or occurrence shows its owner: null when it never blocks (transparent,
 * cancelled, declined by `account`), tentative when it or the account's answer is.
 */
function showAsOf(component: ICAL.Component, account: string): BusyEvent['showAs'] | null {
  if (upper(component.getFirstPropertyValue('transp')) === 'TRANSPARENT') return null;
  const status = upper(component.getFirstPropertyValue('status'));
  if (status === 'CANCELLED') return null;
  const answer = partstatOf(component, account);
  if (answer === 'DECLINED') return null;
  return status === 'TENTATIVE' || answer === 'TENTATIVE' ? 'tentative' : 'busy';
}

function dayAfter(date: ICAL.Time): ICAL.Time {
  const next = date.clone();
  next.addDuration(ICAL.Duration.fromData({ days: 1 }));
  return next;
}

/** The account's answer to an invitation (PARTSTAT of the ATTENDEE that is the account), if any. */
function partstatOf(component: ICAL.Component, account: string): string {
  const me = account.trim().toLowerCase();
  if (me === '') return '';
  for (const attendee of component.getAllProperties('attendee')) {
    const address = String(attendee.getFirstValue() ?? '')
      .replace(/^mailto:/i, '')
      .toLowerCase();
    if (address === me) return upper(attendee.getParameter('partstat'));
  }
  return '';
}

const upper = (value: unknown): string => (typeof value === 'string' ? value.toUpperCase() : '');

function isMasterOf(vevent: ICAL.Component, uid: unknown): boolean {
  return !vevent.hasProperty('recurrence-id') && vevent.getFirstPropertyValue('uid') === uid;
}

function sameUid(a: ICAL.Component, b: ICAL.Component): boolean {
  return a.getFirstPropertyValue('uid') === b.getFirstPropertyValue('uid');
}

/**
 * Which events of an iCalendar object keep their owner busy, and when (docs/decisions.md
 * "Integrations", "Events that block"): ical.js reads the object and expands the recurrences;
 * the instants follow RFC 5545 with the IANA rules (times in a DST gap or overlap, every
 * occurrence as long as DTEND - DTSTART). The CalDAV provider's reading of a calendar-query.
 */
import ICAL from 'ical.js';
import { wallClockInstant, wallClockOf } from '@svc/ics';
import { DAY_MS, isIanaTimeZone } from '@svc/rules';
import type { BusyEvent } from './provider.js';

/** Recurring events are expanded at most this far (a rule without end stops at the window). */
const MAX_OCCURRENCES = 5_000;

/**
 * The events of an iCalendar object that may keep `account` busy within [fromMs, toMs)
 * (docs/decisions.md "Integrations", "Events that block"): VEVENTs and their occurrences,
 * recurrences expanded in the event's own zone (RRULE with COUNT or UNTIL, RDATE, EXDATE,
 * occurrences moved or changed by RECURRENCE-ID), leaving out transparent and cancelled ones
 * and those `account` declined as an attendee. All-day events (DTSTART;VALUE=DATE) keep their
 * dates; they are looked for a day either side of the window, as their local days may reach it
 * in any zone. An unparsable object blocks nothing (the calendar's owner sees it in their own
 * client).
 */
export function busyEvents(ics: string, fromMs: number, toMs: number, account = ''): BusyEvent[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return [];
  }
  const out: BusyEvent[] = [];
  const vevents = root.getAllSubcomponents('vevent');
  for (const vevent of vevents) {
    // Overrides of single occurrences (RECURRENCE-ID) are handled by the master's expansion,
    // unless there is no master in the object (an invitation to one occurrence).
    const uid = vevent.getFirstPropertyValue('uid');
    if (vevent.hasProperty('recurrence-id') && vevents.some((v) => isMasterOf(v, uid))) continue;
    try {
      occurrencesOf(root, vevent, fromMs, toMs, account, out);
    } catch {
      // One malformed event (a bad rule, a date ical.js cannot read) blocks nothing; the others still do.
    }
  }
  return out;
}

function occurrencesOf(
  root: ICAL.Component,
  vevent: ICAL.Component,
  fromMs: number,
  toMs: number,
  account: string,
  out: BusyEvent[],
): void {
  const zone = ianaZoneOf(vevent.getFirstProperty('dtstart'));
  if (zone) toWallClock(vevent, zone);
  const event = new ICAL.Event(vevent, { strictExceptions: false });
  if (!vevent.hasProperty('recurrence-id')) {
    for (const exception of root.getAllSubcomponents('vevent')) {
      if (exception !== vevent && exception.hasProperty('recurrence-id') && sameUid(exception, vevent)) {
        event.relateException(exception);
      }
    }
  }
  if (!event.isRecurring()) {
    add(out, vevent, event.startDate, event.endDate ?? null, fromMs, toMs, account);
    return;
  }
  // RFC 5545 3.8.5.3: with DTEND every occurrence lasts DTEND − DTSTART exactly.
  const lengthMs = event.endDate ? at(event.endDate, vevent, 'dtend') - at(event.startDate, vevent, 'dtstart') : 0;
  // All-day occurrences may lie a day before the window and still reach it in some zone.
  const reachFromMs = fromMs - DAY_MS;
  const beyondMs = toMs + DAY_MS;
  const it = event.iterator();
  let stoppedAtMs = Infinity;
  for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n++, next = it.next()) {
    // The series runs in the order of the occurrences' own starts (their RECURRENCE-IDs).
    const nextMs = at(next, vevent, 'dtstart');
    if (nextMs >= beyondMs) {
      stoppedAtMs = nextMs;
      break;
    }
    const details = event.getOccurrenceDetails(next);
    if (details.item.component !== vevent) {
      // An override: its own DTSTART and DTEND.
      add(out, details.item.component, details.startDate, details.endDate ?? null, fromMs, toMs, account);
      continue;
    }
    if (next.isDate) {
      add(out, vevent, details.startDate, details.endDate ?? null, fromMs, toMs, account);
      continue;
    }
    const startMs = at(details.startDate, vevent, 'dtstart');
    if (startMs + lengthMs <= reachFromMs) continue;
    addTimed(out, vevent, startMs, startMs + lengthMs, fromMs, toMs, account);
  }
  // An occurrence of a later date moved back into the window (its override names it).
  for (const exception of Object.values(event.exceptions)) {
    const original = exception.recurrenceId
      ? at(exception.recurrenceId, exception.component, 'recurrence-id')
      : -Infinity;
    if (original >= stoppedAtMs && original !== Infinity) {
      add(out, exception.component, exception.startDate, exception.endDate ?? null, fromMs, toMs, account);
    }
  }
}

/** One event or occurrence, as `component` (the master or its override) describes it. */
function add(
  out: BusyEvent[],
  component: ICAL.Component,
  start: ICAL.Time,
  end: ICAL.Time | null,
  fromMs: number,
  toMs: number,
  account: string,
): void {
  const showAs = showAsOf(component, account);
  if (showAs === null) return;
  if (start.isDate) {
    // DTEND absent: one day (RFC 5545 3.6.1).
    const last = end && end.compare(start) > 0 ? end : dayAfter(start);
    const startDate = start.toString().slice(0, 10);
    const endDate = last.toString().slice(0, 10);
    const startsAtMs = Date.parse(`${startDate}T00:00:00Z`);
    const endsAtMs = Date.parse(`${endDate}T00:00:00Z`);
    // Within a day of the window: its local days may reach it in some zone.
    if (endsAtMs > fromMs - DAY_MS && startsAtMs < toMs + DAY_MS) {
      out.push({ startsAtMs, endsAtMs, allDay: { startDate, endDate }, showAs });
    }
    return;
  }
  const startsAtMs = at(start, component, 'dtstart');
  const endsAtMs = end ? at(end, component, component.hasProperty('dtend') ? 'dtend' : 'dtstart') : startsAtMs;
  pushTimed(out, showAs, startsAtMs, endsAtMs, fromMs, toMs);
}

/** A timed occurrence of the master at instants already placed. */
function addTimed(
  out: BusyEvent[],
  component: ICAL.Component,
  startsAtMs: number,
  endsAtMs: number,
  fromMs: number,
  toMs: number,
  account: string,
): void {
  const showAs = showAsOf(component, account);
  if (showAs !== null) pushTimed(out, showAs, startsAtMs, endsAtMs, fromMs, toMs);
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

/** The IANA zone a property's TZID names, or null (UTC, floating, a zone only its VTIMEZONE knows). */
function ianaZoneOf(prop: ICAL.Property | null): string | null {
  const tzid = prop?.getParameter('tzid');
  return typeof tzid === 'string' && isIanaTimeZone(tzid) ? tzid : null;
}

/**
 * The instant of a time of `component`'s property `name` as RFC 5545 (3.3.5) places it: a local
 * time of an IANA zone by the IANA rules, a time the zone skips with the offset before the gap,
 * a repeated one at its first occurrence; anything else as ical.js reads it (UTC, a VTIMEZONE
 * of its own).
 */
function at(time: ICAL.Time, component: ICAL.Component, name: string): number {
  const zone =
    time.isDate || time.zone === ICAL.Timezone.utcTimezone ? null : ianaZoneOf(component.getFirstProperty(name));
  return zone === null ? time.toJSDate().getTime() : wallClockInstant(time, zone);
}

/**
 * A series whose TZID has no VTIMEZONE in the object (RFC 7809 lets servers leave standard
 * zones out) runs on floating times in ical.js, which compares them with UTC values as if they
 * were UTC: its UTC UNTIL, EXDATEs and RDATEs are brought to the zone's wall clock first.
 */
function toWallClock(vevent: ICAL.Component, zone: string): void {
  const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time | null;
  if (!start || start.isDate || start.zone !== ICAL.Timezone.localTimezone) return;
  const wall = (ms: number) => ICAL.Time.fromData(wallClockOf(ms, zone));
  for (const prop of vevent.getAllProperties('rrule')) {
    const rule = prop.getFirstValue() as ICAL.Recur;
    if (rule.until && !rule.until.isDate && rule.until.zone === ICAL.Timezone.utcTimezone) {
      rule.until = wall(rule.until.toJSDate().getTime());
    }
  }
  for (const name of ['exdate', 'rdate']) {
    for (const prop of vevent.getAllProperties(name)) {
      const values = prop.getValues() as ICAL.Time[];
      if (values.some((v) => !v.isDate && v.zone === ICAL.Timezone.utcTimezone)) {
        prop.setValues(
          values.map((v) => (!v.isDate && v.zone === ICAL.Timezone.utcTimezone ? wall(v.toJSDate().getTime()) : v)),
        );
      }
    }
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

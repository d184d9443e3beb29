import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { wallClockInstant, wallClockOf } from '@svc/wall-clock';

/**
 * What the Google Calendar stand-in answers for events.list with `singleEvents=true`: recurring
 * events expanded into their instances, following the Calendar API v3 reference
 * (https://developers.google.com/calendar/api/v3/reference/events/list and the Events resource
 * it links). A recurring event's `recurrence` holds RFC 5545 lines (`RRULE:…`, `EXDATE…`,
 * `RDATE…`) read in `start.timeZone`: the rule runs on the wall clock of that zone (10:00 stays
 * 10:00 across a DST change) and each occurrence is then placed in time as RFC 5545 says
 * (wall-clock.ts: a skipped time with the offset before the gap, a repeated one at its first
 * occurrence), lasting the series' exact duration (RFC 5545 3.8.5.3, DTEND − DTSTART). ical.js
 * expands the rule on floating times only (its own placement differs at DST changes); UNTIL and
 * EXDATE/RDATE given in UTC or another zone are first brought to that wall clock. An instance
 * is `<seriesId>_<original start, UTC basic format>` (`…_<YYYYMMDD>` for all-day series), with
 * `recurringEventId` and `originalStartTime`; an exception (a moved or cancelled instance) is a
 * stored event with the same two fields and replaces the instance it names.
 */
export interface GoogleTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface GoogleEvent {
  id: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  start: GoogleTime;
  end: GoogleTime;
  summary?: string;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: GoogleTime;
  transparency?: 'opaque' | 'transparent';
  eventType?: string;
  attendees?: Array<{ email?: string; self?: boolean; organizer?: boolean; responseStatus?: string }>;
  attendeesOmitted?: boolean;
  hangoutLink?: string;
  conferenceData?: unknown;
  /** Private: this calendar's copy only; shared: every attendee's copy (instances take their series'). */
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
}

/** Occurrences looked at at most per series (a daily rule of 270 years). */
const MAX_OCCURRENCES = 100_000;

/**
 * The events and instances of `events` that overlap `[fromMs, toMs)` (an event's end after
 * `fromMs`, its start before `toMs`, as timeMin and timeMax bound them), in start order; all-day
 * dates are read in `calendarZone`. Cancelled ones only with `showDeleted` (a cancelled series
 * has no instances).
 */
export function singleEvents(
  events: readonly GoogleEvent[],
  fromMs: number,
  toMs: number,
  calendarZone: string,
  showDeleted: boolean,
): GoogleEvent[] {
  const out: GoogleEvent[] = [];
  const overlaps = (e: GoogleEvent) =>
    startMsOf(e.end, calendarZone) > fromMs && startMsOf(e.start, calendarZone) < toMs;
  for (const event of events) {
    if (event.recurrence?.length) {
      if (event.status === 'cancelled') continue;
      const exceptions = new Set(
        events
          .filter((e) => e.recurringEventId === event.id && e.originalStartTime)
          .map((e) => startMsOf(e.originalStartTime!, calendarZone)),
      );
      for (const instance of instancesOf(event, toMs, calendarZone)) {
        if (!exceptions.has(startMsOf(instance.originalStartTime!, calendarZone)) && overlaps(instance)) {
          out.push(instance);
        }
      }
    } else if ((showDeleted || event.status !== 'cancelled') && overlaps(event)) {
      out.push(event);
    }
  }
  return out.sort(
    (a, b) => startMsOf(a.start, calendarZone) - startMsOf(b.start, calendarZone) || a.id.localeCompare(b.id),
  );
}

/** The instances of a recurring event that start before `toMs`. */
function instancesOf(series: GoogleEvent, toMs: number, calendarZone: string): GoogleEvent[] {
  const allDay = series.start.date !== undefined;
  const zone = series.start.timeZone ?? calendarZone;
  const vevent = new ICAL.Component('vevent');
  const dtstart = allDay ? ICAL.Time.fromDateString(series.start.date!) : wallClock(series.start.dateTime!, zone);
  vevent.addPropertyWithValue('dtstart', dtstart);
  for (const line of series.recurrence ?? []) {
    const prop = ICAL.Property.fromString(line);
    if (prop.name === 'rrule') {
      const rule = prop.getFirstValue() as ICAL.Recur;
      if (rule.until && !rule.until.isDate) rule.until = inZone(rule.until, undefined, zone);
      vevent.addPropertyWithValue('rrule', rule);
    } else if (prop.name === 'exdate' || prop.name === 'rdate') {
      const tzid = prop.getParameter('tzid') as string | undefined;
      for (const value of prop.getValues() as ICAL.Time[]) {
        vevent.addPropertyWithValue(prop.name, value.isDate ? value : inZone(value, tzid, zone));
      }
    }
  }
  const lengthMs = startMsOf(series.end, calendarZone) - startMsOf(series.start, calendarZone);
  const out: GoogleEvent[] = [];
  const it = new ICAL.Event(vevent).iterator();
  for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n++, next = it.next()) {
    const start: GoogleTime = allDay ? { date: next.toString().slice(0, 10) } : zoned(instantOf(next, zone), zone);
    const startMs = startMsOf(start, calendarZone);
    if (startMs >= toMs) break;
    const end: GoogleTime = allDay
      ? {
          date: DateTime.fromISO(start.date!, { zone: 'UTC' })
            .plus({ days: Math.round(lengthMs / 86_400_000) })
            .toISODate()!,
        }
      : zoned(startMs + lengthMs, zone);
    const { recurrence: _rule, ...fields } = series;
    out.push({
      ...fields,
      id: instanceId(series.id, start),
      recurringEventId: series.id,
      originalStartTime: start,
      start,
      end,
    });
  }
  return out;
}

/** The instant a Google time names; an all-day date is its midnight in the calendar's zone. */
export function startMsOf(time: GoogleTime, calendarZone: string): number {
  if (time.date !== undefined) return DateTime.fromISO(time.date, { zone: calendarZone }).toMillis();
  return Date.parse(time.dateTime ?? '');
}

/** An instant as Google writes it in a zone: RFC 3339 with that zone's offset, and the zone. */
function zoned(ms: number, zone: string): GoogleTime {
  return { dateTime: DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!, timeZone: zone };
}

/** The wall-clock time (floating) of an RFC 3339 instant in `zone`. */
function wallClock(dateTime: string, zone: string): ICAL.Time {
  return ICAL.Time.fromData(wallClockOf(Date.parse(dateTime), zone));
}

/** A value of a recurrence line (UTC with Z, in `tzid`, or floating) as wall-clock time in `zone`. */
function inZone(value: ICAL.Time, tzid: string | undefined, zone: string): ICAL.Time {
  const utc = value.zone === ICAL.Timezone.utcTimezone;
  // Already that wall clock (even a time a DST change skips, as the rule itself yields it).
  if (!utc && (tzid ?? zone) === zone) return floating(value);
  const ms = utc ? value.toUnixTime() * 1000 : instantOf(value, tzid ?? zone);
  return wallClock(new Date(ms).toISOString(), zone);
}

const floating = ({ year, month, day, hour, minute, second }: ICAL.Time): ICAL.Time =>
  ICAL.Time.fromData({ year, month, day, hour, minute, second });

/** The instant of a wall-clock time in `zone` (wall-clock.ts). */
function instantOf(time: ICAL.Time, zone: string): number {
  return wallClockInstant(time, zone);
}

/** An instance's id: the series id and its original start (UTC, basic format; an all-day one's date). */
export function instanceId(seriesId: string, originalStart: GoogleTime): string {
  const when =
    originalStart.date !== undefined
      ? originalStart.date.replace(/-/g, '')
      : new Date(Date.parse(originalStart.dateTime ?? ''))
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '');
  return `${seriesId}_${when}`;
}

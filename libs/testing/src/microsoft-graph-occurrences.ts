import { DateTime } from 'luxon';
import { wallClockInstant } from '@svc/wall-clock';

/**
 * What the Microsoft Graph stand-in answers for calendarView: events overlapping the window,
 * series masters expanded into their occurrences server-side, following the Graph v1.0 reference
 * (https://learn.microsoft.com/en-us/graph/api/user-list-calendarview, the event resource
 * https://learn.microsoft.com/en-us/graph/api/resources/event and its recurrence types
 * https://learn.microsoft.com/en-us/graph/api/resources/patternedrecurrence,
 * .../recurrencepattern and .../recurrencerange).
 *
 * Implemented: `pattern.type` `daily` (every `interval` days) and `weekly` (every `interval`
 * weeks on `daysOfWeek`, weeks beginning on `firstDayOfWeek`, default sunday); `range.type`
 * `endDate` (inclusive), `numbered` (`numberOfOccurrences`) and `noEnd`, from `range.startDate`.
 * An occurrence keeps the series' wall-clock time in `start.timeZone` (10:00 stays 10:00 across
 * a DST change; a skipped or repeated time placed as RFC 5545 says, wall-clock.ts) and its exact
 * duration. Zones are `UTC` or IANA names (Graph also takes Windows names; the stand-in does
 * not). An exception (a moved or cancelled occurrence) is a stored event with `seriesMasterId`
 * and `originalStart` (the occurrence's original start, UTC) and replaces that occurrence; a
 * deleted occurrence is gone from the view. All-day dates (`isAllDay`, start and end at
 * midnight) are read in the mailbox's zone.
 */
export interface GraphDateTime {
  /** Local time without an offset, e.g. `2025-03-28T10:00:00.0000000`. */
  dateTime: string;
  timeZone: string;
}

export interface GraphRecurrence {
  pattern: {
    type: 'daily' | 'weekly';
    interval: number;
    daysOfWeek?: string[];
    firstDayOfWeek?: string;
  };
  range: {
    type: 'endDate' | 'noEnd' | 'numbered';
    startDate: string;
    endDate?: string;
    numberOfOccurrences?: number;
    recurrenceTimeZone?: string;
  };
}

export interface GraphEvent {
  id: string;
  type: 'singleInstance' | 'seriesMaster' | 'occurrence' | 'exception';
  subject?: string;
  start: GraphDateTime;
  end: GraphDateTime;
  isAllDay?: boolean;
  isCancelled?: boolean;
  showAs?: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
  responseStatus?: { response: string; time?: string };
  recurrence?: GraphRecurrence | null;
  seriesMasterId?: string;
  /** An occurrence's or exception's original start (UTC, ISO 8601 with Z). */
  originalStart?: string;
  body?: { contentType: string; content: string };
  location?: { displayName: string };
  isOnlineMeeting?: boolean;
  onlineMeetingProvider?: string;
  onlineMeeting?: { joinUrl: string } | null;
}

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Occurrences looked at at most per series. */
const MAX_OCCURRENCES = 50_000;

/** The instant a Graph date-time names (all-day: midnight of its date in `mailboxZone`). */
export function instantOf(time: GraphDateTime, allDay: boolean, mailboxZone: string): number {
  const local = DateTime.fromISO(time.dateTime.replace(/(\.\d{3})\d+$/, '$1'), { zone: 'UTC' });
  if (!local.isValid) return NaN;
  const zone = allDay ? mailboxZone : time.timeZone;
  return wallClockInstant(local.toObject() as Parameters<typeof wallClockInstant>[0], zone);
}

/** An instant as Graph writes it in a zone: local time with seven fraction digits. */
export function graphTime(ms: number, zone: string): GraphDateTime {
  const d = DateTime.fromMillis(ms, { zone });
  return { dateTime: `${d.toFormat("yyyy-LL-dd'T'HH:mm:ss.SSS")}0000`, timeZone: zone };
}

/** An all-day date as Graph writes it in any zone: midnight. */
export const midnight = (date: string, zone: string): GraphDateTime => ({
  dateTime: `${date}T00:00:00.0000000`,
  timeZone: zone,
});

/** The occurrence dates of a series (YYYY-MM-DD) on or before `lastDate`. */
function occurrenceDates(recurrence: GraphRecurrence, lastDate: string): string[] {
  const { pattern, range } = recurrence;
  const start = DateTime.fromISO(range.startDate, { zone: 'UTC' });
  const until = range.type === 'endDate' && range.endDate ? range.endDate : lastDate;
  const limit = range.type === 'numbered' ? (range.numberOfOccurrences ?? 0) : MAX_OCCURRENCES;
  const interval = Math.max(1, pattern.interval);
  const out: string[] = [];
  if (pattern.type === 'daily') {
    for (
      let d = start;
      out.length < limit && d.toISODate()! <= until && d.toISODate()! <= lastDate;
      d = d.plus({ days: interval })
    ) {
      out.push(d.toISODate()!);
    }
    return out;
  }
  const weekdays = new Set((pattern.daysOfWeek ?? []).map((day) => DAYS.indexOf(day.toLowerCase()) + 1));
  const firstDay = DAYS.indexOf((pattern.firstDayOfWeek ?? 'sunday').toLowerCase()) + 1;
  let weekStart = start.minus({ days: (start.weekday - firstDay + 7) % 7 });
  for (let n = 0; out.length < limit && n < MAX_OCCURRENCES; n++, weekStart = weekStart.plus({ weeks: interval })) {
    for (let i = 0; i < 7 && out.length < limit; i++) {
      const day = weekStart.plus({ days: i });
      const date = day.toISODate()!;
      if (date > until || date > lastDate) return out;
      if (date >= range.startDate && weekdays.has(day.weekday)) out.push(date);
    }
  }
  return out;
}

/** The occurrences of a series master starting before `toMs` (without exceptions applied). */
export function occurrencesOf(master: GraphEvent, toMs: number, mailboxZone: string): GraphEvent[] {
  const allDay = master.isAllDay === true;
  const zone = allDay ? mailboxZone : master.start.timeZone;
  const startMs = instantOf(master.start, allDay, mailboxZone);
  const lengthMs = instantOf(master.end, allDay, mailboxZone) - startMs;
  const timeOfDay = DateTime.fromMillis(startMs, { zone });
  const lastDate = DateTime.fromMillis(toMs, { zone }).plus({ days: 1 }).toISODate()!;
  const { recurrence: _rule, ...fields } = master;
  const out: GraphEvent[] = [];
  for (const date of occurrenceDates(master.recurrence!, lastDate)) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const at = wallClockInstant(
      { year, month, day, hour: timeOfDay.hour, minute: timeOfDay.minute, second: timeOfDay.second },
      zone,
    );
    if (at >= toMs) break;
    const endDate = DateTime.fromISO(date, { zone: 'UTC' })
      .plus({ days: Math.round(lengthMs / 86_400_000) })
      .toISODate()!;
    out.push({
      ...fields,
      id: `${master.id}_${new Date(at).toISOString().replace(/[-:]|\.\d{3}/g, '')}`,
      type: 'occurrence',
      seriesMasterId: master.id,
      originalStart: new Date(at).toISOString().replace('.000Z', 'Z'),
      start: allDay ? midnight(date, zone) : graphTime(at, zone),
      end: allDay ? midnight(endDate, zone) : graphTime(at + lengthMs, zone),
    });
  }
  return out;
}

/**
 * Which Google Calendar events keep their owner busy (docs/decisions.md "Integrations", "Events
 * that block"), read from events.list with `singleEvents=true` (recurring events come as their
 * instances, moved and cancelled instances as Google keeps them). Pure: the provider fetches the
 * pages, this turns one event resource into a BusyEvent or nothing.
 */
import { wallClockInstant } from '@svc/wall-clock';
import { normalizeTimeZone } from '@svc/rules';
import type { BusyEvent } from '../../providers/provider.js';

/** The fields of an event resource this reads (and all events.list is asked to send: `EVENT_FIELDS`). */
export interface GoogleEventResource {
  id?: string;
  status?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
  transparency?: string;
  eventType?: string;
  attendees?: Array<{ self?: boolean; responseStatus?: string }>;
  /** Our write-back's mark (google-calendar.ts `writtenBooking`). */
  extendedProperties?: { private?: Record<string, string> };
}

/**
 * The partial response events.list is asked for (its `fields` parameter): only what decides
 * whether and when an event blocks, so no title, description or guest list leaves Google and a
 * page of 2,500 events stays far below PROVIDER_MAX_RESPONSE_BYTES.
 */
export const EVENT_FIELDS =
  'nextPageToken,items(id,status,start,end,transparency,eventType,attendees(self,responseStatus),extendedProperties(private))';

/**
 * Event types that say where or whose, not whether busy: a working location ("in the office")
 * and a contact's birthday. Out of office and focus time block like any event whose
 * transparency is opaque (Google marks both busy); see docs/decisions.md "Integrations".
 */
const NEVER_BLOCKS = new Set(['workingLocation', 'birthday']);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The BusyEvent of one event resource, or null for one that never blocks: cancelled, transparent
 * ("free"), declined by the account (its attendee entry with `self`), a working location or a
 * birthday, or one without a readable start and end (nothing can be said about it). Google
 * answers `dateTime` with its offset; one without (the reference allows it beside a `timeZone`)
 * is read in that zone, else in `floatingZone` (the staff member's), never in the process's own.
 */
export function busyEventOf(event: GoogleEventResource, floatingZone = 'UTC'): BusyEvent | null {
  if (event.status === 'cancelled') return null;
  if (event.transparency === 'transparent') return null;
  if (event.eventType !== undefined && NEVER_BLOCKS.has(event.eventType)) return null;
  const answer = event.attendees?.find((a) => a.self === true)?.responseStatus;
  if (answer === 'declined') return null;
  const showAs = event.status === 'tentative' || answer === 'tentative' ? 'tentative' : 'busy';
  const startDate = event.start?.date;
  const endDate = event.end?.date;
  if (startDate !== undefined || endDate !== undefined) {
    const startsAtMs = utcMidnight(startDate);
    const endsAtMs = utcMidnight(endDate);
    if (startsAtMs === null || endsAtMs === null || endsAtMs <= startsAtMs) return null;
    return { startsAtMs, endsAtMs, allDay: { startDate: startDate!, endDate: endDate! }, showAs };
  }
  const startsAtMs = instantOf(event.start, floatingZone);
  const endsAtMs = instantOf(event.end, floatingZone);
  if (!Number.isFinite(startsAtMs) || !Number.isFinite(endsAtMs) || endsAtMs <= startsAtMs) return null;
  return { startsAtMs, endsAtMs, showAs };
}

const WITH_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** The instant of an RFC 3339 `dateTime`; without an offset, a wall-clock time of its `timeZone` (else `floatingZone`). */
function instantOf(time: { dateTime?: string; timeZone?: string } | undefined, floatingZone: string): number {
  const text = time?.dateTime ?? '';
  if (WITH_OFFSET.test(text)) return Date.parse(text);
  const m = LOCAL.exec(text);
  if (!m) return NaN;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  const zone = (time?.timeZone !== undefined ? normalizeTimeZone(time.timeZone) : null) ?? floatingZone;
  const ms = wallClockInstant(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! },
    zone,
  );
  return Number.isFinite(ms) ? ms : NaN;
}

/** UTC midnight of a calendar date YYYY-MM-DD, or null for anything else (2025-02-30 included). */
function utcMidnight(date: string | undefined): number | null {
  if (date === undefined || !DATE.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(date) ? ms : null;
}

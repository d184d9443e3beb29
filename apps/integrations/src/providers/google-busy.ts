/**
 * Which Google Calendar events keep their owner busy (docs/decisions.md "Integrations", "Events
 * that block"), read from events.list with `singleEvents=true` (recurring events come as their
 * instances, moved and cancelled instances as Google keeps them). Pure: the provider fetches the
 * pages, this turns one event resource into a BusyEvent or nothing.
 */
import type { BusyEvent } from './provider.js';

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
 * birthday, or one without a readable start and end (nothing can be said about it).
 */
export function busyEventOf(event: GoogleEventResource): BusyEvent | null {
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
  const startsAtMs = Date.parse(event.start?.dateTime ?? '');
  const endsAtMs = Date.parse(event.end?.dateTime ?? '');
  if (!Number.isFinite(startsAtMs) || !Number.isFinite(endsAtMs) || endsAtMs <= startsAtMs) return null;
  return { startsAtMs, endsAtMs, showAs };
}

/** UTC midnight of a calendar date YYYY-MM-DD, or null for anything else (2025-02-30 included). */
function utcMidnight(date: string | undefined): number | null {
  if (date === undefined || !DATE.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(date) ? ms : null;
}

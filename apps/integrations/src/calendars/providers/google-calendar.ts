/**
 * Google Calendar API v3 (docs/decisions.md "Integrations"): events.list with `singleEvents=true`
 * for busy times (not free/busy, which hides what a connection's settings decide on: all-day,
 * tentative, declined), events insert/patch/delete for the write-back with a Meet link requested
 * through the event's conference data. The base URL is configuration (default Google's); the
 * tests use a local contract stand-in. With the one scope the grant asks (`calendar.events`),
 * the account's calendar is `primary`.
 * The event id derives from the booking id, so a repeated insert finds the event (409) and
 * patches it instead of adding a second one; a private extended property names the booking, so
 * the busy times know the event as its write-back (docs/decisions.md "A booking's own event
 * never blocks").
 */
import { createHash } from 'node:crypto';
import { DAY_MS } from '@svc/rules';
import { busyEventOf, EVENT_FIELDS, type GoogleEventResource } from './google-busy.js';
import type { GoogleOAuth, GoogleTokens } from '../../connections/providers/google-oauth.js';
import {
  ProviderAuthError,
  ProviderNotReadyError,
  ProviderUnavailableError,
  type CalendarEvent,
  type BusyEvent,
  type CalendarProvider,
  type ProviderCalendar,
  type WrittenEvent,
} from '../../providers/provider.js';
import { readCappedJson } from '../../providers/capped-body.js';

export interface GoogleCalendarOptions {
  apiUrl: string;
  /** The OAuth client's refresh, or a caller's wrapping of it (one refresh across replicas, token-refresh.ts). */
  oauth: Pick<GoogleOAuth, 'fresh'>;
  tokens: GoogleTokens;
  /** Stores refreshed tokens (sealed) before they are used. */
  saveTokens: (tokens: GoogleTokens) => Promise<void>;
  timeoutMs: number;
  /** The most one answer may carry (PROVIDER_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
  now: () => number;
}

/** Google event ids: base32hex characters (a–v, 0–9), 5 to 1024 long. */
export function googleEventId(bookingId: string): string {
  const digest = createHash('sha256').update(bookingId).digest();
  let bits = '';
  for (const byte of digest) bits += byte.toString(2).padStart(8, '0');
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  let id = 'bk';
  for (let i = 0; i + 5 <= bits.length; i += 5) id += alphabet[parseInt(bits.slice(i, i + 5), 2)];
  return id;
}

/** The private extended property (on this calendar's copy only) naming a written event's booking. */
export const BOOKING_PROPERTY = 'bookingId';

/**
 * The booking whose write-back an event is (putEvent's: its private extended property names the
 * booking and its id is that booking's `googleEventId`), or null for any other event, an
 * instance of a recurring one included.
 */
export function writtenBooking(event: GoogleEventResource): string | null {
  const bookingId = event.extendedProperties?.private?.[BOOKING_PROPERTY];
  if (typeof bookingId !== 'string' || bookingId === '') return null;
  return event.id === googleEventId(bookingId) ? bookingId : null;
}

export class GoogleCalendarProvider implements CalendarProvider {
  private tokens: GoogleTokens;

  constructor(private readonly options: GoogleCalendarOptions) {
    this.tokens = options.tokens;
  }

  async listCalendars(): Promise<ProviderCalendar[]> {
    // The grant has no calendar-list scope; checking the token is still a real request (one
    // event at most, no field of it).
    await this.call('GET', '/calendars/primary/events?singleEvents=true&maxResults=1&fields=kind');
    return [{ calendarId: 'primary', name: 'Primary calendar' }];
  }

  /**
   * The events of `[fromMs, toMs)` that may block, a day either side asked as well (an all-day
   * event's local days may reach the window in any zone), every page followed. Timed events
   * outside the window are left out here; all-day ones are kept for the caller to place.
   */
  async busy(calendarIds: readonly string[], fromMs: number, toMs: number, timeZone = 'UTC'): Promise<BusyEvent[]> {
    const out: BusyEvent[] = [];
    for (const id of calendarIds) {
      for (const item of await this.eventsOf(id, fromMs - DAY_MS, toMs + DAY_MS)) {
        const event = busyEventOf(item, timeZone);
        if (!event || !(event.allDay || (event.endsAtMs > fromMs && event.startsAtMs < toMs))) continue;
        const bookingId = writtenBooking(item);
        out.push(bookingId === null ? event : { ...event, bookingId });
      }
    }
    return out;
  }

  /** events.list over `[fromMs, toMs)`, recurring events as their instances, cancelled ones left out. */
  private async eventsOf(calendarId: string, fromMs: number, toMs: number): Promise<GoogleEventResource[]> {
    const items: GoogleEventResource[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({
        singleEvents: 'true',
        showDeleted: 'false',
        timeMin: new Date(fromMs).toISOString(),
        timeMax: new Date(toMs).toISOString(),
        maxResults: String(PAGE_SIZE),
        // Only the answer of the account itself among the attendees (a meeting of 500 guests
        // would otherwise list all of them).
        maxAttendees: '1',
        fields: EVENT_FIELDS,
      });
      if (pageToken) query.set('pageToken', pageToken);
      const res = (await this.call('GET', `/calendars/${encodeURIComponent(calendarId)}/events?${query}`)) as {
        items?: GoogleEventResource[];
        nextPageToken?: string;
      };
      items.push(...(res.items ?? []));
      pageToken = res.nextPageToken;
      if (!pageToken) return items;
    }
    // Never a partial answer: events left unread would leave their times bookable.
    throw new ProviderUnavailableError(`Google Calendar answered more than ${MAX_PAGES * PAGE_SIZE} events`);
  }

  async putEvent(calendarId: string, event: CalendarEvent): Promise<WrittenEvent> {
    const id = googleEventId(event.bookingId);
    const body = {
      summary: event.title,
      description: event.description,
      start: { dateTime: new Date(event.startsAtMs).toISOString() },
      end: { dateTime: new Date(event.endsAtMs).toISOString() },
      // Sent on every write, so an event written before it was set gains it at its next one.
      extendedProperties: { private: { [BOOKING_PROPERTY]: event.bookingId } },
      // A Zoom meeting's link is where the event takes place ('' clears one no longer there).
      ...(event.meetingUrl !== undefined ? { location: event.meetingUrl ?? '' } : {}),
      ...(event.conferencing === 'google_meet'
        ? { conferenceData: { createRequest: { requestId: id, conferenceSolutionKey: { type: 'hangoutsMeet' } } } }
        : {}),
    };
    const events = `/calendars/${encodeURIComponent(calendarId)}/events`;
    let written: GoogleEvent;
    try {
      written = (await this.call('POST', `${events}?conferenceDataVersion=1`, { id, ...body })) as GoogleEvent;
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      written = (await this.call('PATCH', `${events}/${id}?conferenceDataVersion=1`, body)) as GoogleEvent;
    }
    const meetingUrl = meetingUrlOf(written);
    // Google may still be making the Meet (its create request "pending"): the write is tried
    // again later (the same requestId makes no second conference), so the record stays pending
    // and the customer's message waits for the link rather than going without it for good.
    if (event.conferencing === 'google_meet' && meetingUrl === null && conferencePending(written)) {
      throw new ProviderNotReadyError('Google Calendar is still making the Meet link (conference pending)');
    }
    return { externalEventId: written.id ?? id, meetingUrl };
  }

  async deleteEvent(calendarId: string, externalEventId: string): Promise<void> {
    await this.call(
      'DELETE',
      `/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(externalEventId)}`,
      undefined,
      [404, 410],
    );
  }

  private async call(method: string, path: string, body?: unknown, alsoFine: number[] = []): Promise<unknown> {
    const fresh = await this.options.oauth.fresh(this.tokens, this.options.now());
    if (fresh !== this.tokens) {
      await this.options.saveTokens(fresh);
      this.tokens = fresh;
    }
    let res: Response;
    try {
      res = await fetch(`${this.options.apiUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${fresh.accessToken}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new ProviderUnavailableError(`Google Calendar unreachable: ${(err as Error).message}`);
    }
    if (alsoFine.includes(res.status) || !res.ok || res.status === 204) await res.body?.cancel();
    if (alsoFine.includes(res.status)) return {};
    if (res.status === 401 || res.status === 403) throw new ProviderAuthError(`Google Calendar answered ${res.status}`);
    if (res.status === 409) throw new ConflictError();
    if (!res.ok) throw new ProviderUnavailableError(`Google Calendar answered ${res.status}`);
    if (res.status === 204) return {};
    try {
      return await readCappedJson(res, this.options.maxResponseBytes);
    } catch (err) {
      throw new ProviderUnavailableError(`Google Calendar ${(err as Error).message}`);
    }
  }
}

class ConflictError extends Error {}

/** events.list's largest page (its reference: at most 2,500). */
const PAGE_SIZE = 2_500;
/** Pages followed at most for one calendar and window (100,000 events; windows are at most 35 days). */
const MAX_PAGES = 40;

interface GoogleEvent {
  id?: string;
  hangoutLink?: string;
  conferenceData?: {
    entryPoints?: Array<{ entryPointType?: string; uri?: string }>;
    createRequest?: { status?: { statusCode?: string } };
  };
}

const conferencePending = (event: GoogleEvent): boolean =>
  event.conferenceData?.createRequest?.status?.statusCode === 'pending';

function meetingUrlOf(event: GoogleEvent): string | null {
  const video = event.conferenceData?.entryPoints?.find((e) => e.entryPointType === 'video')?.uri;
  return video ?? event.hangoutLink ?? null;
}

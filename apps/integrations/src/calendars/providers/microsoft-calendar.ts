/**
 * Microsoft 365 calendars through Microsoft Graph v1.0 (docs/decisions.md "Integrations",
 * "Microsoft 365"): the account's calendars from `/me/calendars`, busy times from calendarView
 * (series expanded server-side; not getSchedule, whose answer has no all-day flag and no
 * response status), and one event per booking written with POST, moved with PATCH and removed
 * with DELETE, with a Teams meeting when the service asks for one. An event is found again by a
 * single-value extended property holding the booking id, so a retry, a lost answer or a
 * reschedule never adds a second one, and the busy times know the event as the booking's own
 * (docs/decisions.md "A booking's own event never blocks"). Every time is asked for in UTC
 * (`Prefer: outlook.timezone="UTC"`). A 429 or 503 is waited out once when its `Retry-After`
 * fits in the request's time, else the read fails as an outage carrying it. The base URL is
 * configuration (MICROSOFT_GRAPH_API_URL); the tests use a contract stand-in (libs/testing).
 */
import { retryAfterMs } from '@svc/background';
import { DAY_MS } from '@svc/rules';
import { readCappedJson } from '../../providers/capped-body.js';
import { busyEventOf, EVENT_SELECT, type GraphEventResource } from './microsoft-busy.js';
import {
  ProviderAuthError,
  ProviderUnavailableError,
  type BusyEvent,
  type CalendarEvent,
  type CalendarProvider,
  type ProviderCalendar,
  type WrittenEvent,
} from '../../providers/provider.js';

export interface MicrosoftCalendarOptions {
  /** Graph's base URL, `…/v1.0`. */
  apiUrl: string;
  /** A current access token of the connection (refreshed, and the new tokens stored, by the caller). */
  accessToken: () => Promise<string>;
  timeoutMs: number;
  /** The most one answer may carry (PROVIDER_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
  /** Waits out a Retry-After (tests may shorten it). */
  sleep?: (ms: number) => Promise<void>;
}

export interface MicrosoftCalendar extends ProviderCalendar {
  isDefaultCalendar: boolean;
}

/**
 * The extended property that ties an event to its booking: a name in our own property set (a
 * fixed GUID of this platform), its value the booking id.
 */
export const BOOKING_PROPERTY_ID = 'String {3f0c6a52-5d1e-4b7a-9c3e-8a41d2b7e6f9} Name bookingId';

/**
 * calendarView's `$expand` of that one property (the form of Graph's "Get
 * singleValueLegacyExtendedProperty"), so each event says whether it is a booking's write-back
 * and nothing else of what other apps keep on it leaves Microsoft.
 */
export const BOOKING_PROPERTY_EXPAND = `singleValueExtendedProperties($filter=id eq '${odata(BOOKING_PROPERTY_ID)}')`;

/**
 * The booking whose write-back an event is (putEvent's: the extended property holds its id),
 * or null for any other event. The property's id is compared without case (its GUID has none).
 */
export function writtenBooking(event: GraphEventResource): string | null {
  const id = BOOKING_PROPERTY_ID.toLowerCase();
  const value = event.singleValueExtendedProperties?.find((p) => p.id?.toLowerCase() === id)?.value;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** calendarView's page asked for (the reference's $top; Graph may answer fewer and link the rest). */
const PAGE_SIZE = 1_000;
/** Pages followed at most for one calendar and window (100,000 events at full pages). */
const MAX_PAGES = 100;
/** Calendars of an account listed at most. */
const MAX_CALENDARS = 1_000;
const UTC = { prefer: 'outlook.timezone="UTC"' };

interface GraphAnswer {
  value?: unknown[];
  '@odata.nextLink'?: string;
}

interface GraphWritten {
  id?: string;
  onlineMeeting?: { joinUrl?: string } | null;
}

export class MicrosoftCalendarProvider implements CalendarProvider {
  private readonly base: string;

  constructor(private readonly options: MicrosoftCalendarOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
  }

  /** The account's address (`mail`, else its sign-in name): what the connection is called. */
  async account(): Promise<string> {
    const me = (await this.call('GET', '/me?$select=mail,userPrincipalName', {})) as {
      mail?: string | null;
      userPrincipalName?: string;
    };
    const name = me.mail || me.userPrincipalName;
    if (!name) throw new ProviderUnavailableError('Microsoft Graph answered no user for the token');
    return name;
  }

  /** The account's calendars, every page, with the default one marked. */
  async calendars(): Promise<MicrosoftCalendar[]> {
    const items = await this.pages<{ id?: string; name?: string; isDefaultCalendar?: boolean }>(
      '/me/calendars?$select=id,name,isDefaultCalendar&$top=100',
      MAX_CALENDARS,
      {},
    );
    return items.flatMap((c) =>
      typeof c.id === 'string' && c.id !== ''
        ? [{ calendarId: c.id, name: c.name ?? '', isDefaultCalendar: c.isDefaultCalendar === true }]
        : [],
    );
  }

  async listCalendars(): Promise<ProviderCalendar[]> {
    return (await this.calendars()).map(({ calendarId, name }) => ({ calendarId, name }));
  }

  /**
   * The events of `[fromMs, toMs)` that may block, a day either side asked as well (an all-day
   * event's local days may reach the window in any zone), every page followed. Timed events
   * outside the window are left out here; all-day ones are kept for the caller to place.
   */
  async busy(calendarIds: readonly string[], fromMs: number, toMs: number): Promise<BusyEvent[]> {
    const out: BusyEvent[] = [];
    for (const id of calendarIds) {
      const query = new URLSearchParams({
        startDateTime: new Date(fromMs - DAY_MS).toISOString(),
        endDateTime: new Date(toMs + DAY_MS).toISOString(),
        $select: EVENT_SELECT,
        $expand: BOOKING_PROPERTY_EXPAND,
        $top: String(PAGE_SIZE),
      });
      const events = await this.pages<GraphEventResource>(
        `/me/calendars/${encodeURIComponent(id)}/calendarView?${query}`,
        MAX_PAGES * PAGE_SIZE,
        UTC,
      );
      for (const item of events) {
        const event = busyEventOf(item);
        if (!event || !(event.allDay || (event.endsAtMs > fromMs && event.startsAtMs < toMs))) continue;
        const bookingId = writtenBooking(item);
        out.push(bookingId === null ? event : { ...event, bookingId });
      }
    }
    return out;
  }

  async putEvent(calendarId: string, event: CalendarEvent): Promise<WrittenEvent> {
    const teams = event.conferencing === 'microsoft_teams';
    const body = {
      subject: event.title,
      body: { contentType: 'text', content: event.description },
      start: { dateTime: utcLocal(event.startsAtMs), timeZone: 'UTC' },
      end: { dateTime: utcLocal(event.endsAtMs), timeZone: 'UTC' },
      showAs: 'busy',
      // A Zoom meeting's link is where the event takes place ('' clears one no longer there).
      ...(event.meetingUrl !== undefined ? { location: { displayName: event.meetingUrl ?? '' } } : {}),
      // Graph keeps a Teams meeting once made (it ignores isOnlineMeeting turned off), so it is
      // only ever asked for, never withdrawn.
      ...(teams ? { isOnlineMeeting: true, onlineMeetingProvider: 'teamsForBusiness' } : {}),
    };
    const existing = await this.find(calendarId, event.bookingId);
    const written = (
      existing
        ? await this.call('PATCH', `/me/events/${encodeURIComponent(existing)}`, UTC, body)
        : await this.call('POST', `/me/calendars/${encodeURIComponent(calendarId)}/events`, UTC, {
            ...body,
            singleValueExtendedProperties: [{ id: BOOKING_PROPERTY_ID, value: event.bookingId }],
          })
    ) as GraphWritten;
    const id = written.id ?? existing;
    if (!id) throw new ProviderUnavailableError('Microsoft Graph answered no event id');
    return { externalEventId: id, meetingUrl: teams ? (written.onlineMeeting?.joinUrl ?? null) : null };
  }

  async deleteEvent(_calendarId: string, externalEventId: string): Promise<void> {
    await this.call('DELETE', `/me/events/${encodeURIComponent(externalEventId)}`, {}, undefined, [404]);
  }

  /** The id of the booking's event in the calendar (by its extended property), or null. */
  private async find(calendarId: string, bookingId: string): Promise<string | null> {
    const filter =
      `singleValueExtendedProperties/Any(ep: ep/id eq '${odata(BOOKING_PROPERTY_ID)}' ` +
      `and ep/value eq '${odata(bookingId)}')`;
    const query = new URLSearchParams({ $filter: filter, $select: 'id', $top: '1' });
    const res = (await this.call('GET', `/me/calendars/${encodeURIComponent(calendarId)}/events?${query}`, {})) as {
      value?: Array<{ id?: string }>;
    };
    return res.value?.find((e) => typeof e.id === 'string')?.id ?? null;
  }

  /** Every page of a collection from `first`, each `@odata.nextLink` followed; more than `max` items is an outage. */
  private async pages<T>(first: string, max: number, headers: Record<string, string>): Promise<T[]> {
    const items: T[] = [];
    let next: string | undefined = first;
    while (next !== undefined) {
      const res = (await this.call('GET', next, headers)) as GraphAnswer;
      items.push(...((res.value ?? []) as T[]));
      // Never a partial answer: events left unread would leave their times bookable.
      if (items.length > max) throw new ProviderUnavailableError(`Microsoft Graph answered more than ${max} items`);
      next = res['@odata.nextLink'] === undefined ? undefined : this.relative(res['@odata.nextLink']);
    }
    return items;
  }

  /** A next-page link as a path under the configured API (the token goes nowhere else). */
  private relative(link: string): string {
    if (!link.startsWith(`${this.base}/`)) {
      throw new ProviderUnavailableError('Microsoft Graph linked a next page outside its API');
    }
    return link.slice(this.base.length);
  }

  /**
   * One request (a path under the API). A 429 or 503 whose Retry-After fits in what is left of
   * the request's time is waited out and the request made once more; otherwise it fails as an
   * outage carrying that Retry-After.
   */
  private async call(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
    alsoFine: number[] = [],
  ): Promise<unknown> {
    const deadline = Date.now() + this.options.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const res = await this.send(method, path, headers, body, deadline);
      if (alsoFine.includes(res.status)) {
        await res.body?.cancel();
        return {};
      }
      if (res.ok) return this.read(res);
      const error = await graphError(res, this.options.maxResponseBytes);
      if (res.status === 401 || res.status === 403) {
        throw new ProviderAuthError(`Microsoft Graph answered ${res.status} ${error}`);
      }
      const askedMs = retryAfterMs(res.headers.get('retry-after'), Date.now());
      const throttled = res.status === 429 || res.status === 503;
      if (throttled && attempt === 0 && askedMs !== undefined && Date.now() + askedMs < deadline) {
        await (this.options.sleep ?? sleep)(askedMs);
        continue;
      }
      throw new ProviderUnavailableError(`Microsoft Graph answered ${res.status} ${error}`, {
        retryAfterMs: throttled ? askedMs : undefined,
      });
    }
  }

  private async send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: unknown,
    deadline: number,
  ): Promise<Response> {
    const token = await this.options.accessToken();
    try {
      return await fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...headers,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
    } catch (err) {
      throw new ProviderUnavailableError(`Microsoft Graph unreachable: ${(err as Error).message}`);
    }
  }

  private async read(res: Response): Promise<unknown> {
    if (res.status === 204) {
      await res.body?.cancel();
      return {};
    }
    try {
      return await readCappedJson(res, this.options.maxResponseBytes);
    } catch (err) {
      throw new ProviderUnavailableError(`Microsoft Graph ${(err as Error).message}`);
    }
  }
}

/** Graph's error code of a failed answer (its body `{ error: { code, message } }`), for the message. */
async function graphError(res: Response, maxBytes: number): Promise<string> {
  try {
    const body = (await readCappedJson(res, Math.min(maxBytes, 64 * 1024))) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? `(${body.error.code})` : '';
  } catch {
    return '';
  }
}

/** An instant as Graph's local date-time in UTC (no offset; the zone is said beside it). */
const utcLocal = (ms: number): string => new Date(ms).toISOString().replace(/Z$/, '');

/** A string inside an OData literal: its quotes doubled. */
function odata(value: string): string {
  return value.replace(/'/g, "''");
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

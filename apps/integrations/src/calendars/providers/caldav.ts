/**
 * CalDAV (iCloud, Fastmail, Nextcloud, Radicale, …) through tsdav: discovery from the server URL,
 * the calendars of the account, a calendar-query with a time range for busy times (read by
 * ical-busy-events.ts, floating times in the zone the caller names), and the booking's event PUT at `<calendar>/<bookingId>.ics`,
 * so writing it again replaces it instead of adding a second one.
 */
import { DAVClient } from 'tsdav';
import {
  asProviderError,
  ProviderAuthError,
  ProviderUnavailableError,
  type BusyEvent,
  type CalendarEvent,
  type CalendarProvider,
  type ProviderCalendar,
  type WrittenEvent,
} from '../../providers/provider.js';
import { calendarResource, calendarResourceUid } from '@svc/ics';
import { DAY_MS } from '@svc/rules';
import { busyEvents } from './ical-busy-events.js';
import { ResponseTooLargeError, UrlRefusedError, type Fetch } from '../../providers/policy-fetch.js';
import { providerSessions, seriesWalkLimits, SERVICE } from '../../metrics.js';

export interface CaldavCredentials {
  serverUrl: string;
  username: string;
  password: string;
}

export class CaldavProvider implements CalendarProvider {
  private readonly client: DAVClient;
  private login: Promise<void> | undefined;

  /**
   * `send`: the only way out, the URL policy's (`policyFetch`): every request goes to an address
   * it accepted when the request was made.
   */
  constructor(
    private readonly credentials: CaldavCredentials,
    private readonly timeoutMs: number,
    private readonly send: Fetch,
  ) {
    this.client = new DAVClient({
      serverUrl: credentials.serverUrl,
      credentials: { username: credentials.username, password: credentials.password },
      // Our Basic header, not tsdav's: its btoa throws on a username beyond Latin-1.
      authMethod: 'Custom',
      authFunction: async () => ({ authorization: basicAuthorization(credentials) }),
      defaultAccountType: 'caldav',
      fetch: (input, init) => this.fetch(input, init),
    });
  }

  /** Every request with a deadline; 401/403 is a refused grant, 5xx an outage (tsdav would read them as empty). */
  private async fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await this.send(input, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const why =
        err instanceof UrlRefusedError || err instanceof ResponseTooLargeError
          ? err.message
          : `unreachable: ${(err as Error).message}`;
      throw new ProviderUnavailableError(`CalDAV server ${why}`);
    }
    if (res.status === 401 || res.status === 403) throw new ProviderAuthError('CalDAV server refused the credentials');
    if (res.status >= 500) throw new ProviderUnavailableError(`CalDAV server answered ${res.status}`);
    return res;
  }

  /**
   * The session: login with discovery (principal, calendar home) once per provider, which the
   * service keeps per connection (ProviderClients); a failed login is tried again next time.
   */
  private async ready(): Promise<void> {
    if (!this.login) {
      providerSessions.inc({ service: SERVICE, provider: 'caldav' });
      this.login = this.client.login().catch((err: unknown) => {
        this.login = undefined;
        throw asProviderError(err);
      });
    }
    return this.login;
  }

  async listCalendars(): Promise<ProviderCalendar[]> {
    try {
      await this.ready();
      const calendars = await this.client.fetchCalendars();
      return calendars
        .filter((c) => !c.components || c.components.includes('VEVENT'))
        .map((c) => ({ calendarId: c.url, name: displayName(c.displayName, c.url) }));
    } catch (err) {
      throw asProviderError(err);
    }
  }

  async busy(calendarIds: readonly string[], fromMs: number, toMs: number, timeZone = 'UTC'): Promise<BusyEvent[]> {
    try {
      await this.ready();
      // A day either side: an all-day event's local days may reach the window in any zone.
      const timeRange = { start: new Date(fromMs - DAY_MS).toISOString(), end: new Date(toMs + DAY_MS).toISOString() };
      const perCalendar = await Promise.all(
        calendarIds.map((url) => this.client.fetchCalendarObjects({ calendar: { url }, timeRange })),
      );
      const options = {
        account: this.credentials.username,
        timeZone,
        onWalkLimit: (where: string) => seriesWalkLimits.inc({ service: SERVICE, where }),
      };
      return perCalendar.flat().flatMap((object) => {
        const ics = String(object.data ?? '');
        const events = busyEvents(ics, fromMs, toMs, options);
        const bookingId = writtenBooking(object.url, ics);
        return bookingId === null ? events : events.map((event) => ({ ...event, bookingId }));
      });
    } catch (err) {
      throw asProviderError(err);
    }
  }

  async putEvent(calendarId: string, event: CalendarEvent): Promise<WrittenEvent> {
    const url = eventUrl(calendarId, event.bookingId);
    await this.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
      body: calendarResource(event),
    });
    return { externalEventId: url, meetingUrl: null };
  }

  async deleteEvent(_calendarId: string, externalEventId: string): Promise<void> {
    await this.request(externalEventId, { method: 'DELETE' }, [404]);
  }

  private async request(url: string, init: RequestInit, alsoFine: number[] = []): Promise<void> {
    const authorization = basicAuthorization(this.credentials);
    const res = await this.fetch(url, { ...init, headers: { ...(init.headers as object), authorization } });
    if (!res.ok && !alsoFine.includes(res.status)) {
      throw new ProviderUnavailableError(`CalDAV ${init.method} answered ${res.status}`);
    }
  }
}

/**
 * HTTP Basic credentials, UTF-8 encoded (RFC 7617's charset): any username and password a user can
 * type reach the server, which then accepts or refuses them (found by scripts/fuzz-api.sh: a
 * username beyond Latin-1 made tsdav's btoa throw, answered as an unreachable server, 502).
 */
export function basicAuthorization({ username, password }: Pick<CaldavCredentials, 'username' | 'password'>): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/**
 * The booking whose write-back a calendar object is (putEvent's: named `<bookingId>.ics`, its UID
 * `<bookingId>@booking-platform`), or null for any other object.
 */
export function writtenBooking(url: string, ics: string): string | null {
  const name = url.slice(url.lastIndexOf('/') + 1);
  if (!name.endsWith('.ics')) return null;
  let bookingId: string;
  try {
    bookingId = decodeURIComponent(name.slice(0, -'.ics'.length));
  } catch {
    return null;
  }
  if (bookingId === '') return null;
  // Its content lines unfolded (RFC 5545 3.1), one of them the UID.
  const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  return lines.includes(`UID:${calendarResourceUid(bookingId)}`) ? bookingId : null;
}

/** The booking's event resource in the calendar collection. */
export function eventUrl(calendarUrl: string, bookingId: string): string {
  return new URL(`${encodeURIComponent(bookingId)}.ics`, calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`)
    .href;
}

function displayName(name: unknown, url: string): string {
  if (typeof name === 'string' && name !== '') return name;
  return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? url);
}

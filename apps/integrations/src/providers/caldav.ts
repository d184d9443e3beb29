/**
 * CalDAV (iCloud, Fastmail, Nextcloud, Radicale, …) through tsdav: discovery from the server URL,
 * the calendars of the account, a calendar-query with a time range for busy times (parsed with
 * ical.js, recurrences expanded), and the booking's event PUT at `<calendar>/<bookingId>.ics`,
 * so writing it again replaces it instead of adding a second one.
 */
import { DAVClient } from 'tsdav';
import ICAL from 'ical.js';
import {
  asProviderError,
  ProviderAuthError,
  ProviderUnavailableError,
  type CalendarEvent,
  type CalendarProvider,
  type Interval,
  type ProviderCalendar,
  type WrittenEvent,
} from './provider.js';
import { calendarResource } from '@svc/ics';
import { ResponseTooLargeError, UrlRefusedError, type Fetch } from './policy-fetch.js';
import { providerSessions, SERVICE } from '../metrics.js';

export interface CaldavCredentials {
  serverUrl: string;
  username: string;
  password: string;
}

/** Recurring events are expanded at most this far (a rule without end stops at the window). */
const MAX_OCCURRENCES = 5_000;

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

  async busy(calendarIds: readonly string[], fromMs: number, toMs: number): Promise<Interval[]> {
    try {
      await this.ready();
      const timeRange = { start: new Date(fromMs).toISOString(), end: new Date(toMs).toISOString() };
      const perCalendar = await Promise.all(
        calendarIds.map((url) => this.client.fetchCalendarObjects({ calendar: { url }, timeRange })),
      );
      return perCalendar.flat().flatMap((object) => busyIntervals(String(object.data ?? ''), fromMs, toMs));
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

/** The booking's event resource in the calendar collection. */
export function eventUrl(calendarUrl: string, bookingId: string): string {
  return new URL(`${encodeURIComponent(bookingId)}.ics`, calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`)
    .href;
}

function displayName(name: unknown, url: string): string {
  if (typeof name === 'string' && name !== '') return name;
  return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? url);
}

/**
 * The intervals an iCalendar object keeps busy within [fromMs, toMs): opaque, not cancelled
 * VEVENTs, recurrences expanded. An unparsable object blocks nothing (it is logged by no one:
 * the calendar's owner sees it in their own client).
 */
export function busyIntervals(ics: string, fromMs: number, toMs: number): Interval[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return [];
  }
  const out: Interval[] = [];
  for (const vevent of root.getAllSubcomponents('vevent')) {
    if (String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT') continue;
    if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
    // Overrides of single occurrences (RECURRENCE-ID) are handled by the master's expansion.
    if (vevent.hasProperty('recurrence-id')) continue;
    const event = new ICAL.Event(vevent, { strictExceptions: false });
    for (const exception of root.getAllSubcomponents('vevent')) {
      if (exception !== vevent && exception.hasProperty('recurrence-id') && sameUid(exception, vevent)) {
        event.relateException(exception);
      }
    }
    const lengthMs = event.endDate ? event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime() : 0;
    if (!event.isRecurring()) {
      push(out, event.startDate.toJSDate().getTime(), event.endDate.toJSDate().getTime(), fromMs, toMs);
      continue;
    }
    const it = event.iterator();
    for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n++, next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate.toJSDate().getTime();
      if (start >= toMs) break;
      const end = details.endDate ? details.endDate.toJSDate().getTime() : start + lengthMs;
      if (String(details.item.component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
      push(out, start, end, fromMs, toMs);
    }
  }
  return out;
}

const sameUid = (a: ICAL.Component, b: ICAL.Component): boolean =>
  a.getFirstPropertyValue('uid') === b.getFirstPropertyValue('uid');

function push(out: Interval[], startsAtMs: number, endsAtMs: number, fromMs: number, toMs: number): void {
  if (Number.isFinite(startsAtMs) && endsAtMs > startsAtMs && endsAtMs > fromMs && startsAtMs < toMs) {
    out.push({ startsAtMs, endsAtMs });
  }
}

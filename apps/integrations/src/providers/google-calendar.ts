/**
 * Google Calendar API v3 (docs/decisions.md "Integrations"): free/busy for busy times, events
 * insert/patch/delete for the write-back with a Meet link requested through the event's
 * conference data. The base URL is configuration (default Google's); the tests use a local
 * contract stand-in. With the two scopes the grant allows, the account's calendar is `primary`.
 * The event id derives from the booking id, so a repeated insert finds the event (409) and
 * patches it instead of adding a second one.
 */
import { createHash } from 'node:crypto';
import type { GoogleOAuth, GoogleTokens } from './google-oauth.js';
import {
  ProviderAuthError,
  ProviderUnavailableError,
  type CalendarEvent,
  type CalendarProvider,
  type Interval,
  type ProviderCalendar,
  type WrittenEvent,
} from './provider.js';
import { readCappedJson } from './capped-body.js';

export interface GoogleCalendarOptions {
  apiUrl: string;
  oauth: GoogleOAuth;
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

export class GoogleCalendarProvider implements CalendarProvider {
  private tokens: GoogleTokens;

  constructor(private readonly options: GoogleCalendarOptions) {
    this.tokens = options.tokens;
  }

  async listCalendars(): Promise<ProviderCalendar[]> {
    // The grant has no calendar-list scope; checking the token is still a real request.
    await this.call('POST', '/freeBusy', {
      timeMin: new Date(0).toISOString(),
      timeMax: new Date(1).toISOString(),
      items: [{ id: 'primary' }],
    });
    return [{ calendarId: 'primary', name: 'Primary calendar' }];
  }

  async busy(calendarIds: readonly string[], fromMs: number, toMs: number): Promise<Interval[]> {
    const res = (await this.call('POST', '/freeBusy', {
      timeMin: new Date(fromMs).toISOString(),
      timeMax: new Date(toMs).toISOString(),
      items: calendarIds.map((id) => ({ id })),
    })) as { calendars?: Record<string, { busy?: Array<{ start: string; end: string }>; errors?: unknown[] }> };
    const out: Interval[] = [];
    for (const id of calendarIds) {
      const entry = res.calendars?.[id];
      if (!entry || (entry.errors && entry.errors.length > 0)) {
        throw new ProviderUnavailableError(`free/busy of calendar ${id} could not be read`);
      }
      for (const b of entry.busy ?? []) out.push({ startsAtMs: Date.parse(b.start), endsAtMs: Date.parse(b.end) });
    }
    return out;
  }

  async putEvent(calendarId: string, event: CalendarEvent): Promise<WrittenEvent> {
    const id = googleEventId(event.bookingId);
    const body = {
      summary: event.title,
      description: event.description,
      start: { dateTime: new Date(event.startsAtMs).toISOString() },
      end: { dateTime: new Date(event.endsAtMs).toISOString() },
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
    return { externalEventId: written.id ?? id, meetingUrl: meetingUrlOf(written) };
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

interface GoogleEvent {
  id?: string;
  hangoutLink?: string;
  conferenceData?: { entryPoints?: Array<{ entryPointType?: string; uri?: string }> };
}

function meetingUrlOf(event: GoogleEvent): string | null {
  const video = event.conferenceData?.entryPoints?.find((e) => e.entryPointType === 'video')?.uri;
  return video ?? event.hangoutLink ?? null;
}

/**
 * Zoom meetings of bookings through the Zoom API v2 (docs/decisions.md "Integrations", "Zoom"):
 * one scheduled meeting per booking in the connected user's account (`/users/me`), its topic the
 * service's name and its agenda `Booking <bookingId>` (no personal data), moved with PATCH on a
 * reschedule and removed on cancel. The meeting's id is kept on the booking's sync record; when
 * no id is known (a first write, or one whose answer was lost in a crash) the user's upcoming
 * meetings are looked through for the one whose agenda names the booking, so a retry adopts the
 * meeting it made instead of making a second. The base URL is configuration (ZOOM_API_URL);
 * the tests use a contract stand-in (libs/testing zoom-standin.ts).
 */
import { retryAfterMs } from '@svc/background';
import { readCappedJson } from '../../providers/capped-body.js';
import { ProviderAuthError, ProviderUnavailableError, type CalendarProvider } from '../../providers/provider.js';

export interface ZoomMeetingsOptions {
  /** The API's base URL, `…/v2`. */
  apiUrl: string;
  /** A current access token of the connection (refreshed, and the rotated tokens stored, by the caller). */
  accessToken: () => Promise<string>;
  timeoutMs: number;
  /** The most one answer may carry (PROVIDER_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
}

/** A booking's meeting as it should be. */
export interface BookingMeeting {
  bookingId: string;
  /** The service's name (the meeting's title at Zoom and in the host's client). */
  topic: string;
  startsAtMs: number;
  endsAtMs: number;
}

/** A meeting at the provider: its id and the link participants join with. */
export interface HeldMeeting {
  meetingId: string;
  joinUrl: string;
}

/** The meetings of one connected video account (docs/architecture.md "Integrations"). */
export interface MeetingProvider {
  /** The account's email (checks the grant; a connect names the connection after it). */
  account(): Promise<string>;
  /**
   * Makes the booking's meeting match `meeting`: the one known (`known`) moved, else the user's
   * upcoming meeting whose agenda names the booking adopted and moved, else a new one.
   */
  putMeeting(meeting: BookingMeeting, known: HeldMeeting | null): Promise<HeldMeeting>;
  /** Removes the meeting; one already gone (or ended) is fine. */
  deleteMeeting(meetingId: string): Promise<void>;
}

/** What a booking's meeting says of it: the only thing that ties a meeting to a booking. */
export const meetingAgenda = (bookingId: string): string => `Booking ${bookingId}`;

/** The reference's largest list page. */
const PAGE_SIZE = 300;
/** Pages of upcoming meetings looked through for a lost meeting (3,000 meetings). */
const MAX_PAGES = 10;
/** Zoom's longest topic. */
const MAX_TOPIC = 200;
/** Zoom's error codes (its error-code page): no such meeting; a meeting that has ended cannot be deleted. */
const MEETING_NOT_FOUND = 3001;
const MEETING_ENDED = 3007;
/** Codes of a token Zoom refuses: invalid (124), without the scopes the call needs (4700, 4711). */
const REFUSED_TOKEN = new Set([124, 4700, 4711]);

interface ZoomMeeting {
  id?: unknown;
  join_url?: unknown;
  agenda?: unknown;
}

export class ZoomMeetings implements MeetingProvider {
  constructor(private readonly options: ZoomMeetingsOptions) {}

  async account(): Promise<string> {
    const me = (await this.call('GET', '/users/me')) as { email?: unknown; id?: unknown };
    if (typeof me.email === 'string' && me.email !== '') return me.email;
    if (typeof me.id === 'string' && me.id !== '') return me.id;
    throw new ProviderUnavailableError('Zoom answered no user for the token');
  }

  async putMeeting(meeting: BookingMeeting, known: HeldMeeting | null): Promise<HeldMeeting> {
    const held = known ?? (await this.findMeeting(meeting.bookingId));
    if (held && (await this.update(held.meetingId, meeting))) return held;
    const created = (await this.call('POST', '/users/me/meetings', {
      ...fieldsOf(meeting),
      // A scheduled meeting (the reference's type 2).
      type: 2,
    })) as ZoomMeeting;
    return heldOf(created);
  }

  async deleteMeeting(meetingId: string): Promise<void> {
    await this.call('DELETE', `/meetings/${encodeURIComponent(meetingId)}`, undefined, [
      MEETING_NOT_FOUND,
      MEETING_ENDED,
    ]);
  }

  /** Moves the meeting; false when it no longer exists (deleted at Zoom by its host). */
  private async update(meetingId: string, meeting: BookingMeeting): Promise<boolean> {
    const res = await this.call('PATCH', `/meetings/${encodeURIComponent(meetingId)}`, fieldsOf(meeting), [
      MEETING_NOT_FOUND,
    ]);
    return res !== GONE;
  }

  /** The user's upcoming meeting whose agenda names the booking (a write whose answer was lost). */
  private async findMeeting(bookingId: string): Promise<HeldMeeting | null> {
    const agenda = meetingAgenda(bookingId);
    let token = '';
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ type: 'upcoming', page_size: String(PAGE_SIZE) });
      if (token !== '') query.set('next_page_token', token);
      const res = (await this.call('GET', `/users/me/meetings?${query}`)) as {
        meetings?: ZoomMeeting[];
        next_page_token?: unknown;
      };
      const mine = (res.meetings ?? []).find((m) => m.agenda === agenda);
      if (mine) return heldOf(mine);
      token = typeof res.next_page_token === 'string' ? res.next_page_token : '';
      if (token === '') return null;
    }
    // An account with more upcoming meetings than that: a lost meeting there may be made twice.
    return null;
  }

  private async call(method: string, path: string, body?: unknown, fineCodes: number[] = []): Promise<unknown> {
    const token = await this.options.accessToken();
    let res: Response;
    try {
      res = await fetch(`${this.options.apiUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new ProviderUnavailableError(`Zoom unreachable: ${(err as Error).message}`);
    }
    if (res.status === 204) return {};
    let answer: { code?: unknown };
    try {
      answer = ((await readCappedJson(res, this.options.maxResponseBytes)) ?? {}) as { code?: unknown };
    } catch (err) {
      if (res.ok) throw new ProviderUnavailableError(`Zoom ${(err as Error).message}`);
      answer = {};
    }
    if (res.ok) return answer;
    const code = typeof answer.code === 'number' ? answer.code : null;
    if (code !== null && fineCodes.includes(code)) return GONE;
    if (res.status === 401 || (code !== null && REFUSED_TOKEN.has(code))) {
      throw new ProviderAuthError(
        `Zoom refused the access token (${res.status}${code === null ? '' : `, code ${code}`})`,
      );
    }
    if (res.status === 429) {
      throw new ProviderUnavailableError('Zoom answered 429 (rate limit)', {
        retryAfterMs: retryAfterMs(res.headers.get('retry-after'), Date.now()),
      });
    }
    throw new ProviderUnavailableError(`Zoom answered ${res.status}${code === null ? '' : ` (code ${code})`}`);
  }
}

/**
 * A Zoom account seen as a calendar account: it has no calendars (listing them checks the grant
 * with `/users/me`), nothing of it blocks time and it receives no events.
 */
export function zoomCalendars(meetings: MeetingProvider): CalendarProvider {
  const noCalendar = () => Promise.reject(new ProviderUnavailableError('a Zoom account has no calendar'));
  return {
    listCalendars: async () => {
      await meetings.account();
      return [];
    },
    busy: async () => [],
    putEvent: noCalendar,
    deleteEvent: noCalendar,
  };
}

/** The answer of a call whose failure code was one the caller takes as done. */
const GONE = Symbol('gone');

/** The meeting's fields as the create and update bodies name them. */
function fieldsOf(meeting: BookingMeeting) {
  return {
    topic: meeting.topic.slice(0, MAX_TOPIC),
    agenda: meetingAgenda(meeting.bookingId),
    // UTC, whole seconds (the reference's `yyyy-MM-ddTHH:mm:ssZ`); the host's profile zone shows it.
    start_time: new Date(meeting.startsAtMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    duration: Math.max(1, Math.round((meeting.endsAtMs - meeting.startsAtMs) / 60_000)),
  };
}

function heldOf(meeting: ZoomMeeting): HeldMeeting {
  const id = typeof meeting.id === 'number' || typeof meeting.id === 'string' ? String(meeting.id) : '';
  const joinUrl = typeof meeting.join_url === 'string' ? meeting.join_url : '';
  if (!/^\d+$/.test(id) || !/^https?:\/\//.test(joinUrl)) {
    throw new ProviderUnavailableError('Zoom answered a meeting without an id or join URL');
  }
  return { meetingId: id, joinUrl };
}


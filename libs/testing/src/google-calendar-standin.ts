import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { instanceId, singleEvents, type GoogleEvent } from './google-calendar-instances.js';
import { parseFields, project } from './google-fields.js';
import { readJsonBody } from './request-body.js';

/**
 * A contract stand-in for the Google Calendar API v3, NOT Google: it implements only the
 * documented request and response shapes the integrations service uses, following the API
 * reference (https://developers.google.com/calendar/api/v3/reference/events/list and the
 * events insert/patch/delete pages beside it):
 * - `GET /calendars/{id}/events` with `singleEvents=true` (recurring events as their instances,
 *   moved and cancelled instances as exceptions: google-calendar-instances.ts), `timeMin`,
 *   `timeMax` (RFC 3339 with an offset; the event's end after timeMin, its start before
 *   timeMax), `showDeleted`, `maxResults` (1–2,500, default 250) with `nextPageToken` /
 *   `pageToken`, `maxAttendees` (more attendees than that: only the account's own entry, and
 *   `attendeesOmitted`) and `fields` (a partial response; a field the resource does not have is
 *   400 "Invalid field selection", as Google answers). `singleEvents=false` is not implemented
 *   (400 saying so);
 * - `POST /calendars/{id}/events` (insert, with a caller-chosen id, 409 when it exists, and
 *   `conferenceData.createRequest` answered with a Meet entry point), `PATCH` and `DELETE` of
 *   `/calendars/{id}/events/{eventId}`;
 * behind bearer tokens the test's `verifyToken` accepts (e.g. the local OAuth provider's own
 * token store). All-day dates are read in the calendar's zone (`timeZone`, default UTC).
 */
export type StandInEvent = GoogleEvent;

/** An event as a test writes it into a calendar: any fields of the resource; id and status may be left out. */
export type NewStandInEvent = Omit<GoogleEvent, 'id' | 'status'> & Partial<Pick<GoogleEvent, 'id' | 'status'>>;

export interface GoogleCalendarStandIn {
  /** The API base URL (what GOOGLE_CALENDAR_API_URL names). */
  url: string;
  /** The events of a calendar ('primary') as stored (series, exceptions, cancelled ones included). */
  events(calendarId: string): StandInEvent[];
  /** Adds a busy event as the calendar's owner would (another app, the phone). */
  addBusy(calendarId: string, startMs: number, endMs: number): void;
  /**
   * Adds (or replaces, by id) an event as the calendar's owner's own client would write it: a
   * series with `recurrence`, an exception of one with `recurringEventId` and
   * `originalStartTime` (its id then defaults to the instance's), an all-day event, …
   */
  putEvent(calendarId: string, event: NewStandInEvent): StandInEvent;
  /** Every events.list request, its query as asked. */
  listRequests(): URLSearchParams[];
  /** Every access token a request carried, in order. */
  tokensSeen(): string[];
  /** While down, every request answers 503. */
  setDown(down: boolean): void;
  /**
   * The next `times` Meet conferences asked for are still being made: the event comes back with
   * `conferenceData.createRequest.status.statusCode: "pending"` and no entry point, as Google
   * may answer (its reference: "the conference create request is still being processed").
   */
  meetPending(times: number): void;
  close(): Promise<void>;
}

export async function startGoogleCalendarStandIn(opts: {
  verifyToken: (token: string) => Promise<boolean>;
  /** The calendars' zone, in which all-day dates are read (default UTC). */
  timeZone?: string;
}): Promise<GoogleCalendarStandIn> {
  const timeZone = opts.timeZone ?? 'UTC';
  const calendars = new Map<string, Map<string, StandInEvent>>();
  const seen: string[] = [];
  const lists: URLSearchParams[] = [];
  let down = false;
  let pendingMeets = 0;
  const calendar = (id: string) => {
    let c = calendars.get(id);
    if (!c) calendars.set(id, (c = new Map()));
    return c;
  };
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { error: { code: status, message } });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (down) return error(res, 503, 'Backend Error');
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !(await opts.verifyToken(token))) return error(res, 401, 'Invalid Credentials');
    seen.push(token);
    const body = await readJsonBody(req);
    if (body === undefined) return error(res, 400, 'Parse Error');
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);

    if (path[0] !== 'calendars' || path[2] !== 'events' || path[1] === undefined) return error(res, 404, 'Not Found');
    const events = calendar(path[1]);
    if (req.method === 'GET' && path.length === 3) {
      lists.push(url.searchParams);
      return list(res, [...events.values()], url.searchParams);
    }
    const withConference = url.searchParams.get('conferenceDataVersion') === '1';
    const conference = (id: string, request: unknown) => {
      if (!withConference || typeof request !== 'object' || request === null || !('createRequest' in request))
        return {};
      if (pendingMeets > 0) {
        pendingMeets--;
        const { requestId } = (request as { createRequest: { requestId?: string } }).createRequest;
        return { conferenceData: { createRequest: { requestId, status: { statusCode: 'pending' } } } };
      }
      const uri = `https://meet.google.com/${id.slice(0, 3)}-${id.slice(3, 7)}-${id.slice(7, 10)}`;
      return {
        hangoutLink: uri,
        conferenceData: {
          conferenceSolution: { key: { type: 'hangoutsMeet' } },
          entryPoints: [{ entryPointType: 'video', uri }],
        },
      };
    };
    if (req.method === 'POST' && path.length === 3) {
      const id = typeof body.id === 'string' ? body.id : randomBytes(10).toString('hex');
      if (!/^[a-v0-9]{5,1024}$/.test(id)) return error(res, 400, 'Invalid resource id value.');
      if (Array.isArray(body.recurrence) && !(body.start as { timeZone?: string } | undefined)?.timeZone) {
        return error(res, 400, 'Missing time zone definition for start time.');
      }
      if (events.has(id)) return error(res, 409, 'The requested identifier already exists.');
      const event = {
        ...(body as object),
        id,
        status: 'confirmed' as const,
        ...conference(id, body.conferenceData),
      } as StandInEvent;
      events.set(id, event);
      return send(res, 200, event);
    }
    const existing = path[3] === undefined ? undefined : events.get(path[3]);
    if (!existing) return error(res, 404, 'Not Found');
    if (req.method === 'PATCH' && path.length === 4) {
      const patched = {
        ...existing,
        ...(body as object),
        id: existing.id,
        ...conference(existing.id, body.conferenceData),
      };
      events.set(existing.id, patched as StandInEvent);
      return send(res, 200, patched);
    }
    if (req.method === 'DELETE' && path.length === 4) {
      if (existing.status === 'cancelled') return error(res, 410, 'Resource has been deleted');
      events.set(existing.id, { ...existing, status: 'cancelled' });
      return send(res, 204);
    }
    return error(res, 405, 'Method Not Allowed');
  }

  /** events.list (see the doc comment above for what of it is implemented). */
  function list(res: ServerResponse, events: StandInEvent[], q: URLSearchParams): void {
    const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    for (const name of ['timeMin', 'timeMax']) {
      const value = q.get(name);
      if (value !== null && !rfc3339.test(value)) return error(res, 400, `Bad Request: invalid ${name}`);
    }
    const fromMs = q.has('timeMin') ? Date.parse(q.get('timeMin')!) : -8.64e15;
    const toMs = q.has('timeMax') ? Date.parse(q.get('timeMax')!) : 8.64e15;
    if (toMs <= fromMs) return error(res, 400, 'The specified time range is empty.');
    if (q.get('singleEvents') !== 'true')
      return error(res, 400, 'singleEvents=false is not implemented by the stand-in');
    const maxResults = Number(q.get('maxResults') ?? 250);
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 2500) return error(res, 400, 'Invalid value');
    const maxAttendees = q.has('maxAttendees') ? Number(q.get('maxAttendees')) : Infinity;
    if (!(maxAttendees >= 1)) return error(res, 400, 'Invalid value');
    const fields = q.has('fields') ? parseFields(q.get('fields')!) : null;
    if (typeof fields === 'string') return error(res, 400, `Invalid field selection ${fields}`);
    const token = q.get('pageToken');
    const offset =
      token === null
        ? 0
        : Number(
            Buffer.from(token, 'base64url')
              .toString()
              .replace(/^page:/, ''),
          );
    if (!Number.isInteger(offset) || offset < 0) return error(res, 400, 'Invalid page token');

    const all = singleEvents(events, fromMs, toMs, timeZone, q.get('showDeleted') === 'true');
    const items = all
      .slice(offset, offset + maxResults)
      .map((e) =>
        e.attendees && e.attendees.length > maxAttendees
          ? { ...e, attendees: e.attendees.filter((a) => a.self), attendeesOmitted: true }
          : e,
      );
    const more = offset + maxResults < all.length;
    const page = {
      kind: 'calendar#events',
      summary: 'primary',
      timeZone,
      updated: new Date().toISOString(),
      items: items.map((e) => ({ kind: 'calendar#event', ...e })),
      ...(more
        ? { nextPageToken: Buffer.from(`page:${offset + maxResults}`).toString('base64url') }
        : { nextSyncToken: randomBytes(8).toString('hex') }),
    };
    send(res, 200, fields ? project(page, fields) : page);
  }

  const put = (calendarId: string, event: NewStandInEvent): StandInEvent => {
    const exceptionId =
      event.recurringEventId && event.originalStartTime
        ? instanceId(event.recurringEventId, event.originalStartTime)
        : undefined;
    if (event.recurrence?.length && event.start.dateTime && !event.start.timeZone) {
      throw new Error(
        'a recurring event needs start.timeZone (Google: "Missing time zone definition for start time.")',
      );
    }
    const stored: StandInEvent = {
      ...event,
      id: event.id ?? exceptionId ?? randomBytes(8).toString('hex'),
      status: event.status ?? 'confirmed',
    };
    calendar(calendarId).set(stored.id, stored);
    return stored;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'stand-in failure'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    events: (id) => [...calendar(id).values()],
    addBusy(id, startMs, endMs) {
      put(id, {
        start: { dateTime: new Date(startMs).toISOString() },
        end: { dateTime: new Date(endMs).toISOString() },
      });
    },
    putEvent: put,
    listRequests: () => [...lists],
    tokensSeen: () => [...seen],
    setDown(value) {
      down = value;
    },
    meetPending(times) {
      pendingMeets = times;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

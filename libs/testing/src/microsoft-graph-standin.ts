import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  graphTime,
  instantOf,
  midnight,
  occurrencesOf,
  type GraphEvent,
  type GraphRecurrence,
} from './microsoft-graph-occurrences.js';
import { readJsonBody } from './request-body.js';

/**
 * A contract stand-in for Microsoft Graph v1.0, NOT Microsoft: only the documented request and
 * response shapes the integrations service uses, following the Graph reference:
 * - `GET /me` (https://learn.microsoft.com/en-us/graph/api/user-get): `id`, `displayName`,
 *   `mail`, `userPrincipalName`;
 * - `GET /me/calendars` (https://learn.microsoft.com/en-us/graph/api/user-list-calendars):
 *   `value` of calendars (`id`, `name`, `isDefaultCalendar`, `canEdit`), `$top` (default 10)
 *   and `@odata.nextLink` (with `$skip`) while more remain;
 * - `GET /me/calendars/{id}/calendarView` and `GET /me/calendarView` (the default calendar;
 *   https://learn.microsoft.com/en-us/graph/api/user-list-calendarview): `startDateTime` and
 *   `endDateTime` required (ISO 8601; without an offset UTC), the events overlapping the window
 *   with series expanded server-side (microsoft-graph-occurrences.ts), cancelled occurrences
 *   kept with `isCancelled: true`, `$top` (default 10, at most 1,000 or `maxPageSize`), `$select` (an unknown
 *   property is 400) and `@odata.nextLink`; times in the zone `Prefer: outlook.timezone="…"`
 *   names (UTC without it; `Preference-Applied` says so), all-day events at midnight in any zone;
 *   `$expand=singleValueExtendedProperties($filter=id eq '…')` (the form the reference's "Get
 *   singleValueLegacyExtendedProperty" page gives; any other `$expand` is 400 from the stand-in):
 *   each event holding that property comes with `singleValueExtendedProperties: [{ id, value }]`,
 *   an occurrence with its series master's, others without the field;
 * - `GET /me/calendars/{id}/events` with `$filter=singleValueExtendedProperties/Any(ep: ep/id eq
 *   '…' and ep/value eq '…')` (the form the reference's "Get singleValueLegacyExtendedProperty"
 *   page gives; any other `$filter` is 400 from the stand-in);
 * - `POST /me/calendars/{id}/events` (https://learn.microsoft.com/en-us/graph/api/user-post-events
 *   and .../calendar-post-events): 201 with the event; `isOnlineMeeting: true` with
 *   `onlineMeetingProvider: "teamsForBusiness"` answered with `onlineMeeting.joinUrl`;
 *   `singleValueExtendedProperties` kept (ids as `String {guid} Name …`);
 * - `PATCH /me/events/{id}` (https://learn.microsoft.com/en-us/graph/api/event-update) 200 with
 *   the event, and `DELETE /me/events/{id}` (https://learn.microsoft.com/en-us/graph/api/event-delete)
 *   204; an unknown or deleted event is 404 `ErrorItemNotFound`;
 * errors in Graph's shape (https://learn.microsoft.com/en-us/graph/errors): `{ error: { code,
 * message, innerError: { date, request-id } } }`; a token `verifyToken` refuses is 401
 * `InvalidAuthenticationToken`. Throttling (https://learn.microsoft.com/en-us/graph/throttling):
 * `throttleNext(n, s)` answers the next n requests 429 `TooManyRequests` with `Retry-After: s`;
 * `setDown(true)` answers 503 `serviceNotAvailable`.
 */
export type { GraphEvent, GraphRecurrence } from './microsoft-graph-occurrences.js';

export interface GraphCalendar {
  id: string;
  name: string;
  isDefaultCalendar: boolean;
  canEdit: boolean;
}

/** An event as the mailbox owner's Outlook writes it: times as Graph takes them, id and type optional. */
export type NewGraphEvent = Omit<GraphEvent, 'id' | 'type'> & Partial<Pick<GraphEvent, 'id' | 'type'>>;

export interface GraphRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The `Prefer` header as sent. */
  prefer: string | undefined;
  body: Record<string, unknown>;
}

export interface MicrosoftGraphStandIn {
  /** The API's base URL, `…/v1.0` (what MICROSOFT_GRAPH_API_URL names). */
  url: string;
  /** The default calendar's id. */
  defaultCalendarId: string;
  /** Adds a calendar to the mailbox; answers its id. */
  addCalendar(name: string): string;
  /** The events stored in a calendar (series masters, exceptions and single events). */
  events(calendarId: string): GraphEvent[];
  /**
   * Adds (or replaces, by id) an event as the owner's Outlook would: a series with `recurrence`,
   * an exception with `seriesMasterId` and `originalStart`, …; `extended`: the single-value
   * extended properties another app set on it.
   */
  putEvent(calendarId: string, event: NewGraphEvent, extended?: Array<{ id: string; value: string }>): GraphEvent;
  /** A busy timed event of the owner's. */
  addBusy(calendarId: string, startMs: number, endMs: number): GraphEvent;
  /** Removes one occurrence of a series (as deleting it in Outlook does): it leaves the view. */
  deleteOccurrence(seriesMasterId: string, originalStartMs: number): void;
  /** Every request after the token check, in order. */
  requests(): GraphRequest[];
  /** Every access token a request carried (accepted or not), in order. */
  tokensSeen(): string[];
  /** The next `n` requests answer 429 with `Retry-After: retryAfterS`. */
  throttleNext(n: number, retryAfterS: number): void;
  /** While down, every request answers 503. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/** The event properties `$select` may name (the event resource's, as far as the stand-in keeps them). */
const EVENT_PROPERTIES = new Set([
  'id',
  'subject',
  'body',
  'bodyPreview',
  'start',
  'end',
  'isAllDay',
  'isCancelled',
  'showAs',
  'responseStatus',
  'type',
  'seriesMasterId',
  'originalStart',
  'recurrence',
  'location',
  'isOnlineMeeting',
  'onlineMeetingProvider',
  'onlineMeeting',
  'transactionId',
  'createdDateTime',
  'lastModifiedDateTime',
  'organizer',
  'attendees',
  'sensitivity',
  'importance',
  'categories',
  'webLink',
  'iCalUId',
]);
const EXTENDED_ID = /^String \{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\} Name \S+$/;
const PROPERTY_EXPAND = /^singleValueExtendedProperties\(\$filter=id eq '((?:[^']|'')*)'\)$/;
const PROPERTY_FILTER =
  /^singleValueExtendedProperties\/Any\(ep: ep\/id eq '((?:[^']|'')*)' and ep\/value eq '((?:[^']|'')*)'\)$/;

interface Stored {
  calendarId: string;
  event: GraphEvent;
  extended: Array<{ id: string; value: string }>;
}

export async function startMicrosoftGraphStandIn(opts: {
  verifyToken: (token: string) => Promise<boolean>;
  /** The mailbox's zone, in which all-day dates are read (default UTC). */
  timeZone?: string;
  user?: { mail: string; displayName: string };
  /** The largest page the server answers whatever `$top` asks (Graph may answer fewer; default 1,000). */
  maxPageSize?: number;
}): Promise<MicrosoftGraphStandIn> {
  const mailboxZone = opts.timeZone ?? 'UTC';
  const user = opts.user ?? { mail: 'staff@contoso.test', displayName: 'Staff Member' };
  const calendars: GraphCalendar[] = [];
  const events = new Map<string, Stored>();
  const deletedOccurrences = new Set<string>();
  const seen: string[] = [];
  const log: GraphRequest[] = [];
  let throttled = { n: 0, retryAfterS: 0 };
  let down = false;
  let base = '';

  const addCalendar = (name: string, isDefaultCalendar = false): string => {
    const id = `AAMkAD${randomBytes(12).toString('base64url')}`;
    calendars.push({ id, name, isDefaultCalendar, canEdit: true });
    return id;
  };
  const defaultCalendarId = addCalendar('Calendar', true);

  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string, headers = {}) =>
    send(
      res,
      status,
      { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomUUID() } } },
      headers,
    );

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (down) return error(res, 503, 'serviceNotAvailable', 'The service is temporarily unavailable.');
    if (throttled.n > 0) {
      throttled.n--;
      return error(res, 429, 'TooManyRequests', 'Please retry again later.', {
        'retry-after': String(throttled.retryAfterS),
      });
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token) seen.push(token);
    if (!token || !(await opts.verifyToken(token))) {
      return error(res, 401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.', {
        'www-authenticate': 'Bearer realm=""',
      });
    }
    const body = await readJsonBody(req);
    if (body === undefined) return error(res, 400, 'BadRequest', 'Unable to read JSON request payload.');
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname
      .replace(/^\/v1\.0/, '')
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
    const prefer = req.headers.prefer as string | undefined;
    log.push({ method: req.method ?? '', path: `/${path.join('/')}`, query: url.searchParams, prefer, body });
    if (path[0] !== 'me') return error(res, 400, 'BadRequest', 'Resource not found for the segment.');
    const q = url.searchParams;

    if (req.method === 'GET' && path.length === 1) {
      return send(res, 200, {
        id: randomUUID(),
        displayName: user.displayName,
        mail: user.mail,
        userPrincipalName: user.mail,
      });
    }
    if (req.method === 'GET' && path.length === 2 && path[1] === 'calendars') {
      return page(res, calendars, q, `/me/calendars`, 10);
    }
    if (req.method === 'GET' && path[1] === 'calendarView' && path.length === 2) {
      return calendarView(res, defaultCalendarId, q, prefer, '/me/calendarView');
    }
    if (path[1] === 'calendars' && path[2] !== undefined) {
      if (!calendars.some((c) => c.id === path[2])) return notFound(res);
      const calendarId = path[2];
      if (req.method === 'GET' && path[3] === 'calendarView' && path.length === 4) {
        return calendarView(res, calendarId, q, prefer, `/me/calendars/${calendarId}/calendarView`);
      }
      if (req.method === 'GET' && path[3] === 'events' && path.length === 4) return findEvents(res, calendarId, q);
      if (req.method === 'POST' && path[3] === 'events' && path.length === 4) return create(res, calendarId, body);
    }
    if (path[1] === 'events' && path.length === 3) {
      const stored = events.get(path[2]!);
      if (!stored) return notFound(res);
      if (req.method === 'PATCH') {
        const problem = checkTimes(body, false);
        if (problem) return error(res, 400, 'ErrorInvalidRequest', problem);
        stored.event = {
          ...stored.event,
          ...(body as Partial<GraphEvent>),
          id: stored.event.id,
          type: stored.event.type,
        };
        meeting(stored.event);
        return send(res, 200, stored.event);
      }
      if (req.method === 'DELETE') {
        events.delete(stored.event.id);
        return send(res, 204);
      }
    }
    return error(res, 405, 'ErrorInvalidRequest', 'The OData request is not supported.');
  }

  const notFound = (res: ServerResponse) =>
    error(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');

  /** A page of `items` after `$skip`, `$top` at a time, with the next page's link. */
  function page(
    res: ServerResponse,
    items: unknown[],
    q: URLSearchParams,
    path: string,
    defaultTop: number,
    headers = {},
  ) {
    const top = q.has('$top') ? Number(q.get('$top')) : defaultTop;
    const skip = q.has('$skip') ? Number(q.get('$skip')) : 0;
    if (!Number.isInteger(top) || top < 1 || !Number.isInteger(skip) || skip < 0) {
      return error(res, 400, 'ErrorInvalidParameter', 'Invalid value for $top or $skip.');
    }
    const size = Math.min(top, opts.maxPageSize ?? 1000);
    const next = new URLSearchParams(q);
    next.set('$top', String(size));
    next.set('$skip', String(skip + size));
    return send(
      res,
      200,
      {
        '@odata.context': `${base}/$metadata#${path.split('/').pop()}`,
        value: items.slice(skip, skip + size),
        ...(skip + size < items.length ? { '@odata.nextLink': `${base}${path}?${next}` } : {}),
      },
      headers,
    );
  }

  function calendarView(
    res: ServerResponse,
    calendarId: string,
    q: URLSearchParams,
    prefer: string | undefined,
    path: string,
  ) {
    const from = parseInstant(q.get('startDateTime'));
    const to = parseInstant(q.get('endDateTime'));
    if (from === null || to === null) {
      return error(
        res,
        400,
        'ErrorInvalidParameter',
        'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
      );
    }
    const zone = /outlook\.timezone="([^"]+)"/.exec(prefer ?? '')?.[1] ?? 'UTC';
    if (zone !== 'UTC' && !Intl.supportedValuesOf('timeZone').includes(zone)) {
      return error(res, 400, 'ErrorInvalidParameter', `The stand-in knows UTC and IANA zones only, not ${zone}.`);
    }
    const select = q.has('$select')
      ? q
          .get('$select')!
          .split(',')
          .map((s) => s.trim())
      : null;
    const unknown = select?.find((s) => !EVENT_PROPERTIES.has(s));
    if (unknown) {
      return error(
        res,
        400,
        'RequestBroker--ParseUri',
        `Could not find a property named '${unknown}' on type 'microsoft.graph.event'.`,
      );
    }
    const expand = q.get('$expand');
    const expanded = expand === null ? null : PROPERTY_EXPAND.exec(expand);
    if (expand !== null && !expanded) {
      return error(res, 400, 'BadRequest', 'The stand-in expands one single-value extended property only.');
    }
    const expandedId = expanded ? expanded[1]!.replace(/''/g, "'").toLowerCase() : null;
    const view = viewOf(calendarId, from, to)
      .map((e) => inZone(e, zone))
      .map((e) => {
        const selected = select
          ? Object.fromEntries(Object.entries(e).filter(([k]) => k === 'id' || select.includes(k)))
          : e;
        if (expandedId === null) return selected;
        const owner = events.get(e.id) ?? (e.seriesMasterId ? events.get(e.seriesMasterId) : undefined);
        const properties = (owner?.extended ?? []).filter((p) => p.id.toLowerCase() === expandedId);
        return properties.length === 0 ? selected : { ...selected, singleValueExtendedProperties: properties };
      });
    return page(res, view, q, path, 10, { 'preference-applied': `outlook.timezone="${zone}"` });
  }

  /** The events and occurrences of a calendar overlapping `[from, to)`, by start. */
  function viewOf(calendarId: string, from: number, to: number): GraphEvent[] {
    const stored = [...events.values()].filter((s) => s.calendarId === calendarId).map((s) => s.event);
    const startOf = (e: GraphEvent) => instantOf(e.start, e.isAllDay === true, mailboxZone);
    const endOf = (e: GraphEvent) => instantOf(e.end, e.isAllDay === true, mailboxZone);
    const out: GraphEvent[] = [];
    for (const event of stored) {
      if (event.type === 'seriesMaster') {
        const exceptions = new Set(
          stored.filter((e) => e.seriesMasterId === event.id).map((e) => Date.parse(e.originalStart ?? '')),
        );
        for (const occurrence of occurrencesOf(event, to, mailboxZone)) {
          const original = Date.parse(occurrence.originalStart!);
          if (exceptions.has(original) || deletedOccurrences.has(`${event.id} ${original}`)) continue;
          out.push(occurrence);
        }
      } else {
        out.push(event);
      }
    }
    return out
      .filter((e) => endOf(e) > from && startOf(e) < to)
      .sort((a, b) => startOf(a) - startOf(b) || a.id.localeCompare(b.id));
  }

  /** An event with its times in `zone` (all-day ones stay at midnight, as Graph answers them). */
  function inZone(event: GraphEvent, zone: string): GraphEvent {
    const allDay = event.isAllDay === true;
    const at = (t: GraphEvent['start']) =>
      allDay ? midnight(t.dateTime.slice(0, 10), zone) : graphTime(instantOf(t, false, mailboxZone), zone);
    return { ...event, start: at(event.start), end: at(event.end) };
  }

  function findEvents(res: ServerResponse, calendarId: string, q: URLSearchParams) {
    const filter = q.get('$filter');
    const match = filter === null ? null : PROPERTY_FILTER.exec(filter);
    if (filter !== null && !match) {
      return error(
        res,
        400,
        'ErrorInvalidUrlQueryFilter',
        'The stand-in filters on one single-value extended property only.',
      );
    }
    const [id, value] = match ? [match[1]!.replace(/''/g, "'"), match[2]!.replace(/''/g, "'")] : [null, null];
    const found = [...events.values()].filter(
      (s) =>
        s.calendarId === calendarId &&
        s.event.type !== 'exception' &&
        (id === null || s.extended.some((p) => p.id.toLowerCase() === id.toLowerCase() && p.value === value)),
    );
    return page(
      res,
      found.map((s) => s.event),
      q,
      `/me/calendars/${calendarId}/events`,
      10,
    );
  }

  function create(res: ServerResponse, calendarId: string, body: Record<string, unknown>) {
    const problem = checkTimes(body, true);
    if (problem) return error(res, 400, 'ErrorInvalidRequest', problem);
    const extended = (body.singleValueExtendedProperties ?? []) as Array<{ id: string; value: string }>;
    if (
      !Array.isArray(extended) ||
      extended.some((p) => !EXTENDED_ID.test(String(p?.id)) || typeof p.value !== 'string')
    ) {
      return error(res, 400, 'ErrorInvalidProperty', 'The extended property id is not valid.');
    }
    const { singleValueExtendedProperties: _props, ...fields } = body;
    const event = store(calendarId, fields as NewGraphEvent, extended);
    return send(res, 201, event);
  }

  /** Graph's checks of start and end: both with dateTime and timeZone, the end not before the start. */
  function checkTimes(body: Record<string, unknown>, required: boolean): string | null {
    const start = body.start as GraphEvent['start'] | undefined;
    const end = body.end as GraphEvent['end'] | undefined;
    if (!required && start === undefined && end === undefined) return null;
    for (const [name, t] of [
      ['Start', start],
      ['End', end],
    ] as const) {
      if (!t || typeof t.dateTime !== 'string' || typeof t.timeZone !== 'string') return `${name} time is required.`;
      if (t.timeZone !== 'UTC' && !Intl.supportedValuesOf('timeZone').includes(t.timeZone)) {
        return `The stand-in knows UTC and IANA zones only, not ${t.timeZone}.`;
      }
      if (Number.isNaN(instantOf(t, false, mailboxZone))) return `${name} time is not a valid date-time.`;
    }
    if (instantOf(end!, false, mailboxZone) < instantOf(start!, false, mailboxZone)) {
      return 'The end time must be after the start time.';
    }
    return null;
  }

  /** A Teams meeting for an event that asks for one (its join link kept while the event lives). */
  function meeting(event: GraphEvent): void {
    if (event.isOnlineMeeting === true && event.onlineMeetingProvider === 'teamsForBusiness') {
      const existing = (event.onlineMeeting as { joinUrl?: string } | null | undefined)?.joinUrl;
      const thread = `19%3ameeting_${randomBytes(18).toString('base64url')}%40thread.v2`;
      event.onlineMeeting = { joinUrl: existing ?? `https://teams.microsoft.com/l/meetup-join/${thread}/0` };
    } else if (event.isOnlineMeeting === false) {
      event.onlineMeeting = null;
    }
  }

  function store(calendarId: string, input: NewGraphEvent, extended: Stored['extended'] = []): GraphEvent {
    const type =
      input.type ?? (input.recurrence ? 'seriesMaster' : input.seriesMasterId ? 'exception' : 'singleInstance');
    if (input.recurrence && !['daily', 'weekly'].includes((input.recurrence as GraphRecurrence).pattern.type)) {
      throw new Error('the stand-in expands daily and weekly series only');
    }
    const event: GraphEvent = {
      showAs: 'busy',
      isAllDay: false,
      isCancelled: false,
      responseStatus: { response: 'organizer', time: '0001-01-01T00:00:00Z' },
      ...input,
      id: input.id ?? `AAMkAGI${randomBytes(16).toString('base64url')}`,
      type,
    };
    meeting(event);
    events.set(event.id, { calendarId, event, extended });
    return event;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'generalException', 'stand-in failure'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}/v1.0`;
  return {
    url: base,
    defaultCalendarId,
    addCalendar: (name) => addCalendar(name),
    events: (calendarId) => [...events.values()].filter((s) => s.calendarId === calendarId).map((s) => s.event),
    putEvent: (calendarId, event, extended) => store(calendarId, event, extended),
    addBusy: (calendarId, startMs, endMs) =>
      store(calendarId, { start: graphTime(startMs, 'UTC'), end: graphTime(endMs, 'UTC') }),
    deleteOccurrence(seriesMasterId, originalStartMs) {
      deletedOccurrences.add(`${seriesMasterId} ${originalStartMs}`);
    },
    requests: () => [...log],
    tokensSeen: () => [...seen],
    throttleNext(n, retryAfterS) {
      throttled = { n, retryAfterS };
    },
    setDown(value) {
      down = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An ISO 8601 instant as calendarView takes it (without an offset: UTC); null when unreadable. */
function parseInstant(value: string | null): number | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(value))
    return null;
  const ms = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(ms) ? ms : null;
}

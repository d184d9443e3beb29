import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { readJsonBody } from './request-body.js';

/**
 * A contract stand-in for the Zoom API v2, NOT Zoom: only the documented request and response
 * shapes the integrations service uses, following the API reference
 * (https://developers.zoom.us/docs/api/meetings/#tag/meetings, the Users reference's "Get a
 * user" for `/users/me`, the error-code page https://developers.zoom.us/docs/api/errors/ and
 * https://developers.zoom.us/docs/api/rate-limits/):
 * - `GET /users/me`: the token's user (`id`, `email`, names, `timezone`);
 * - `POST /users/me/meetings`: a scheduled meeting (`type` 2) from `topic` (≤ 200 characters),
 *   `agenda` (≤ 2,000), `start_time` (`yyyy-MM-ddTHH:mm:ssZ` in UTC, or local without `Z` in
 *   `timezone`) and `duration` (minutes); 201 with the meeting: `id` a number, `uuid`,
 *   `join_url`, `start_url`, `topic`, `start_time` (UTC, no fraction), `duration`, `timezone`,
 *   `agenda`, `password`, `status` "waiting", `created_at`;
 * - `GET /users/me/meetings?type=upcoming&page_size&next_page_token`: the meetings that have not
 *   ended, soonest first, `page_size` 1–300 (default 30), an opaque `next_page_token` ('' on the
 *   last page), the `agenda` cut to 250 characters as the reference says the list does;
 *   `type=scheduled` lists every meeting, other types are 300 here;
 * - `GET`, `PATCH` (204) and `DELETE` (204) `/meetings/{meetingId}`; an unknown or deleted
 *   meeting is 404 `{ code: 3001, message: "Meeting does not exist: {id}." }`;
 * errors as `{ code, message }` (validation: code 300 "Validation Failed." with `errors`); a
 * token `verifyToken` does not accept is 401 `{ code: 124, message: "Invalid access token." }`.
 * Switches: `setThrottled(s)` answers every request 429 with `Retry-After: s` (the rate-limit
 * page's answer) until cleared; `setDown(true)` answers 503.
 */
export interface ZoomStandInUser {
  /** Zoom's user id (what `host_id` names). */
  id: string;
  email: string;
}

export interface ZoomStandInMeeting {
  id: number;
  uuid: string;
  host_id: string;
  host_email: string;
  topic: string;
  type: number;
  status: 'waiting';
  start_time: string;
  duration: number;
  timezone: string;
  agenda: string;
  created_at: string;
  start_url: string;
  join_url: string;
  password: string;
}

export interface ZoomStandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body as sent ({} when none). */
  body: Record<string, unknown>;
}

export interface ZoomStandIn {
  /** The API base URL (what ZOOM_API_URL names), `…/v2`. */
  url: string;
  /** The user's meetings as stored (deleted ones are gone). */
  meetings(userId: string): ZoomStandInMeeting[];
  /** Adds a meeting as the user's own Zoom client would; answers it. */
  addMeeting(
    user: ZoomStandInUser,
    fields: { topic: string; startMs: number; durationMin: number; agenda?: string },
  ): ZoomStandInMeeting;
  /** Every request that passed the token check, in order. */
  requests(): ZoomStandInRequest[];
  /** While set, every request answers 429 with `Retry-After` of that many seconds; null clears it. */
  setThrottled(retryAfterS: number | null): void;
  /** While down, every request answers 503. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/** Zoom's largest list page and its default. */
const MAX_PAGE_SIZE = 300;
const DEFAULT_PAGE_SIZE = 30;
/** The list shows this much of an agenda. */
const LISTED_AGENDA = 250;

export async function startZoomStandIn(opts: {
  /** The user a bearer token belongs to, or null when Zoom would refuse it. */
  verifyToken: (token: string) => Promise<ZoomStandInUser | null>;
  /** The clock deciding which meetings are upcoming (default Date.now). */
  now?: () => number;
}): Promise<ZoomStandIn> {
  const now = opts.now ?? Date.now;
  const meetings = new Map<number, ZoomStandInMeeting>();
  const pages = new Map<string, number>();
  const seen: ZoomStandInRequest[] = [];
  let nextId = 81_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1_000;
  let throttledS: number | null = null;
  let down = false;

  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, body === undefined ? headers : { ...headers, 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string, extra: object = {}) =>
    send(res, status, { code, message, ...extra });
  const invalid = (res: ServerResponse, field: string, message: string) =>
    error(res, 400, 300, 'Validation Failed.', { errors: [{ field, message }] });
  const utc = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

  /** The meeting's start from `start_time` and `timezone`, or a problem. */
  function startOf(body: Record<string, unknown>): number | string {
    const text = body.start_time;
    if (typeof text !== 'string') return 'is required';
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(text)) return Date.parse(text);
    const zone = typeof body.timezone === 'string' && body.timezone !== '' ? body.timezone : 'UTC';
    const local = DateTime.fromFormat(text, "yyyy-MM-dd'T'HH:mm:ss", { zone });
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(text) && local.isValid ? local.toMillis() : 'Invalid field.';
  }

  /** The fields of a create or update body that are given, checked; a string names a problem. */
  function fieldsOf(body: Record<string, unknown>, creating: boolean): Partial<ZoomStandInMeeting> | [string, string] {
    const out: Partial<ZoomStandInMeeting> = {};
    if (body.topic !== undefined) {
      if (typeof body.topic !== 'string' || body.topic.length > 200) return ['topic', 'Invalid field.'];
      out.topic = body.topic;
    }
    if (body.agenda !== undefined) {
      if (typeof body.agenda !== 'string' || body.agenda.length > 2000) return ['agenda', 'Invalid field.'];
      out.agenda = body.agenda;
    }
    if (body.type !== undefined && body.type !== 2)
      return ['type', 'Only scheduled meetings (2) are implemented by the stand-in.'];
    if (body.duration !== undefined) {
      if (!Number.isInteger(body.duration) || (body.duration as number) < 1) return ['duration', 'Invalid field.'];
      out.duration = body.duration as number;
    }
    if (body.timezone !== undefined) {
      if (typeof body.timezone !== 'string' || !DateTime.now().setZone(body.timezone).isValid) {
        return ['timezone', 'Invalid field.'];
      }
      out.timezone = body.timezone;
    }
    if (body.start_time !== undefined || creating) {
      const start = startOf(body);
      if (typeof start === 'string') return ['start_time', start];
      out.start_time = utc(start);
    }
    return out;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (down) return error(res, 503, 503, 'Service Unavailable');
    if (throttledS !== null) {
      const message = 'You have reached the maximum per-second rate limit for this API. Try again later.';
      return send(res, 429, { code: 429, message }, { 'retry-after': String(throttledS) });
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const user = token ? await opts.verifyToken(token) : null;
    if (!user) return error(res, 401, 124, 'Invalid access token.');
    const body = await readJsonBody(req);
    if (body === undefined) return error(res, 400, 300, 'Request Body should be a valid JSON object.');
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname.replace(/^\/v2/, '');
    seen.push({ method: req.method ?? '', path, query: url.searchParams, body });

    if (path === '/users/me' && req.method === 'GET') {
      return send(res, 200, {
        id: user.id,
        email: user.email,
        first_name: '',
        last_name: '',
        type: 1,
        timezone: 'UTC',
      });
    }
    if (path === '/users/me/meetings' && req.method === 'POST') {
      const fields = fieldsOf(body, true);
      if (Array.isArray(fields)) return invalid(res, ...fields);
      const meeting = create(user, { topic: '', agenda: '', duration: 60, timezone: 'UTC', ...fields });
      return send(res, 201, meeting);
    }
    if (path === '/users/me/meetings' && req.method === 'GET') return list(res, user, url.searchParams);
    const id = /^\/meetings\/(\d+)$/.exec(path)?.[1];
    if (id === undefined) return error(res, 404, 404, 'Not Found');
    const meeting = meetings.get(Number(id));
    if (!meeting || meeting.host_id !== user.id) return error(res, 404, 3001, `Meeting does not exist: ${id}.`);
    if (req.method === 'GET') return send(res, 200, meeting);
    if (req.method === 'PATCH') {
      const fields = fieldsOf(body, false);
      if (Array.isArray(fields)) return invalid(res, ...fields);
      meetings.set(meeting.id, { ...meeting, ...fields });
      return send(res, 204);
    }
    if (req.method === 'DELETE') {
      meetings.delete(meeting.id);
      return send(res, 204);
    }
    return error(res, 405, 405, 'Method Not Allowed');
  }

  function create(user: ZoomStandInUser, fields: Partial<ZoomStandInMeeting>): ZoomStandInMeeting {
    const id = (nextId += 1_001);
    const password = randomBytes(6).toString('base64url');
    const meeting: ZoomStandInMeeting = {
      id,
      uuid: randomBytes(16).toString('base64'),
      host_id: user.id,
      host_email: user.email,
      topic: '',
      type: 2,
      status: 'waiting',
      start_time: utc(now()),
      duration: 60,
      timezone: 'UTC',
      agenda: '',
      ...fields,
      created_at: utc(now()),
      // start_url lets whoever holds it start the meeting as its host (a ZAK in the query).
      start_url: `https://zoom.us/s/${id}?zak=${randomBytes(24).toString('base64url')}`,
      join_url: `https://zoom.us/j/${id}?pwd=${password}`,
      password,
    };
    meetings.set(id, meeting);
    return meeting;
  }

  function list(res: ServerResponse, user: ZoomStandInUser, q: URLSearchParams): void {
    const type = q.get('type') ?? 'scheduled';
    if (type !== 'upcoming' && type !== 'scheduled') {
      return invalid(res, 'type', `type=${type} is not implemented by the stand-in`);
    }
    const pageSize = Math.min(Number(q.get('page_size') ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
    if (!Number.isInteger(pageSize) || pageSize < 1) return invalid(res, 'page_size', 'Invalid field.');
    const token = q.get('next_page_token') ?? '';
    const offset = token === '' ? 0 : pages.get(token);
    if (offset === undefined) return error(res, 400, 300, 'Invalid next_page_token.');
    const all = [...meetings.values()]
      .filter((m) => m.host_id === user.id)
      .filter((m) => type === 'scheduled' || Date.parse(m.start_time) + m.duration * 60_000 > now())
      .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time) || a.id - b.id);
    const more = offset + pageSize < all.length;
    let next = '';
    if (more) {
      next = randomBytes(12).toString('base64url');
      pages.set(next, offset + pageSize);
    }
    send(res, 200, {
      page_size: pageSize,
      total_records: all.length,
      next_page_token: next,
      meetings: all.slice(offset, offset + pageSize).map((m) => ({
        uuid: m.uuid,
        id: m.id,
        host_id: m.host_id,
        topic: m.topic,
        type: m.type,
        start_time: m.start_time,
        duration: m.duration,
        timezone: m.timezone,
        agenda: m.agenda.slice(0, LISTED_AGENDA),
        created_at: m.created_at,
        join_url: m.join_url,
      })),
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 500, 'stand-in failure'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    meetings: (userId) => [...meetings.values()].filter((m) => m.host_id === userId),
    addMeeting: (user, f) =>
      create(user, { topic: f.topic, agenda: f.agenda ?? '', start_time: utc(f.startMs), duration: f.durationMin }),
    requests: () => [...seen],
    setThrottled(retryAfterS) {
      throttledS = retryAfterS;
    },
    setDown(value) {
      down = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A contract stand-in for the Google Calendar API v3, NOT Google: it implements only the
 * documented request and response shapes the integrations service uses — `POST /freeBusy`,
 * `POST /calendars/{id}/events` (insert, with a caller-chosen id, 409 when it exists, and
 * `conferenceData.createRequest` answered with a Meet entry point), `PATCH` and `DELETE` of
 * `/calendars/{id}/events/{eventId}` — behind bearer tokens the test's `verifyToken` accepts
 * (e.g. the local OAuth provider's own token store).
 */
export interface StandInEvent {
  id: string;
  summary?: string;
  start: { dateTime: string };
  end: { dateTime: string };
  status: 'confirmed' | 'cancelled';
  hangoutLink?: string;
  conferenceData?: unknown;
}

export interface GoogleCalendarStandIn {
  /** The API base URL (what GOOGLE_CALENDAR_API_URL names). */
  url: string;
  /** The events of a calendar ('primary'), cancelled ones included. */
  events(calendarId: string): StandInEvent[];
  /** Adds a busy event as the calendar's owner would (another app, the phone). */
  addBusy(calendarId: string, startMs: number, endMs: number): void;
  /** Every access token a request carried, in order. */
  tokensSeen(): string[];
  /** While down, every request answers 503. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startGoogleCalendarStandIn(opts: {
  verifyToken: (token: string) => Promise<boolean>;
}): Promise<GoogleCalendarStandIn> {
  const calendars = new Map<string, Map<string, StandInEvent>>();
  const seen: string[] = [];
  let down = false;
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
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> = {};
    try {
      body = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
    } catch {
      return error(res, 400, 'Parse Error');
    }
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);

    if (req.method === 'POST' && path.length === 1 && path[0] === 'freeBusy') {
      const timeMin = Date.parse(String(body.timeMin));
      const timeMax = Date.parse(String(body.timeMax));
      const items = Array.isArray(body.items) ? (body.items as Array<{ id: string }>) : [];
      if (!Number.isFinite(timeMin) || !Number.isFinite(timeMax)) return error(res, 400, 'Bad Request');
      const result: Record<string, { busy: Array<{ start: string; end: string }> }> = {};
      for (const { id } of items) {
        result[id] = {
          busy: [...calendar(id).values()]
            .filter((e) => e.status === 'confirmed')
            .filter((e) => Date.parse(e.end.dateTime) > timeMin && Date.parse(e.start.dateTime) < timeMax)
            .map((e) => ({ start: e.start.dateTime, end: e.end.dateTime })),
        };
      }
      return send(res, 200, {
        kind: 'calendar#freeBusy',
        timeMin: body.timeMin,
        timeMax: body.timeMax,
        calendars: result,
      });
    }
    if (path[0] !== 'calendars' || path[2] !== 'events' || path[1] === undefined) return error(res, 404, 'Not Found');
    const events = calendar(path[1]);
    const withConference = url.searchParams.get('conferenceDataVersion') === '1';
    const conference = (id: string, request: unknown) => {
      if (!withConference || typeof request !== 'object' || request === null || !('createRequest' in request))
        return {};
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

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'stand-in failure'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    events: (id) => [...calendar(id).values()],
    addBusy(id, startMs, endMs) {
      const eventId = randomBytes(8).toString('hex');
      calendar(id).set(eventId, {
        id: eventId,
        start: { dateTime: new Date(startMs).toISOString() },
        end: { dateTime: new Date(endMs).toISOString() },
        status: 'confirmed',
      });
    },
    tokensSeen: () => [...seen],
    setDown(value) {
      down = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

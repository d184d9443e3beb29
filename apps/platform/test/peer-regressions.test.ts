// Our peers' known failures, as regressions of ours (issue 39; docs/testing.md "Peers' known
// failures"). Each case reproduces a bug class that Cal.com or Easy!Appointments shipped, named by
// the peer's issue, through the platform as `npm start` runs it: its own process, real HTTP
// through the gateway, the webhooks at a real signature-checking receiver, the emails as the .eml
// files it writes, and the calendars in a real CalDAV server (Radicale). One platform process for
// every case; each case has a tenant of its own, so the cases share nothing but the process.

import { setTimeout as sleep } from 'node:timers/promises';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import {
  createTestTenant,
  eventually,
  json,
  openEveryDay,
  radicaleMissing,
  serverGate,
  startRadicale,
  startWebhookReceiver,
  type RadicaleServer,
  type WebhookReceiver,
} from '@svc/testing';
import { berlinTime, seedTeam, seedTenant, subscribeReceiver } from './booking-fixture.js';
import { dashboard, platformProcess } from './dashboard-fixture.js';
import { caldav, MKCALENDAR_WORK, utc } from './caldav-fixture.js';
import { calendar, vevent } from './calendar-events-fixture.js';
import { emlMailbox, recipientOf, type EmlMessage } from './eml-fixture.js';
import { createKey, partner } from './partner-fixture.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const BERLIN = 'Europe/Berlin';

const caldavRun = serverGate('Radicale', radicaleMissing());
/** How long availability may keep a calendar's busy times: short, so the cases can wait it out. */
const BUSY_CACHE_MS = 1_000;
const CALDAV_USER = 'weber';
const CALDAV_PASSWORD = 'peers-app-password-8Rw2';

let platform: Awaited<ReturnType<typeof platformProcess>>;
let base = '';
let catalogAddress = '';
let dispatcherAddress = '';
let hooks: WebhookReceiver;
let radicale: RadicaleServer | undefined;
let mailbox: ReturnType<typeof emlMailbox>;

beforeAll(async () => {
  [hooks, radicale] = await Promise.all([
    startWebhookReceiver(),
    caldavRun ? startRadicale({ [CALDAV_USER]: CALDAV_PASSWORD }) : undefined,
  ]);
  platform = await platformProcess('peer-regressions', {
    LOG_LEVEL: 'warn',
    BUSY_CACHE_MS: String(BUSY_CACHE_MS),
    SYNC_FIRST_RETRY_MS: '300',
  });
  base = platform.base;
  const runtime = readPlatformRuntime(platform.dataDir)!;
  catalogAddress = runtime.services.catalog!;
  dispatcherAddress = runtime.services['webhook-dispatcher']!;
  mailbox = emlMailbox(platform.dataDir);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await Promise.all([hooks?.close(), radicale?.stop()]);
});

// ---------------------------------------------------------------------------------------------
// Workspaces, creates and answers

interface Workspace {
  tenantId: string;
  staffId: string;
  slug: string;
  /** The owner's dashboard requests. */
  api: ReturnType<typeof dashboard>;
  /** Partner API requests with a booking:read/write key of the tenant. */
  v1: ReturnType<typeof partner>;
}

/** The owner signed in, the team known as the business's address, and a partner key. */
async function withOwner(slug: string, seeded: { tenantId: string; staffId: string }): Promise<Workspace> {
  const session = await platform.stores.session(seeded.tenantId, 'tenant_owner');
  const api = dashboard(base, session);
  // The team becomes the business's address with a read of the settings (docs/decisions.md "Notifications").
  expect((await api('GET', '/api/notification-settings')).status).toBe(200);
  const key = await createKey(base, session, ['booking:read', 'booking:write']);
  return { ...seeded, slug, api, v1: partner(base, key.secret, seeded.tenantId) };
}

/** A tenant as seedTenant makes it: Berlin, open 09:00–17:00, one staff member, a manual 30-minute check-up. */
async function workspace(slug: string): Promise<Workspace> {
  return withOwner(slug, await seedTenant(catalogAddress, slug));
}

/** A tenant in `timezone` (locale en) whose business and one staff member work [fromMin, toMin) every day. */
async function zoneWorkspace(slug: string, timezone: string, fromMin: number, toMin: number): Promise<Workspace> {
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  try {
    const { tenantId } = await createTestTenant(catalog, { slug, name: `Practice ${slug}`, timezone, locale: 'en' });
    const { staff } = await catalog.createStaff({ tenantId, fields: { displayName: 'Dr. Lee' } });
    await openEveryDay(
      catalog,
      tenantId,
      [
        ['tenant', tenantId],
        ['staff', staff!.staffId],
      ],
      fromMin,
      toMin,
    );
    return await withOwner(slug, { tenantId, staffId: staff!.staffId });
  } finally {
    catalog.close();
  }
}

/** A service made on the dashboard, 30 minutes with the workspace's staff member unless `fields` say otherwise. */
async function service(w: Workspace, fields: Record<string, unknown> & { slug: string }) {
  const res = await w.api('POST', '/api/services', {
    name: fields.slug,
    durationMin: 30,
    staffIds: [w.staffId],
    ...fields,
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data as { serviceId: string; slug: string };
}

let keys = 0;
const nextKey = (prefix: string) => `${prefix}-${++keys}`;
const customer = (key: string) => ({ name: `Customer ${key}`, primaryEmail: `${key}@example.test`, locale: 'en' });

/** A create as the booking page sends it (customer `key`@example.test, locale en); the raw answer. */
function publicCreate(w: Workspace, body: Record<string, unknown> & { startsAtMs: number }, key = nextKey('pub')) {
  return fetch(`${base}/book/${w.slug}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ serviceSlug: 'checkup', customer: customer(key), ...body }),
  });
}

/** A create through the partner API with the tenant's key; the raw answer. */
function partnerCreate(w: Workspace, body: Record<string, unknown> & { startsAtMs: number }, key = nextKey('v1')) {
  return w.v1(
    'POST',
    '/v1/bookings',
    { serviceSlug: 'checkup', customer: customer(key), ...body },
    {
      'idempotency-key': key,
    },
  );
}

/** The answer's data after checking its status. */
async function dataOf(res: Response | Promise<Response>, status = 200) {
  const answer = await res;
  const body = await json(answer);
  expect(answer.status, JSON.stringify(body)).toBe(status);
  return body.data;
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Sends every request at once (node's fetch opens a connection for each), then does what a client
 * does with a 5xx: sends it again, same key and body, until it gets another answer (a lock wait
 * run out on a loaded machine writes nothing; docs/testing.md "Fault suite"). The final answers.
 */
async function race(requests: ReadonlyArray<() => Promise<Response>>): Promise<Answer[]> {
  let retried = 0;
  const answers = await Promise.all(
    requests.map(async (send) => {
      for (let attempt = 1; ; attempt++) {
        const res = await send();
        const body = await json(res);
        if (res.status < 500 || attempt === 5) return { status: res.status, body };
        retried++;
      }
    }),
  );
  if (retried > 0) console.log(`race: ${retried} answers of 5xx sent again with their keys`);
  return answers;
}

/** How many answers had each status. */
function tally(answers: readonly Answer[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

/** Every booking of the workspace starting in [fromMs, toMs), as the dashboard lists them. */
async function bookingsBetween(w: Workspace, fromMs: number, toMs: number, status?: string) {
  const query = new URLSearchParams({ fromMs: String(fromMs), toMs: String(toMs), limit: '100' });
  if (status) query.set('status', status);
  const page = await dataOf(w.api('GET', `/api/bookings?${query}`));
  return page.items as Array<{ bookingId: string; staffId: string; status: string; partySize: number }>;
}

/** The slot starts of a service in [fromMs, toMs), as the public page asks for them. */
async function slotsBetween(w: Workspace, serviceSlug: string, fromMs: number, toMs: number, partySize?: number) {
  const query = new URLSearchParams({ serviceSlug, fromMs: String(fromMs), toMs: String(toMs) });
  if (partySize !== undefined) query.set('partySize', String(partySize));
  const data = await dataOf(fetch(`${base}/book/${w.slug}/availability?${query}`));
  return data.slots as Array<{ startsAtMs: number; endsAtMs: number; seatsLeft?: number }>;
}

/** The webhooks the receiver's endpoint `name` got for a booking, in arrival order. */
const webhooksOf = (name: string, bookingId: string) =>
  hooks.received(name).filter((r) => (r.event.data.booking as { bookingId: string }).bookingId === bookingId);

/** The messages about a booking (each names it: "Booking: bkg_…"), oldest first. */
async function mailsAbout(bookingId: string): Promise<EmlMessage[]> {
  const all = (await mailbox()).filter((m) => (m.mail.text ?? '').includes(bookingId));
  return all.sort((a, b) => (a.mail.date?.getTime() ?? 0) - (b.mail.date?.getTime() ?? 0));
}

/** Waits until the booking's messages are `count`; they are "recipient subject" lines, sorted. */
async function mailLines(bookingId: string, count: number): Promise<string[]> {
  const got = await eventually(
    `${count} messages about ${bookingId}`,
    async () => {
      const mails = await mailsAbout(bookingId);
      return mails.length >= count ? mails : undefined;
    },
    30_000,
  );
  return got.map((m) => `${recipientOf(m.mail)} ${m.mail.subject}`).sort();
}

// ---------------------------------------------------------------------------------------------
// Times in a zone, read with Intl (the platform computes them with luxon)

interface CivilDate {
  y: number;
  m: number;
  d: number;
}

/** The UTC offset of `zone` at `ms`, in minutes. */
function offsetOf(zone: string, ms: number): number {
  const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')!.value;
  const [, sign, h, m] = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name)!;
  return sign ? (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m)) : 0;
}

/** The date `days` calendar days after today in `zone`. */
function dateAhead(zone: string, days: number): CivilDate {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date()).split('-').map(Number);
  return dayAfter({ y: y!, m: m!, d: d! }, days);
}

function dayAfter(date: CivilDate, days = 1): CivilDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** The instant of a wall-clock time of `date` in `zone` (one the day has: not in a DST gap). */
function wallTime(zone: string, date: CivilDate, hour: number, minute = 0): number {
  const wall = Date.UTC(date.y, date.m - 1, date.d, hour, minute);
  const guess = wall - offsetOf(zone, wall) * MIN;
  return wall - offsetOf(zone, guess) * MIN;
}

/** The next `count` dates, two or more days ahead, on which `zone` changes its UTC offset. */
function offsetChanges(zone: string, count: number): CivilDate[] {
  const out: CivilDate[] = [];
  for (let i = 2; i < 400 && out.length < count; i++) {
    const day = dateAhead(zone, i);
    if (offsetOf(zone, wallTime(zone, dayAfter(day, -1), 12)) !== offsetOf(zone, wallTime(zone, day, 12)))
      out.push(day);
  }
  expect(out, `${count} offset changes of ${zone} within 400 days`).toHaveLength(count);
  return out;
}

/** The half-hour starts of a date in a zone from `fromHour` up to (not including) `toHour`. */
function halfHours(zone: string, date: CivilDate, fromHour: number, toHour: number): number[] {
  const out: number[] = [];
  for (let half = fromHour * 2; half < toHour * 2; half++)
    out.push(wallTime(zone, date, Math.floor(half / 2), (half % 2) * 30));
  return out;
}

/** Instants as a zone's wall clock ("2027-03-14 13:30"), so a failure reads as the bug report would. */
const wallClock = (zone: string) => (ms: number) =>
  new Intl.DateTimeFormat('sv', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));

/** A local day's slots of a service, as wall-clock times of `zone`. */
async function dayOf(w: Workspace, serviceSlug: string, zone: string, date: CivilDate): Promise<string[]> {
  const slots = await slotsBetween(w, serviceSlug, wallTime(zone, date, 0), wallTime(zone, dayAfter(date), 0));
  return slots.map((s) => s.startsAtMs).map(wallClock(zone));
}

// ---------------------------------------------------------------------------------------------

describe('parallel creates of one time', () => {
  let w: Workspace;
  beforeAll(async () => {
    w = await workspace('peers-race');
    // "Any provider": four staff members shared by round-robin, three by first-available.
    await seedTeam(catalogAddress, w.tenantId, 'any-rr', ['Ann', 'Ben', 'Cem', 'Dan'], { assignment: 'round_robin' });
    await seedTeam(catalogAddress, w.tenantId, 'any-first', ['Eva', 'Fay', 'Gus'], {});
  });

  it('cal.com #13397, #5820: 120 truly concurrent creates of one time, public and partner API, book it exactly once', async () => {
    const at = berlinTime(2, 10);
    const answers = await race(
      Array.from(
        { length: 120 },
        (_, i) => () => (i % 2 === 0 ? publicCreate(w, { startsAtMs: at }) : partnerCreate(w, { startsAtMs: at })),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 1, 409: 119 });
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error.code))).toEqual(
      new Set(['BOOKING_SLOT_UNAVAILABLE']),
    );
    const winner = answers.find((a) => a.status === 201)!.body.data.booking.bookingId;
    expect((await bookingsBetween(w, at, at + 1)).map((b) => b.bookingId)).toEqual([winner]);
  });

  it('Easy!Appointments #31, #845, #982: "any provider" under 80 concurrent creates gives each free staff member exactly one booking and the busy one none', async () => {
    for (const [serviceSlug, team] of [
      ['any-rr', 4],
      ['any-first', 3],
    ] as const) {
      const at = berlinTime(3, 11);
      // One of the team is taken at that time already (#982: the wrong provider picked).
      const taken = await dataOf(publicCreate(w, { serviceSlug, startsAtMs: at }), 201);
      const answers = await race(
        Array.from(
          { length: 80 },
          (_, i) => () =>
            i % 2 === 0
              ? publicCreate(w, { serviceSlug, startsAtMs: at })
              : partnerCreate(w, { serviceSlug, startsAtMs: at }),
        ),
      );
      expect(tally(answers), serviceSlug).toEqual({ 201: team - 1, 409: 80 - (team - 1) });
      const stored = (await bookingsBetween(w, at, at + 1)).filter((b) =>
        [
          taken.booking.bookingId,
          ...answers.filter((a) => a.status === 201).map((a) => a.body.data.booking.bookingId),
        ].includes(b.bookingId),
      );
      // Each staff member of the team exactly once: nobody double-booked, nobody left out.
      expect(stored, serviceSlug).toHaveLength(team);
      expect(new Set(stored.map((b) => b.staffId)).size, serviceSlug).toBe(team);
    }
  });
});

describe('a request waiting for approval', () => {
  let w: Workspace;
  beforeAll(async () => {
    w = await workspace('peers-approval');
    await service(w, { slug: 'long', durationMin: 60 });
  });

  it('cal.com #10789, #29958: a request waiting for approval holds its time for everyone else; of 10 concurrent confirms exactly one succeeds', async () => {
    const at = berlinTime(2, 10);
    const held = await dataOf(publicCreate(w, { startsAtMs: at }), 201);
    expect(held.booking.status).toBe('held');
    const bookingId = held.booking.bookingId as string;

    // Nobody else is offered the time, nor can book it, nor anything overlapping it.
    expect((await slotsBetween(w, 'checkup', at - HOUR, at + HOUR)).map((s) => s.startsAtMs)).toEqual([
      at - HOUR,
      at - HOUR / 2,
      at + HOUR / 2,
    ]);
    for (const refused of [
      await publicCreate(w, { startsAtMs: at }),
      await partnerCreate(w, { startsAtMs: at }),
      await publicCreate(w, { serviceSlug: 'long', startsAtMs: at - HOUR / 2 }),
    ]) {
      expect((await json(refused)).error.code).toBe('BOOKING_SLOT_UNAVAILABLE');
    }

    // Two screens, two people, ten clicks: dashboard and partner API at once.
    const answers = await race(
      Array.from(
        { length: 10 },
        (_, i) => () =>
          i % 2 === 0
            ? w.api('POST', `/api/bookings/${bookingId}/confirm`)
            : w.v1('POST', `/v1/bookings/${bookingId}/confirm`),
      ),
    );
    expect(tally(answers)).toEqual({ 200: 1, 409: 9 });
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error.code))).toEqual(
      new Set(['BOOKING_POLICY_BLOCKED']),
    );
    expect(await platform.stores.events(bookingId)).toEqual(['booking.created', 'booking.confirmed']);
    expect((await bookingsBetween(w, at, at + 1)).map((b) => [b.bookingId, b.status])).toEqual([
      [bookingId, 'confirmed'],
    ]);
  });

  it('cal.com #10789: two requests for one time are never both confirmed, even when the first one lapsed and the second took its time', async () => {
    const at = berlinTime(2, 14);
    const first = (await dataOf(publicCreate(w, { startsAtMs: at }), 201)).booking.bookingId as string;
    // The first request's ten minutes run out unconfirmed: its time is free again.
    await platform.stores.endHold(first);
    const second = (await dataOf(publicCreate(w, { startsAtMs: at }), 201)).booking.bookingId as string;

    // The business confirms both at once.
    const [a, b] = await race([
      () => w.api('POST', `/api/bookings/${first}/confirm`),
      () => w.api('POST', `/api/bookings/${second}/confirm`),
    ]);
    expect(b!.status).toBe(200);
    expect(a).toMatchObject({ status: 409, body: { error: { code: 'BOOKING_POLICY_BLOCKED' } } });
    expect(await bookingsBetween(w, at, at + 1, 'confirmed')).toMatchObject([{ bookingId: second }]);
    expect(await platform.stores.events(first)).not.toContain('booking.confirmed');
  });
});

describe('seats', () => {
  let w: Workspace;
  const SEATS = 6;
  beforeAll(async () => {
    w = await workspace('peers-seats');
    await service(w, { slug: 'class', durationMin: 60, slotIntervalMin: 60, seats: SEATS, maxPartySize: 2 });
    await subscribeReceiver(dispatcherAddress, w.tenantId, hooks, 'seats');
  });

  it('cal.com #13360, #13331, #7967, #7950, #14458: 40 concurrent seat bookings sell exactly the seats; every seat booked and every seat cancelled sends its own signed webhook, and a cancelled seat frees only its own', async () => {
    const at = berlinTime(4, 10);
    const parties = Array.from({ length: 40 }, (_, i) => (i % 2) + 1);
    const answers = await race(
      parties.map(
        (partySize, i) => () =>
          i % 2 === 0
            ? publicCreate(w, { serviceSlug: 'class', startsAtMs: at, partySize })
            : partnerCreate(w, { serviceSlug: 'class', startsAtMs: at, partySize }),
      ),
    );
    expect(Object.keys(tally(answers)).sort()).toEqual(['201', '409']);
    const booked = answers.flatMap((a, i) =>
      a.status === 201 ? [{ id: a.body.data.booking.bookingId, party: parties[i]! }] : [],
    );
    const refused = answers.flatMap((a, i) => (a.status === 409 ? [parties[i]!] : []));
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body.error).toMatchObject({
        code: 'BOOKING_SLOT_UNAVAILABLE',
        message: 'This time is not available (full).',
      });
    }
    const taken = booked.reduce((sum, b) => sum + b.party, 0);
    expect(taken).toBeLessThanOrEqual(SEATS);
    // No party was turned away that would have fitted: the seats left fit none of them.
    const left = (await slotsBetween(w, 'class', at, at + 1))[0]?.seatsLeft ?? 0;
    expect(left).toBe(SEATS - taken);
    expect(left).toBeLessThan(Math.min(...refused));
    // One session: all on the one staff member, stored as answered.
    const stored = await bookingsBetween(w, at, at + 1);
    expect(stored.map((b) => b.bookingId).sort()).toEqual(booked.map((b) => b.id).sort());
    expect(new Set(stored.map((b) => b.staffId))).toEqual(new Set([w.staffId]));
    expect(stored.reduce((sum, b) => sum + b.partySize, 0)).toBe(taken);

    // Every seat's booking.created, once, signed; not only the first seat's.
    await eventually('a booking.created per seat booking', async () =>
      booked.every((b) => webhooksOf('seats', b.id).length >= 1) ? true : undefined,
    );
    for (const b of booked) {
      expect(
        webhooksOf('seats', b.id).map((r) => [r.event.type, (r.event.data.booking as { partySize: number }).partySize]),
      ).toEqual([['booking.created', b.party]]);
    }

    // A later seat's cancel is announced, frees its seats, and the seat sold again is announced too.
    const last = booked[booked.length - 1]!;
    await dataOf(w.api('POST', `/api/bookings/${last.id}/cancel`, { reason: 'ill' }));
    expect((await slotsBetween(w, 'class', at, at + 1))[0]?.seatsLeft).toBe(left + last.party);
    const standing = (await bookingsBetween(w, at, at + 1)).filter((b) => b.status !== 'cancelled');
    expect(standing.map((b) => b.bookingId).sort()).toEqual(
      booked
        .slice(0, -1)
        .map((b) => b.id)
        .sort(),
    );
    const again = (await dataOf(publicCreate(w, { serviceSlug: 'class', startsAtMs: at, partySize: last.party }), 201))
      .booking.bookingId as string;
    await eventually('the cancel and the new seat', async () =>
      webhooksOf('seats', last.id).length >= 2 && webhooksOf('seats', again).length >= 1 ? true : undefined,
    );
    expect(webhooksOf('seats', last.id).map((r) => r.event.type)).toEqual(['booking.created', 'booking.cancelled']);
    expect(webhooksOf('seats', again).map((r) => r.event.type)).toEqual(['booking.created']);
    expect(hooks.rejected('seats')).toBe(0);
  });
});

describe('time zones and DST', () => {
  const NEW_YORK = 'America/New_York';

  it('cal.com #30021: on the days New York changes its clocks, afternoon hours (13:00–18:00) are offered at 13:00–18:00, not an hour late', async () => {
    const w = await zoneWorkspace('peers-new-york', NEW_YORK, 13 * 60, 18 * 60);
    const changes = offsetChanges(NEW_YORK, 2);
    const horizon = Math.ceil((wallTime(NEW_YORK, dayAfter(changes[1]!), 0) - Date.now()) / DAY) + 2;
    await service(w, { slug: 'afternoon', maxAdvanceDays: horizon });
    const clock = wallClock(NEW_YORK);
    for (const change of changes) {
      for (const date of [dayAfter(change, -1), change, dayAfter(change)]) {
        expect(await dayOf(w, 'afternoon', NEW_YORK, date)).toEqual(halfHours(NEW_YORK, date, 13, 18).map(clock));
      }
    }
    // What the page offers is what create takes: the first hour yes, the hour after closing no.
    const first = changes[0]!;
    await dataOf(publicCreate(w, { serviceSlug: 'afternoon', startsAtMs: wallTime(NEW_YORK, first, 13) }), 201);
    expect(
      (await json(await publicCreate(w, { serviceSlug: 'afternoon', startsAtMs: wallTime(NEW_YORK, first, 18) }))).error
        .code,
    ).toBe('BOOKING_SLOT_UNAVAILABLE');
  });

  it('cal.com #12137: a minimum notice that ends on a DST change day cuts that day at the right hour and leaves the days after whole', async () => {
    const w = await zoneWorkspace('peers-notice', NEW_YORK, 13 * 60, 18 * 60);
    const [change] = offsetChanges(NEW_YORK, 1) as [CivilDate];
    // The notice ends at 14:45 New York time on the change day.
    const minNoticeMin = Math.ceil((wallTime(NEW_YORK, change, 14, 45) - Date.now()) / MIN);
    const horizon = Math.ceil((wallTime(NEW_YORK, change, 0) - Date.now()) / DAY) + 10;
    await service(w, { slug: 'noticed', minNoticeMin, maxAdvanceDays: horizon });
    const clock = wallClock(NEW_YORK);
    expect(await dayOf(w, 'noticed', NEW_YORK, dayAfter(change, -1))).toEqual([]);
    expect(await dayOf(w, 'noticed', NEW_YORK, change)).toEqual(halfHours(NEW_YORK, change, 15, 18).map(clock));
    for (const date of [dayAfter(change), dayAfter(change, 2)]) {
      expect(await dayOf(w, 'noticed', NEW_YORK, date)).toEqual(halfHours(NEW_YORK, date, 13, 18).map(clock));
    }
    expect(
      (await json(await publicCreate(w, { serviceSlug: 'noticed', startsAtMs: wallTime(NEW_YORK, change, 14, 30) })))
        .error.code,
    ).toBe('BOOKING_SLOT_UNAVAILABLE');
    await dataOf(publicCreate(w, { serviceSlug: 'noticed', startsAtMs: wallTime(NEW_YORK, change, 15) }), 201);
  });

  it('Easy!Appointments #1789: in a zone west of UTC, a 2-hour cut-off lets the customer move and cancel a booking 4 hours ahead, and not one 1 hour ahead', async () => {
    const CHICAGO = 'America/Chicago';
    const w = await zoneWorkspace('peers-chicago', CHICAGO, 0, 24 * 60);
    await service(w, { slug: 'call', cancelCutoffMin: 120, rescheduleCutoffMin: 120 });
    // The next half hour of the grid at least `ms` from now.
    const gridAfter = (ms: number) => Math.ceil((Date.now() + ms) / (30 * MIN)) * 30 * MIN;
    const manage = (token: string, path = '', body?: unknown) =>
      fetch(`${base}/booking/manage/${token}${path}`, {
        method: body === undefined && path === '' ? 'GET' : 'POST',
        ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });

    const later = gridAfter(4 * HOUR);
    const made = await dataOf(publicCreate(w, { serviceSlug: 'call', startsAtMs: later, timezone: CHICAGO }), 201);
    expect((await dataOf(manage(made.manageToken))).actions).toMatchObject({
      canCancel: true,
      canReschedule: true,
      cancelUntilMs: later - 120 * MIN,
      rescheduleUntilMs: later - 120 * MIN,
    });
    const moved = await dataOf(manage(made.manageToken, '/reschedule', { startsAtMs: later + 30 * MIN }));
    expect(moved.booking.startsAtMs).toBe(later + 30 * MIN);
    expect(moved.actions.cancelUntilMs).toBe(later + 30 * MIN - 120 * MIN);
    expect((await dataOf(manage(made.manageToken, '/cancel'))).booking.status).toBe('cancelled');

    const soon = gridAfter(61 * MIN);
    const close = await dataOf(publicCreate(w, { serviceSlug: 'call', startsAtMs: soon, timezone: CHICAGO }), 201);
    for (const [path, body] of [
      ['/cancel', undefined],
      ['/reschedule', { startsAtMs: soon + HOUR }],
    ] as const) {
      const refused = await json(await manage(close.manageToken, path, body));
      expect(refused.error).toMatchObject({ code: 'BOOKING_POLICY_BLOCKED' });
      expect(refused.error.message).toContain('2 hours before the start');
    }
  });

  it('Easy!Appointments #961: a customer a day behind the business reads their own date and time, the business its own', async () => {
    const MELBOURNE = 'Australia/Melbourne';
    const LOS_ANGELES = 'America/Los_Angeles';
    const w = await zoneWorkspace('peers-melbourne', MELBOURNE, 9 * 60, 17 * 60);
    await service(w, { slug: 'checkup' });
    const startsAtMs = wallTime(MELBOURNE, dateAhead(MELBOURNE, 4), 9);
    const key = nextKey('melbourne');
    const made = await dataOf(publicCreate(w, { startsAtMs, timezone: LOS_ANGELES }, key), 201);
    const bookingId = made.booking.bookingId as string;
    await dataOf(w.api('POST', `/api/bookings/${bookingId}/confirm`));

    const short = (zone: string) =>
      new Intl.DateTimeFormat('en', {
        timeZone: zone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
        .format(startsAtMs)
        .replace(/\u202f/g, ' ');
    // The customer's date is the business's date before: 9:00 in Melbourne is the afternoon before in Los Angeles.
    const dateIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(startsAtMs);
    const { y, m, d } = dayAfter(dateAhead(MELBOURNE, 4), -1);
    expect(dateIn(LOS_ANGELES)).toBe(`${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

    await mailLines(bookingId, 3);
    const mails = await mailsAbout(bookingId);
    const toCustomer = mails.filter((m) => recipientOf(m.mail) === `${key}@example.test`);
    expect(toCustomer.map((m) => m.mail.subject).sort()).toEqual([
      `Confirmed: checkup on ${short(LOS_ANGELES)}`,
      `Request received: checkup on ${short(LOS_ANGELES)}`,
    ]);
    for (const m of toCustomer) {
      expect(m.mail.text).toContain(`(${LOS_ANGELES})`);
      expect(m.mail.text).not.toContain(`(${MELBOURNE})`);
    }
    const toBusiness = mails.filter((m) => recipientOf(m.mail) !== `${key}@example.test`);
    expect(toBusiness.map((m) => m.mail.subject)).toEqual([
      `Waiting for your confirmation: checkup on ${short(MELBOURNE)}`,
    ]);
    expect(toBusiness[0]!.mail.text).toContain(`(${MELBOURNE})`);
    // The calendar file holds the one instant.
    const confirmation = toCustomer.find((m) => m.mail.subject?.startsWith('Confirmed'))!;
    const ics = confirmation.mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))!;
    const event = new ICAL.Component(ICAL.parse(ics.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
    const dtstart = event.getFirstPropertyValue('dtstart') as unknown as { toUnixTime(): number };
    expect(dtstart.toUnixTime() * 1000).toBe(startsAtMs);
  });
});

describe('a reschedule is a reschedule', () => {
  let w: Workspace;
  beforeAll(async () => {
    w = await workspace('peers-moves');
    await subscribeReceiver(dispatcherAddress, w.tenantId, hooks, 'moves');
  });

  it('cal.com #21169: a reschedule, of a request by the partner API and of a confirmed booking by its customer, is announced as a reschedule and never as a new booking', async () => {
    const at = berlinTime(5, 10);
    const key = nextKey('moves');
    const made = await dataOf(publicCreate(w, { startsAtMs: at }, key), 201);
    const bookingId = made.booking.bookingId as string;
    const address = `${key}@example.test`;

    // A request waiting for approval, moved through the API.
    const moved = await dataOf(w.v1('POST', `/v1/bookings/${bookingId}/reschedule`, { startsAtMs: at + HOUR }));
    expect(moved).toMatchObject({ bookingId, status: 'held', startsAtMs: at + HOUR });
    const first = await eventually('the request and its move', async () => {
      const got = webhooksOf('moves', bookingId);
      return got.length >= 2 ? got : undefined;
    });
    expect(first.map((r) => r.event.type)).toEqual(['booking.created', 'booking.rescheduled']);
    expect(first[1]!.event.data).toMatchObject({
      actor: 'partner',
      previous: { startsAtMs: at, endsAtMs: at + 30 * MIN },
      booking: { bookingId, status: 'held', startsAtMs: at + HOUR },
    });

    // Confirmed, then moved by the customer through the manage link.
    await dataOf(w.api('POST', `/api/bookings/${bookingId}/confirm`));
    await dataOf(
      fetch(`${base}/booking/manage/${made.manageToken}/reschedule`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ startsAtMs: at + 2 * HOUR }),
      }),
    );
    const all = await eventually('four webhooks', async () => {
      const got = webhooksOf('moves', bookingId);
      return got.length >= 4 ? got : undefined;
    });
    expect(all.map((r) => r.event.type)).toEqual([
      'booking.created',
      'booking.rescheduled',
      'booking.confirmed',
      'booking.rescheduled',
    ]);
    expect(all[3]!.event.data).toMatchObject({
      actor: 'customer',
      previous: { startsAtMs: at + HOUR },
      booking: { bookingId, status: 'confirmed', startsAtMs: at + 2 * HOUR },
    });
    expect(await platform.stores.events(bookingId)).toEqual(all.map((r) => r.event.type));
    expect(hooks.rejected('moves')).toBe(0);
    // Still one booking: nothing was booked anew.
    expect(await bookingsBetween(w, at - DAY, at + DAY)).toMatchObject([{ bookingId }]);

    // The customer's emails: one request, one confirmation, two moves; the business hears the customer's move.
    const lines = await mailLines(bookingId, 6);
    const customerSubjects = lines
      .filter((l) => l.startsWith(address))
      .map((l) => l.slice(address.length + 1).split(':')[0]);
    expect(customerSubjects.sort()).toEqual(['Confirmed', 'Moved', 'Moved', 'Request received']);
    const businessSubjects = lines
      .filter((l) => !l.startsWith(address))
      .map((l) => l.split(' ').slice(1).join(' ').split(':')[0]);
    expect(businessSubjects.sort()).toEqual(['Vom Kunden verschoben', 'Wartet auf Ihre Bestätigung']);
  });
});

describe('emails', () => {
  let w: Workspace;
  beforeAll(async () => {
    w = await workspace('peers-mail');
  });

  it('Easy!Appointments #291: every step of a booking emails the customer — the request, the confirmation, the business moving it and cancelling it — not only the cancel', async () => {
    const at = berlinTime(6, 10);
    const key = nextKey('mail');
    const address = `${key}@example.test`;
    const bookingId = (await dataOf(publicCreate(w, { startsAtMs: at }, key), 201)).booking.bookingId as string;
    const seen: EmlMessage[] = [];
    /** The messages a step sent: the booking's messages beyond those seen before it, once there are `count`. */
    const step = async (count: number) => {
      const fresh = await eventually(`${count} more messages about ${bookingId}`, async () => {
        const got = (await mailsAbout(bookingId)).filter((m) => !seen.some((s) => s.file === m.file));
        return got.length >= count ? got : undefined;
      });
      seen.push(...fresh);
      return fresh
        .map((m) => `${recipientOf(m.mail) === address ? 'customer' : 'business'} ${m.mail.subject?.split(':')[0]}`)
        .sort();
    };
    expect(await step(2)).toEqual(['business Wartet auf Ihre Bestätigung', 'customer Request received']);
    await dataOf(w.api('POST', `/api/bookings/${bookingId}/confirm`));
    expect(await step(1)).toEqual(['customer Confirmed']);
    await dataOf(w.api('POST', `/api/bookings/${bookingId}/reschedule`, { startsAtMs: at + HOUR }));
    expect(await step(1)).toEqual(['customer Moved']);
    await dataOf(w.api('POST', `/api/bookings/${bookingId}/cancel`, { reason: 'Dr. Weber is ill' }));
    expect(await step(1)).toEqual(['customer Cancelled']);
    // With the business's reason.
    expect(seen[seen.length - 1]!.mail.text).toContain('Dr. Weber is ill');
  });

  it("Easy!Appointments #985: a booking entered by the business's system emails the customer in the customer's zone, never in UTC", async () => {
    const at = berlinTime(6, 14);
    const NEW_YORK = 'America/New_York';
    const inNewYork = nextKey('mail-ny');
    const withZone = (await dataOf(partnerCreate(w, { startsAtMs: at, timezone: NEW_YORK }, inNewYork), 201)).booking
      .bookingId as string;
    const noZone = nextKey('mail-none');
    const without = (await dataOf(partnerCreate(w, { startsAtMs: at + HOUR }, noZone), 201)).booking
      .bookingId as string;
    const time = (ms: number, zone: string) =>
      new Intl.DateTimeFormat('en', { timeZone: zone, hour: 'numeric', minute: '2-digit' })
        .format(ms)
        .replace(/\u202f/g, ' ');

    for (const [bookingId, address, zone, ms] of [
      [withZone, `${inNewYork}@example.test`, NEW_YORK, at],
      // No zone given: the business's (the tenant's), as the customer will be there.
      [without, `${noZone}@example.test`, BERLIN, at + HOUR],
    ] as const) {
      await mailLines(bookingId, 2);
      const request = (await mailsAbout(bookingId)).find((m) => recipientOf(m.mail) === address)!;
      expect(request.mail.subject).toContain(time(ms, zone));
      expect(request.mail.text).toContain(`(${zone})`);
      expect(request.mail.text).not.toMatch(/\bUTC\b|Coordinated Universal Time/);
    }
  });
});

describe.runIf(caldavRun)('a staff calendar over CalDAV (Radicale)', () => {
  let w: Workspace;
  let calendarUrl = '';
  const client = () => caldav(CALDAV_USER, CALDAV_PASSWORD);

  beforeAll(async () => {
    calendarUrl = `${radicale!.url}${CALDAV_USER}/work/`;
    expect(
      (await client()('MKCALENDAR', calendarUrl, MKCALENDAR_WORK, { 'content-type': 'application/xml' })).status,
    ).toBe(201);
    w = await workspace('peers-caldav');
    await service(w, { slug: 'hour', durationMin: 60, slotIntervalMin: 30 });
    await service(w, { slug: 'class', durationMin: 60, slotIntervalMin: 60, seats: 3 });
    await dataOf(
      w.api('POST', '/api/integrations/caldav', {
        staffId: w.staffId,
        serverUrl: radicale!.url,
        username: CALDAV_USER,
        password: CALDAV_PASSWORD,
      }),
      201,
    );
  });

  /** The calendar's resources (their URLs' last parts). */
  async function resources(): Promise<string[]> {
    const res = await client()('PROPFIND', calendarUrl, undefined, { depth: '1' });
    const names = [...(await res.text()).matchAll(/<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>/g)].map((m) =>
      decodeURIComponent(m[1]!),
    );
    return names.filter((href) => href.endsWith('.ics')).map((href) => href.slice(href.lastIndexOf('/') + 1));
  }

  /** Waits until the booking's write-back is `status`. */
  const syncOf = (bookingId: string, status: string) =>
    eventually(`calendarSync ${status}`, async () => {
      const detail = await dataOf(w.api('GET', `/api/bookings/${bookingId}`));
      return detail.calendarSync?.status === status ? detail.calendarSync : undefined;
    });

  const put = async (name: string, ...events: string[][]) => {
    const res = await client()('PUT', `${calendarUrl}${name}`, calendar(events), { 'content-type': 'text/calendar' });
    expect([201, 204]).toContain(res.status);
  };
  const local = (ms: number) => `TZID=${BERLIN}:${wallClock(BERLIN)(ms).replace(/[-:]/g, '').replace(' ', 'T')}00`;

  it('cal.com #13827: an occurrence of a series excluded (EXDATE) or cancelled (STATUS:CANCELLED), and a cancelled event, free their time', async () => {
    // A weekly 11:00–12:00 meeting, four times from three days ahead: the second excluded, the third cancelled.
    const week = (n: number) => berlinTime(3 + 7 * n, 11);
    const series = vevent(
      'weekly-review',
      `DTSTART;${local(week(0))}`,
      `DTEND;${local(week(0) + HOUR)}`,
      'RRULE:FREQ=WEEKLY;COUNT=4',
      `EXDATE;${local(week(1))}`,
      'SUMMARY:Weekly review',
    );
    const cancelledOccurrence = vevent(
      'weekly-review',
      `RECURRENCE-ID;${local(week(2))}`,
      `DTSTART;${local(week(2))}`,
      `DTEND;${local(week(2) + HOUR)}`,
      'STATUS:CANCELLED',
      'SUMMARY:Weekly review',
    );
    await put('weekly-review.ics', series, cancelledOccurrence);
    const lunch = berlinTime(4, 12);
    await put(
      'lunch.ics',
      vevent('lunch', `DTSTART;${local(lunch)}`, `DTEND;${local(lunch + HOUR)}`, 'STATUS:CANCELLED', 'SUMMARY:Lunch'),
    );

    const free = async (ms: number) => (await slotsBetween(w, 'checkup', ms, ms + 1)).length === 1;
    expect(await free(week(0))).toBe(false);
    expect(await free(week(1))).toBe(true);
    expect(await free(week(2))).toBe(true);
    expect(await free(week(3))).toBe(false);
    expect(await free(lunch)).toBe(true);
    // And create, which reads the calendar fresh, agrees.
    await dataOf(publicCreate(w, { startsAtMs: week(1) }), 201);
    await dataOf(publicCreate(w, { startsAtMs: week(2) }), 201);
    await dataOf(publicCreate(w, { startsAtMs: lunch }), 201);
    expect((await json(await publicCreate(w, { startsAtMs: week(3) }))).error.code).toBe('BOOKING_SLOT_UNAVAILABLE');

    // The last occurrence cancelled in the calendar now: the very next create books it, as it reads
    // the calendar fresh under its lock and its first look reads no calendar (docs/decisions.md
    // "A connection change counts at the next read").
    await put(
      'weekly-review.ics',
      series,
      cancelledOccurrence,
      vevent(
        'weekly-review',
        `RECURRENCE-ID;${local(week(3))}`,
        `DTSTART;${local(week(3))}`,
        `DTEND;${local(week(3) + HOUR)}`,
        'STATUS:CANCELLED',
      ),
    );
    await dataOf(publicCreate(w, { startsAtMs: week(3) }), 201);
  });

  it('Easy!Appointments #1388: a booking is written to the calendar exactly once, however often it is synced and moved, and its own event never blocks it', async () => {
    const at = berlinTime(5, 10);
    const made = await dataOf(publicCreate(w, { serviceSlug: 'hour', startsAtMs: at }), 201);
    const bookingId = made.booking.bookingId as string;
    await dataOf(w.api('POST', `/api/bookings/${bookingId}/confirm`));
    await syncOf(bookingId, 'synced');
    // Synced again and again by hand.
    for (let i = 0; i < 3; i++) {
      await dataOf(w.api('POST', `/api/bookings/${bookingId}/calendar-sync`));
      await syncOf(bookingId, 'synced');
    }
    // Moved by half its length: its own event, read back from the calendar, is no other appointment.
    await dataOf(w.api('POST', `/api/bookings/${bookingId}/reschedule`, { startsAtMs: at + 30 * MIN }));
    await eventually('the moved event', async () => {
      const text = await (await client()('GET', `${calendarUrl}${bookingId}.ics`)).text();
      return text.includes(`DTSTART:${utc(at + 30 * MIN)}`) ? true : undefined;
    });
    await dataOf(w.api('POST', `/api/bookings/${bookingId}/reschedule`, { startsAtMs: at }));
    await eventually('moved back', async () => {
      const text = await (await client()('GET', `${calendarUrl}${bookingId}.ics`)).text();
      return text.includes(`DTSTART:${utc(at)}`) ? true : undefined;
    });
    await syncOf(bookingId, 'synced');
    expect((await resources()).filter((r) => r.includes(bookingId))).toEqual([`${bookingId}.ics`]);
    const text = await (await client()('GET', `${calendarUrl}${bookingId}.ics`)).text();
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain(`UID:${bookingId}@booking-platform`);
    // Nothing was read back as an appointment of its own: the one booking at that time.
    expect((await bookingsBetween(w, at - HOUR, at + 2 * HOUR)).map((b) => b.bookingId)).toEqual([bookingId]);
  });

  it('cal.com #14704: a class written to the calendar at its first seat still sells its other seats', async () => {
    const at = berlinTime(6, 15);
    const first = (await dataOf(publicCreate(w, { serviceSlug: 'class', startsAtMs: at }), 201)).booking
      .bookingId as string;
    await dataOf(w.api('POST', `/api/bookings/${first}/confirm`));
    await syncOf(first, 'synced');
    // Availability reads the calendar again, with the first seat's event in it.
    await sleep(BUSY_CACHE_MS + 100);
    expect((await slotsBetween(w, 'class', at, at + 1))[0]?.seatsLeft).toBe(2);
    await dataOf(publicCreate(w, { serviceSlug: 'class', startsAtMs: at }), 201);
  });

  it('Easy!Appointments #604: a booking made through the partner API is written to the calendar like any other', async () => {
    const at = berlinTime(7, 9);
    const made = await dataOf(partnerCreate(w, { startsAtMs: at }), 201);
    const bookingId = made.booking.bookingId as string;
    await dataOf(w.v1('POST', `/v1/bookings/${bookingId}/confirm`));
    const sync = await syncOf(bookingId, 'synced');
    expect(sync.externalEventId).toBe(`${calendarUrl}${bookingId}.ics`);
    const text = await (await client()('GET', sync.externalEventId)).text();
    expect(text).toContain(`DTSTART:${utc(at)}`);
    // The partner sees it too.
    expect((await dataOf(w.v1('GET', `/v1/bookings/${bookingId}`))).calendarSync).toMatchObject({ status: 'synced' });
  });
});

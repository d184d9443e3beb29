// The demo workspace (docs/decisions.md "Demo workspace"): `npm start -- --demo` on an empty
// DATA_DIR makes the workspace `demo` through the services' gRPC and prints its booking page and
// a one-time sign-in link; what it shows is true for its time (a completed booking ended before
// it was marked, a request awaiting confirmation lies ahead with its hold running); a second
// start (DEMO=1) writes nothing and prints fresh links; a start without the flag makes nothing;
// in Chromium the dashboard shows a booking of every state.
// The platform runs as `npm start` runs it (its own process, apps/platform/dist/main.js).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, DAY_MS, HOLD_MS, MINUTE_MS } from '@svc/rules';
import { chromiumMissing, json, runApp, serverGate, startPlatformProcess, type PlatformProcess } from '@svc/testing';
import { addIsoDays, isoDateIn, parseIsoDate, wallClockInstant, wallClockOf } from '@svc/wall-clock';
import { DEMO_BOOKINGS, DEMO_SERVICES, DEMO_STAFF } from '../src/demo/demo-data.js';
import { planDemo } from '../src/demo/demo-plan.js';
import { launchBrowser, openPage, seriousViolations, shot } from './browser-fixture.js';
import { dashboard, type DashboardSession } from './dashboard-fixture.js';

const browserRun = serverGate('Chromium', chromiumMissing());

describe('the demo placed in time (pure)', () => {
  /** Every weekday as the day of the first start, across DST changes, early and late in the day. */
  const starts = (zone: string) =>
    ['2026-03-23', '2026-10-22'].flatMap((first) =>
      Array.from({ length: 14 }, (_, i) => addIsoDays(first, i)).flatMap((date) =>
        [
          [0, 5],
          [12, 0],
          [23, 55],
        ].map(([hour, minute]) =>
          wallClockInstant({ ...parseIsoDate(date)!, hour: hour!, minute: minute!, second: 0 }, zone),
        ),
      ),
    );

  it.each(['UTC', 'Europe/Berlin', 'America/New_York', 'Pacific/Auckland'])(
    'in %s every booking is made before its start and changed in the past, each story true for its time',
    (zone) => {
      for (const nowMs of starts(zone)) {
        const plan = planDemo(zone, nowMs);
        const today = isoDateIn(nowMs, zone);
        expect(plan.bookings).toHaveLength(DEMO_BOOKINGS.length);
        expect(plan.past.map((m) => m.atMs)).toEqual(plan.past.map((m) => m.atMs).sort((a, b) => a - b));
        for (const moment of plan.past) expect(moment.atMs).toBeLessThan(nowMs);
        plan.bookings.forEach((planned, index) => {
          const { booking, service, startsAtMs, bookedAtMs } = planned;
          const endsAtMs = startsAtMs + service.durationMin * MINUTE_MS;
          const wall = wallClockOf(startsAtMs, zone);
          // On a weekday other than the day of the start, at the minute the data names.
          const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
          expect(weekday).toBeGreaterThanOrEqual(1);
          expect(weekday).toBeLessThanOrEqual(5);
          expect(isoDateIn(startsAtMs, zone)).not.toBe(today);
          expect(wall.hour * 60 + wall.minute).toBe(booking.startMinute);
          const made = bookedAtMs ?? nowMs;
          expect(startsAtMs - made).toBeGreaterThanOrEqual(service.minNoticeMin * MINUTE_MS);
          expect(startsAtMs - made).toBeLessThan(90 * DAY_MS);
          const moments = plan.past.filter((m) => m.booking === index);
          if (bookedAtMs === null) {
            expect(booking.story).toBe('awaiting');
            expect(service.confirmation).toBe('manual');
            expect(moments).toEqual([]);
            return;
          }
          expect(moments[0]).toEqual({ atMs: bookedAtMs, booking: index, action: 'create' });
          const changes = moments.slice(1);
          if (service.confirmation === 'manual') {
            // Confirmed by the studio while its hold still ran.
            expect(changes[0]!.action).toBe('confirm');
            expect(changes[0]!.atMs - bookedAtMs).toBeLessThan(HOLD_MS);
          }
          const last = changes.at(-1);
          switch (booking.story) {
            case 'confirmed':
              expect(startsAtMs).toBeGreaterThan(nowMs);
              expect(last?.action ?? 'confirm').toBe('confirm');
              break;
            case 'completed':
            case 'no_show':
              expect(last!.action).toBe(booking.story === 'completed' ? 'complete' : 'no_show');
              expect(last!.atMs).toBeGreaterThan(endsAtMs);
              break;
            case 'cancelled':
              expect(last!.action).toBe('cancel');
              expect(last!.atMs).toBeLessThan(startsAtMs);
              break;
            default:
              throw new Error(`unexpected story ${booking.story}`);
          }
        });
        // The short day lies after every booking, on a weekday.
        expect(plan.shortDay > isoDateIn(Math.max(...plan.bookings.map((b) => b.startsAtMs)), zone)).toBe(true);
      }
    },
  );
});

/** What a start printed for the demo. */
interface DemoOutput {
  bookingPageUrl: string;
  signInUrl: string;
  seeded: boolean;
}

async function demoOutputOf(platform: PlatformProcess): Promise<DemoOutput> {
  await platform.app.waitFor('(signs you in as', 5_000);
  const out = platform.app.output();
  const page = /^ {4}booking page: (\S+)$/m.exec(out);
  const link = /^ {4}dashboard: {4}(\S+)$/m.exec(out);
  expect(page, out).not.toBeNull();
  expect(link, out).not.toBeNull();
  return {
    bookingPageUrl: page![1]!,
    signInUrl: link![1]!,
    seeded: out.includes('demo workspace: made just now'),
  };
}

/** Opens the sign-in link as a browser would: the session cookie and its CSRF token. */
async function signIn(url: string): Promise<DashboardSession> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/dashboard');
  const cookie = /^([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  const session = await fetch(new URL('/api/session', url), { headers: { cookie } });
  expect(session.status).toBe(200);
  const { data } = await json(session);
  expect(data.tenant.slug).toBe('demo');
  expect(data.role).toBe('tenant_owner');
  return { cookie, csrf: data.csrfToken };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Item = Record<string, any>;

/** Every item of a dashboard list (one page: the demo has fewer than 100 of each). */
async function list(api: ReturnType<typeof dashboard>, path: string): Promise<Item[]> {
  const res = await api('GET', `${path}?limit=100`);
  expect(res.status, path).toBe(200);
  const { data } = await json(res);
  expect(data.nextCursor).toBeNull();
  return data.items as Item[];
}

/**
 * What a second start must leave as it was: every record with the fields a write changes, and
 * each booking's history (every change adds an event to it).
 */
async function snapshot(api: ReturnType<typeof dashboard>) {
  const pick =
    (...fields: string[]) =>
    (item: Item) =>
      Object.fromEntries(
        fields.map((f) => {
          expect(item[f], f).toBeDefined();
          return [f, item[f]];
        }),
      );
  const tenant = await json(await api('GET', '/api/tenant'));
  const bookings = await list(api, '/api/bookings');
  const histories = await Promise.all(
    bookings.map(async (b) => (await json(await api('GET', `/api/bookings/${b.bookingId}/events`))).data.items),
  );
  return {
    tenant: pick('tenantId', 'updatedAtMs')(tenant.data),
    services: (await list(api, '/api/services')).map(pick('serviceId', 'slug', 'updatedAtMs')),
    staff: (await list(api, '/api/staff')).map(pick('staffId', 'displayName', 'updatedAtMs')),
    rules: (await list(api, '/api/availability-rules')).map(pick('ruleId', 'updatedAtMs')),
    overrides: (await list(api, '/api/date-overrides')).map(pick('overrideId', 'date', 'updatedAtMs')),
    customers: (await list(api, '/api/customers')).map(pick('customerId', 'updatedAtMs')),
    bookings: bookings.map(pick('bookingId', 'status', 'updatedAtMs')),
    histories,
  };
}

describe('npm start -- --demo', { timeout: 240_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-demo-'));
  let platform: PlatformProcess | undefined;
  let first: DemoOutput;
  let api: ReturnType<typeof dashboard>;

  beforeAll(async () => {
    platform = await startPlatformProcess(dataDir, { RATE_LIMITS: 'off' }, { args: ['--demo'] });
    first = await demoOutputOf(platform);
  });
  afterAll(async () => {
    platform?.app.kill('SIGKILL');
    await platform?.app.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes the workspace on an empty DATA_DIR and prints its booking page and a sign-in link', () => {
    const url = platform!.url;
    expect(first).toEqual({
      bookingPageUrl: `${url}/book/demo`,
      signInUrl: expect.stringMatching(new RegExp(`^${url}/auth/link\\?token=[A-Za-z0-9_-]{43}$`)),
      seeded: true,
    });
  });

  it("the booking page offers times of every service, the class's seats left among them", async () => {
    const page = await fetch(first.bookingPageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const config = await json(await fetch(`${first.bookingPageUrl}/config`));
    expect(config.data.tenant.slug).toBe('demo');
    const services = config.data.services as Item[];
    expect(services.map((s) => s.slug).sort()).toEqual(DEMO_SERVICES.map((s) => s.slug).sort());
    const fromMs = Date.now();
    for (const service of services) {
      const res = await fetch(
        `${first.bookingPageUrl}/availability?serviceSlug=${service.slug}&fromMs=${fromMs}&toMs=${fromMs + 14 * DAY_MS}`,
      );
      expect(res.status, service.slug).toBe(200);
      const slots = (await json(res)).data.slots as Item[];
      expect(slots.length, service.slug).toBeGreaterThan(0);
      for (const slot of slots) expect(slot.startsAtMs).toBeGreaterThan(fromMs);
      // The next weekday's class, with a party of 2 and one of 1 in it: 5 of its 8 seats left.
      if (service.slug === 'yoga-class') expect(slots.map((s) => s.seatsLeft)).toContain(5);
    }
  });

  it('the sign-in link opens a dashboard session of the owner, once', async () => {
    const session = await signIn(first.signInUrl);
    api = dashboard(platform!.url, session);
    expect((await fetch(first.signInUrl, { redirect: 'manual' })).status).toBe(401);
    // Nobody changed anything yet: the seed is not a person's change.
    expect(await list(api, '/api/audit-events')).toEqual([]);
  });

  it('the dashboard lists bookings in every state, each true for its time', async () => {
    const bookings = await list(api, '/api/bookings');
    const nowMs = Date.now();
    expect(bookings).toHaveLength(DEMO_BOOKINGS.length);
    expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(BOOKING_STATUSES));
    const services = new Map((await list(api, '/api/services')).map((s) => [s.serviceId, s]));
    for (const b of bookings) {
      expect(b.source).toBe('demo');
      expect(b.createdAtMs).toBeLessThan(b.startsAtMs);
      expect(b.updatedAtMs).toBeLessThanOrEqual(nowMs);
      switch (b.status) {
        case 'completed':
        case 'no_show':
          // Marked after it ended.
          expect(b.endsAtMs).toBeLessThan(nowMs);
          expect(b.updatedAtMs).toBeGreaterThan(b.endsAtMs);
          break;
        case 'held':
          // A request awaiting confirmation: ahead, of the service confirmed by hand, its hold running.
          expect(services.get(b.serviceId)!.confirmation).toBe('manual');
          expect(b.startsAtMs).toBeGreaterThan(nowMs);
          expect(b.holdExpiresAtMs).toBeGreaterThan(nowMs);
          break;
        case 'confirmed':
          expect(b.startsAtMs).toBeGreaterThan(nowMs);
          break;
        case 'cancelled':
          expect(b.updatedAtMs).toBeLessThan(b.startsAtMs);
          expect(b.cancelReason).toBe('The customer called to cancel');
          break;
      }
    }
    // A completed class's history: made, confirmed at once, marked completed after its end.
    const completed = bookings.find((b) => b.status === 'completed' && b.partySize === 2)!;
    const history = await json(await api('GET', `/api/bookings/${completed.bookingId}/events`));
    const events = history.data.items as Item[];
    expect(events.map((e) => e.type)).toEqual(['booking.created', 'booking.confirmed', 'booking.completed']);
    expect(events.at(-1)!.occurredAtMs).toBeGreaterThan(completed.endsAtMs);
    expect(events[0]!.occurredAtMs).toBeLessThan(completed.startsAtMs);
  });

  it('the services show seats, confirmation by hand, intake questions and round-robin; the team has its hours', async () => {
    const services = new Map((await list(api, '/api/services')).map((s) => [s.slug, s]));
    const staff = await list(api, '/api/staff');
    expect(staff.map((s) => s.displayName).sort()).toEqual(DEMO_STAFF.map((s) => s.displayName).sort());
    expect(services.get('yoga-class')).toMatchObject({ seats: 8, maxPartySize: 2, confirmation: 'automatic' });
    expect(services.get('consultation')).toMatchObject({ confirmation: 'manual', seats: 1 });
    expect(services.get('first-visit')!.questions.map((q: Item) => [q.key, q.type, q.required])).toEqual([
      ['goal', 'textarea', true],
      ['experience', 'select', true],
      ['call_before', 'checkbox', false],
    ]);
    const massage = services.get('massage')!;
    expect(massage.assignment).toBe('round_robin');
    expect([...massage.staffIds].sort()).toEqual(staff.map((s) => s.staffId).sort());
    // The bookings of the intake service kept their answers.
    const answered = (await list(api, '/api/bookings')).filter(
      (b) => b.serviceId === services.get('first-visit')!.serviceId,
    );
    for (const b of answered) {
      const detail = await json(await api('GET', `/api/bookings/${b.bookingId}`));
      expect(detail.data.answers.map((a: Item) => a.key)).toContain('goal');
    }
    // Weekdays and Saturdays for the studio, weekday afternoons for one staff member; one short day.
    const rules = await list(api, '/api/availability-rules');
    expect(rules.filter((r) => r.ownerType === 'tenant')).toHaveLength(6);
    expect(rules.filter((r) => r.ownerType === 'staff')).toHaveLength(5);
    const overrides = await list(api, '/api/date-overrides');
    expect(overrides).toHaveLength(1);
    expect(overrides[0]).toMatchObject({ ownerType: 'tenant', windows: [{ startMinute: 600, endMinute: 780 }] });
  });

  it('a second start (DEMO=1) on the same DATA_DIR writes nothing and prints fresh links', async () => {
    const before = await snapshot(api);
    await platform!.stop();
    platform = await startPlatformProcess(dataDir, { RATE_LIMITS: 'off', DEMO: '1' });
    const second = await demoOutputOf(platform);
    expect(second.seeded).toBe(false);
    expect(platform.app.output()).toContain('demo workspace: already there, left as it was');
    expect(second.bookingPageUrl).toBe(`${platform.url}/book/demo`);
    expect(second.signInUrl).not.toBe(first.signInUrl);
    // The old link was used up; the new one signs in.
    expect((await fetch(first.signInUrl.replace(/^http:\/\/[^/]+/, platform.url), { redirect: 'manual' })).status).toBe(
      401,
    );
    api = dashboard(platform.url, await signIn(second.signInUrl));
    expect(await snapshot(api)).toEqual(before);
  });
});

describe.skipIf(!browserRun)('npm start -- --demo in Chromium', { timeout: 240_000 }, () => {
  it('the dashboard shows a booking of every state, each in its words, and the day with its bookings', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-demo-browser-'));
    const platform = await startPlatformProcess(dataDir, { RATE_LIMITS: 'off' }, { args: ['--demo'] });
    const browser = await launchBrowser();
    try {
      const { signInUrl } = await demoOutputOf(platform);
      const { page, problems } = await openPage(browser, 'UTC');
      // Not networkidle: the dashboard keeps its live stream open.
      await page.goto(signInUrl, { waitUntil: 'domcontentloaded' });
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await page.waitForSelector('.topbar');
      const api = dashboard(platform.url, await signIn((await demoLink(dataDir)).url));
      const bookings = await list(api, '/api/bookings');
      const words: Record<string, string> = {
        held: 'Waiting for confirmation',
        confirmed: 'Confirmed',
        cancelled: 'Cancelled',
        completed: 'Completed',
        no_show: 'No-show',
      };
      for (const [status, shown] of Object.entries(words)) {
        const booking = bookings.find((b) => b.status === status && b.cancelReason !== 'hold_expired');
        expect(booking, status).toBeDefined();
        await page.evaluate((id) => (location.hash = `#/booking/${id}`), booking!.bookingId);
        await page.waitForFunction(
          (id) => document.querySelector('#booking-status') && location.hash.endsWith(id),
          {},
          booking!.bookingId,
        );
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        expect(await page.$eval('#booking-status', (el) => el.textContent?.trim()), status).toContain(shown);
        expect(await seriousViolations(page), status).toEqual([]);
      }
      // The day: the requests waiting on top, and today's bookings.
      await page.evaluate(() => (location.hash = '#/'));
      await page.waitForSelector('#held-title');
      expect(await page.$eval('#held-title', (el) => el.textContent)).toMatch(/Waiting for confirmation \([1-9]/);
      // The week: the bookings around today, in their states.
      const [week] = await page.$$('xpath/.//button[text()="Week"]');
      await week!.click();
      await page.waitForSelector('.week-grid');
      // The customers' names come after the bookings (one read for all of them).
      await page.waitForFunction(() => /Garcia/.test(document.querySelector('.week-grid')?.textContent ?? ''));
      await shot(page, 'demo-dashboard');
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      await platform.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A one-time sign-in link of the demo's owner, printed by the operator CLI. */
async function demoLink(dataDir: string): Promise<{ url: string }> {
  const admin = runApp('admin', { DATA_DIR: dataDir }, {
    args: ['session:link', '--tenant', 'demo', '--email', 'owner@example.com'],
  });
  expect(await admin.exited, admin.output()).toBe(0);
  return JSON.parse(admin.output()) as { url: string };
}

describe('npm start without the flag', { timeout: 120_000 }, () => {
  it('makes no demo workspace and prints no demo lines', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-no-demo-'));
    const platform = await startPlatformProcess(dataDir, {});
    try {
      expect(platform.app.output()).not.toContain('demo workspace');
      expect((await fetch(`${platform.url}/book/demo/config`)).status).toBe(404);
    } finally {
      await platform.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

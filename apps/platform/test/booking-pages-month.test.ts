// The page callbacks of puppeteer run in the browser.
/// <reference lib="dom" />
// The booking page's month view in a real browser (Debian's Chromium through puppeteer-core) on
// the embedded platform (docs/decisions.md "Booking pages"): one availability request per month
// shown, exactly the days that request's answer has offered, the first of them selected with its
// times; the date grid by keyboard; a day without times refused; the zone switch; the service's
// horizon; an empty month and a failed one; a booking made through it; axe-core on each state.

import type { HTTPRequest, Page } from 'puppeteer-core';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, json, serverGate } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import {
  chooseDay,
  chooseSlot,
  isoDateIn,
  launchBrowser,
  offeredDays,
  openPage,
  selectedDay,
  seriousViolations,
  shot,
  showMonth,
  shownMonth,
  shownSlots,
} from './browser-fixture.js';
import { dashboard, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const run = serverGate('Chromium', chromiumMissing());
const BERLIN = 'Europe/Berlin';
const VISITOR = 'America/New_York';
/** UTC+14: the business's afternoons are already the next day there. */
const FAR_EAST = 'Pacific/Kiritimati';
const DAY = 86_400_000;
const TENANT = 'month';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let owner: ReturnType<typeof dashboard>;
let browser: Browser;
/** A holiday of the business (Berlin's calendar), three days ahead. */
let holiday: string;

beforeAll(async () => {
  if (!run) return;
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  // Open 09:00–17:00 Berlin every day; locale de (weeks start on Monday).
  const { tenantId, staffId } = await seedTenant(platform.services.catalog.address, TENANT);
  owner = dashboard(platform.url, await stores.session(tenantId, 'tenant_owner'));
  holiday = isoDateIn(berlinTime(3, 12), BERLIN);
  expect((await owner('POST', '/api/holidays', { date: holiday, name: 'Closed' })).status).toBe(201);
  // Bookable only until this time tomorrow (the horizon test).
  const soon = await owner('POST', '/api/services', {
    slug: 'soon',
    name: 'Soon',
    durationMin: 30,
    staffIds: [staffId],
    maxAdvanceDays: 1,
  });
  expect(soon.status).toBe(201);
  // Bookable only from 100 days ahead: the current month and the next two have no free time.
  const later = await owner('POST', '/api/services', {
    slug: 'later',
    name: 'Later',
    durationMin: 30,
    staffIds: [staffId],
    minNoticeMin: 100 * 1440,
    maxAdvanceDays: 120,
  });
  expect(later.status).toBe(201);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stores?.close();
  await platform?.cleanup();
});

/** The month after `month` (`YYYY-MM`). */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

/** The month heading as the tenant's locale (de) names it. */
const monthName = (month: string) =>
  new Intl.DateTimeFormat('de', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** The availability requests the page sends, as they go out. */
function watchAvailability(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (req: HTTPRequest) => {
    const url = new URL(req.url());
    if (url.pathname === `/book/${TENANT}/availability`) seen.push(url.searchParams);
  });
  return seen;
}

/**
 * The request is the window of one month in `zone`: from its first midnight to the next month's
 * (or 31 days, the route's limit, when a DST fall-back makes the month longer). Its month.
 */
function monthOfWindow(query: URLSearchParams, zone: string): string {
  const fromMs = Number(query.get('fromMs'));
  const toMs = Number(query.get('toMs'));
  const month = isoDateIn(fromMs, zone).slice(0, 7);
  expect(isoDateIn(fromMs, zone)).toBe(`${month}-01`);
  expect(isoDateIn(fromMs - 1, zone).slice(0, 7)).not.toBe(month);
  expect(toMs - fromMs).toBeLessThanOrEqual(31 * DAY);
  expect(isoDateIn(toMs - 1, zone).slice(0, 7)).toBe(month);
  if (toMs - fromMs < 31 * DAY) expect(isoDateIn(toMs, zone)).toBe(`${nextMonth(month)}-01`);
  return month;
}

/** What GET /book/{slug}/availability answers for `query`: the starts still ahead, by day in `zone`. */
async function answeredDays(query: URLSearchParams, zone: string): Promise<Map<string, number[]>> {
  const res = await fetch(`${platform.url}/book/${TENANT}/availability?${query}`);
  expect(res.status).toBe(200);
  const now = Date.now();
  const days = new Map<string, number[]>();
  for (const { startsAtMs } of (await json(res)).data.slots as Array<{ startsAtMs: number }>) {
    if (startsAtMs <= now) continue;
    const day = isoDateIn(startsAtMs, zone);
    days.set(day, [...(days.get(day) ?? []), startsAtMs]);
  }
  return days;
}

/** The one request the page sent for the month it shows, checked as a month window in `zone`. */
async function requestOfShownMonth(page: Page, requests: URLSearchParams[], zone: string): Promise<URLSearchParams> {
  const month = await shownMonth(page);
  const mine = requests.filter((q) => monthOfWindow(q, zone) === month);
  expect(mine).toHaveLength(1);
  return mine[0]!;
}

const focusedDay = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date);

/** The same day of the month in the next or previous month, the month's last day when it is shorter. */
function sameDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0));
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last.getUTCDate()))).toISOString().slice(0, 10);
}

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

describe.skipIf(!run)('the month view of the booking page', { timeout: 120_000 }, () => {
  it('offers exactly the days availability has for the month, selects the first with its times, and follows the zone switch', async () => {
    const { page, problems, refusals } = await openPage(browser, VISITOR);
    const requests = watchAvailability(page);
    await page.goto(`${platform.url}/book/${TENANT}`, { waitUntil: 'networkidle0' });
    await page.click('input[value="checkup"]');
    const month = await shownMonth(page);
    // Every request the page sent is one month's window; the month shown was asked once.
    const query = await requestOfShownMonth(page, requests, VISITOR);
    expect(query.get('serviceSlug')).toBe('checkup');
    const answered = await answeredDays(query, VISITOR);
    expect(answered.size).toBeGreaterThan(0);
    expect(await offeredDays(page)).toEqual([...answered.keys()].filter((d) => d.startsWith(month)));
    // The grid: labelled by the month's heading, a live region.
    expect(await page.$eval('#month-title', (el) => el.textContent)).toBe(monthName(month));
    expect(await page.$eval('#month-grid', (el) => el.getAttribute('aria-labelledby'))).toBe('month-title');
    expect(await page.$eval('#month-title', (el) => el.getAttribute('aria-live'))).toBe('polite');
    // The first bookable day is selected, its times listed, and it is the grid's one tab stop.
    const first = [...answered.keys()][0]!;
    expect(await selectedDay(page)).toBe(first);
    expect(await shownSlots(page)).toEqual(answered.get(first));
    expect(await page.$$eval('#month-grid button[tabindex="0"]', (els) => els.map((el) => el.dataset.date))).toEqual([
      first,
    ]);
    // Not before the current month (the page opens on the next when none is left in this one).
    const current = isoDateIn(Date.now(), VISITOR).slice(0, 7);
    expect(await page.$eval('#month-prev', (el) => el.getAttribute('aria-disabled'))).toBe(
      month === current ? 'true' : null,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'month-01-visitor-zone');

    // The business's holiday has no times on Berlin's calendar...
    requests.length = 0;
    await page.select('#zone', BERLIN);
    await showMonth(page, holiday.slice(0, 7));
    const berlin = await answeredDays(await requestOfShownMonth(page, requests, BERLIN), BERLIN);
    expect(berlin.has(holiday)).toBe(false);
    expect(await offeredDays(page)).toEqual([...berlin.keys()].filter((d) => d.startsWith(holiday.slice(0, 7))));
    expect(await page.$eval(`button[data-date="${holiday}"]`, (el) => el.getAttribute('aria-disabled'))).toBe('true');
    // ...but 14 hours ahead, the day before's afternoon falls on it: the month is drawn again there.
    requests.length = 0;
    await page.select('#zone', FAR_EAST);
    await showMonth(page, holiday.slice(0, 7));
    const far = await answeredDays(await requestOfShownMonth(page, requests, FAR_EAST), FAR_EAST);
    expect(far.has(holiday)).toBe(true);
    expect(await offeredDays(page)).toEqual([...far.keys()].filter((d) => d.startsWith(holiday.slice(0, 7))));
    await chooseDay(page, holiday);
    expect(await shownSlots(page)).toEqual(far.get(holiday));
    await shot(page, 'month-02-far-east');
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('is a date grid by keyboard: arrows, Home/End, PageUp/PageDown move the focus, Enter and Space select, a day without times is refused', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const requests = watchAvailability(page);
    await page.goto(`${platform.url}/book/${TENANT}`, { waitUntil: 'networkidle0' });
    await page.click('input[value="checkup"]');
    const month = await shownMonth(page);
    const selected = (await selectedDay(page))!;
    await page.focus('#month-grid button[tabindex="0"]');
    expect(await focusedDay(page)).toBe(selected);

    // PageDown: the next month, asked once, the focus on the same day of it; the heading says it.
    const later = nextMonth(month);
    await page.keyboard.press('PageDown');
    expect(await shownMonth(page)).toBe(later);
    expect(await page.$eval('#month-title', (el) => el.textContent)).toBe(monthName(later));
    expect(await focusedDay(page)).toBe(sameDay(selected, 1));
    await requestOfShownMonth(page, requests, BERLIN);
    expect(await seriousViolations(page)).toEqual([]);

    // A whole future month: every day has times but the holiday (never the 10th to the 18th of it).
    const tenth = `${later}-10`;
    await page.click(`button[data-date="${tenth}"]`);
    expect(await selectedDay(page)).toBe(tenth);
    const press = async (key: string) => {
      await page.keyboard.press(key as Parameters<Page['keyboard']['press']>[0]);
      return focusedDay(page);
    };
    expect(await press('ArrowRight')).toBe(`${later}-11`);
    expect(await selectedDay(page)).toBe(tenth); // the focus moved, not the choice
    expect(await press('Enter')).toBe(`${later}-11`);
    expect(await selectedDay(page)).toBe(`${later}-11`);
    expect(new Set((await shownSlots(page)).map((ms) => isoDateIn(ms, BERLIN)))).toEqual(new Set([`${later}-11`]));
    expect(await press('ArrowDown')).toBe(`${later}-18`);
    expect(await press('ArrowLeft')).toBe(`${later}-17`);
    expect(await press('ArrowUp')).toBe(tenth);
    // The tenant's locale (de) starts the week on Monday.
    const intoWeek = (new Date(`${tenth}T00:00:00Z`).getUTCDay() + 6) % 7;
    expect(await press('Home')).toBe(plusDays(tenth, -intoWeek));
    expect(await press('End')).toBe(plusDays(tenth, 6 - intoWeek));
    expect(await press('Space')).toBe(plusDays(tenth, 6 - intoWeek));
    expect(await selectedDay(page)).toBe(plusDays(tenth, 6 - intoWeek));

    // PageUp: back a month, and never before the current one.
    await page.keyboard.press('PageUp');
    expect(await shownMonth(page)).toBe(month);
    expect(await focusedDay(page)).toBe(sameDay(plusDays(tenth, 6 - intoWeek), -1));
    const current = isoDateIn(Date.now(), BERLIN).slice(0, 7);
    await showMonth(page, current);
    await page.focus('#month-grid button[tabindex="0"]');
    await page.keyboard.press('PageUp');
    expect(await shownMonth(page)).toBe(current);
    expect(await page.$eval('#month-prev', (el) => el.getAttribute('aria-disabled'))).toBe('true');

    // The holiday: focusable, marked unavailable, and neither a click nor Enter selects it.
    await showMonth(page, holiday.slice(0, 7));
    const before = await selectedDay(page);
    expect(before).not.toBe(holiday);
    await page.click(`button[data-date="${holiday}"]`);
    expect(await focusedDay(page)).toBe(holiday);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await selectedDay(page)).toBe(before);
    await expect(chooseDay(page, holiday)).rejects.toThrow('has no free times');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'month-03-keyboard');
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('books a time chosen through the month view', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const start = berlinTime(4, 10, 30);
    await page.goto(`${platform.url}/book/${TENANT}`, { waitUntil: 'networkidle0' });
    await page.click('input[value="checkup"]');
    await chooseDay(page, isoDateIn(start, BERLIN));
    await chooseSlot(page, start);
    await page.type('#name', 'Month Viewer');
    await page.type('#email', 'month@example.test');
    await page.click('#submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    const listed = (await json(await owner('GET', `/api/bookings?fromMs=${start}&toMs=${start + 1}`))).data.items;
    expect(listed.map((b: { startsAtMs: number; source: string }) => [b.startsAtMs, b.source])).toEqual([
      [start, 'public_page'],
    ]);
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it("goes no further than the service's horizon", async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    await page.goto(`${platform.url}/book/${TENANT}`, { waitUntil: 'networkidle0' });
    await page.click('input[value="soon"]');
    const horizon = isoDateIn(Date.now() + DAY, BERLIN).slice(0, 7);
    await showMonth(page, horizon);
    expect(await page.$eval('#month-next', (el) => el.getAttribute('aria-disabled'))).toBe('true');
    await page.click('#month-next');
    expect(await shownMonth(page)).toBe(horizon);
    await page.focus('#month-grid button[tabindex="0"]');
    await page.keyboard.press('PageDown');
    expect(await shownMonth(page)).toBe(horizon);
    // Only today and tomorrow can have times.
    const today = isoDateIn(Date.now(), BERLIN);
    for (const day of await offeredDays(page)) expect([today, plusDays(today, 1)]).toContain(day);
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('says when a month has no free times and leads to the next; says when it could not be loaded and tries again', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const requests = watchAvailability(page);
    await page.goto(`${platform.url}/book/${TENANT}`, { waitUntil: 'networkidle0' });
    await page.click('input[value="later"]');
    // The current month had nothing: the page went on to the next once, which has nothing either.
    const current = isoDateIn(Date.now(), BERLIN).slice(0, 7);
    const next = nextMonth(current);
    expect(await shownMonth(page)).toBe(next);
    expect(requests.map((q) => monthOfWindow(q, BERLIN))).toEqual([current, next]);
    expect(await offeredDays(page)).toEqual([]);
    expect(await selectedDay(page)).toBeUndefined();
    expect(await page.$eval('#slots-status', (el) => el.textContent)).toBe(`No free times in ${monthName(next)}.`);
    expect(await page.$eval('#month-later', (el) => (el as HTMLElement).innerText)).toBe(
      `Show ${monthName(nextMonth(next))}`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'month-04-empty');
    await page.click('#month-later');
    expect(await shownMonth(page)).toBe(nextMonth(next));
    expect(requests.map((q) => monthOfWindow(q, BERLIN))).toEqual([current, next, nextMonth(next)]);

    // The next answer fails: the month says so, every day disabled, and "Try again" asks again.
    await page.setRequestInterception(true);
    let failed = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.endsWith('/availability') && failed++ === 0) {
        void req.respond({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ ok: false, error: { code: 'BOOKING_POLICY_BLOCKED', message: 'unavailable' } }),
        });
      } else void req.continue();
    });
    await page.click('input[value="checkup"]');
    await page.waitForSelector('#month-retry:not([hidden])');
    expect(await page.$eval('#slots-status', (el) => el.textContent)).toMatch(
      /^The free times of .+ could not be loaded\.$/,
    );
    expect(await offeredDays(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'month-05-failed');
    await page.click('#month-retry');
    expect((await offeredDays(page)).length).toBeGreaterThan(0);
    expect(await page.$eval('#month-retry', (el) => (el as HTMLElement).hidden)).toBe(true);
    expect(await selectedDay(page)).toBeDefined();
    expect(problems).toEqual([]);
    expect(refusals).toEqual(['503 /book/month/availability']);
    await page.close();
  });
});

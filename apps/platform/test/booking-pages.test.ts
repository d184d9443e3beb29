// The page callbacks of puppeteer run in the browser.
/// <reference lib="dom" />
// The public booking page and the manage page in a real browser (Debian's Chromium through
// puppeteer-core) on the embedded platform: book, follow the manage link, reschedule, cancel,
// download the calendar file; a double submit; a slot taken meanwhile; what the pages say in
// each state (a request under manual confirmation, a booking of an automatic service, an
// expired request, cancels by the customer and the business); an axe-core scan of both pages.
// Screenshots of each step land in apps/platform/test-output/booking-pages/.

import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { chromiumMissing, eventually, json, serverGate } from '@svc/testing';
import { berlinTime, seedTeam, seedTenant } from './booking-fixture.js';
import {
  chooseDay,
  chooseSlot,
  isoDateIn,
  launchBrowser,
  openPage,
  OUTPUT_DIR,
  seriousViolations,
  shot,
  shownSlots,
} from './browser-fixture.js';
import { book, dashboard, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const run = serverGate('Chromium', chromiumMissing());
const BERLIN = 'Europe/Berlin';
/** The visitor is abroad: the page starts in their zone, and they switch to the business's. */
const VISITOR = 'America/New_York';
/** A third party's host: the browser never reaches it, the test answers for it. */
const LOGO = 'https://logo.example.test/brand.png';
const BRANDING = { displayName: 'Glow Dental', logoUrl: '', primaryColor: '#0f766e', accentColor: '#9a3412' };

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let staff: ReturnType<typeof dashboard>;
/** The dashboard of `ask`, whose second service asks questions. */
let asker: ReturnType<typeof dashboard>;
let browser: Browser;
/** The round-robin team of `crew` (the staff choice test): Ana and Ben, and their dashboard. */
let crew: { staffIds: string[]; owner: ReturnType<typeof dashboard> };

beforeAll(async () => {
  if (!run) return;
  // A quick sweeper, so an expired hold is recorded within the test.
  platform = await startTestPlatform({ HOLD_SWEEP_MS: 250 });
  stores = await platformStores(platform);
  await seedTenant(platform.services.catalog.address, 'swift', { confirmation: 'automatic' });
  const { tenantId } = await seedTenant(platform.services.catalog.address, 'glow');
  const catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
  try {
    await catalog.updateTenant({ tenantId, branding: BRANDING });
  } finally {
    catalog.close();
  }
  staff = dashboard(platform.url, await stores.session(tenantId, 'tenant_owner'));
  // A tenant whose second service asks intake questions and has cut-offs (the question test).
  const { tenantId: askTenant, staffId: askStaff } = await seedTenant(platform.services.catalog.address, 'ask');
  asker = dashboard(platform.url, await stores.session(askTenant, 'tenant_owner'));
  const asked = await asker('POST', '/api/services', {
    slug: 'first-visit',
    name: 'First visit',
    durationMin: 30,
    staffIds: [askStaff],
    cancelCutoffMin: 1440,
    rescheduleCutoffMin: 2880,
    questions: [
      { key: 'reason', label: 'What brings you in?', type: 'text', required: true },
      { key: 'insurer', label: 'Insurance', type: 'select', options: ['Public', 'Private'] },
      { key: 'areas', label: 'Which teeth?', type: 'multiselect', options: ['Upper', 'Lower'] },
      { key: 'consent', label: 'I agree to the terms', type: 'checkbox', required: true },
      { key: 'age', label: 'Age', type: 'number' },
    ],
  });
  expect(asked.status).toBe(201);
  // And a class of 5 seats, parties up to 3 (the seats test).
  const klass = await asker('POST', '/api/services', {
    slug: 'yoga',
    name: 'Yoga class',
    durationMin: 60,
    slotIntervalMin: 60,
    staffIds: [askStaff],
    seats: 5,
    maxPartySize: 3,
  });
  expect(klass.status).toBe(201);
  const { tenantId: crewTenant } = await seedTenant(platform.services.catalog.address, 'crew');
  crew = {
    staffIds: await seedTeam(platform.services.catalog.address, crewTenant, 'consult', ['Ana', 'Ben'], {
      assignment: 'round_robin',
    }),
    owner: dashboard(platform.url, await stores.session(crewTenant, 'tenant_owner')),
  };
  const { tenantId: logoTenant } = await seedTenant(platform.services.catalog.address, 'logo');
  const catalogAgain = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
  try {
    await catalogAgain.updateTenant({ tenantId: logoTenant, branding: { logoUrl: LOGO } });
  } finally {
    catalogAgain.close();
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stores?.close();
  await platform?.cleanup();
});

interface BookingRow {
  bookingId: string;
  startsAtMs: number;
  status: string;
  source: string;
  cancelReason: string | null;
}

/** The tenant's bookings as the dashboard API reports them. */
async function bookingsAt(startsAtMs: number): Promise<BookingRow[]> {
  const res = await staff('GET', `/api/bookings?fromMs=${startsAtMs}&toMs=${startsAtMs + 1}`);
  expect(res.status).toBe(200);
  return ((await json(res)).data.items as BookingRow[]).filter((b) => b.startsAtMs === startsAtMs);
}

async function bookingById(bookingId: string): Promise<BookingRow> {
  const res = await staff('GET', `/api/bookings/${bookingId}`);
  expect(res.status).toBe(200);
  return (await json(res)).data as BookingRow;
}

/** Opens the tenant's booking page, switches to the business's zone and the day of `startsAtMs`. */
async function bookingPageAt(page: Page, startsAtMs: number, tenantSlug = 'glow'): Promise<void> {
  await page.goto(`${platform.url}/book/${tenantSlug}`, { waitUntil: 'networkidle0' });
  await page.select('#zone', BERLIN);
  await chooseDay(page, isoDateIn(startsAtMs, BERLIN));
}

async function fillDetails(page: Page, name: string, email: string): Promise<void> {
  await page.type('#name', name);
  await page.type('#email', email);
  await page.type('#notes', 'Please call if late.');
}

/** The text a visitor sees in `selector` (hidden parts left out). */
const shown = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);

/** The manage page's status label and its sentence. */
async function manageStatus(page: Page): Promise<{ label: string; detail: string }> {
  return {
    label: await page.$eval('#booking-status', (el) => el.textContent ?? ''),
    detail: await page.$eval('#status-detail', (el) => el.textContent ?? ''),
  };
}

const formatted = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('de', { timeStyle: 'short', timeZone }).format(new Date(ms));

// A browser on a busy 2-core machine: more room than the suite's 30 s (a ceiling, not a target).
describe.skipIf(!run)('booking pages in Chromium', { timeout: 120_000 }, () => {
  it('books a slot, then reschedules and cancels it through the manage page, and downloads the calendar file', async () => {
    const { page, problems, refusals } = await openPage(browser, VISITOR);
    const start = berlinTime(1, 10);
    const later = berlinTime(1, 11, 30);

    await page.goto(`${platform.url}/book/glow`, { waitUntil: 'networkidle0' });
    // The tenant's branding; the hidden service never shows.
    expect(await page.$eval('h1', (el) => el.textContent)).toBe('Book with Glow Dental');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim()),
    ).toBe(BRANDING.primaryColor);
    expect(await page.$eval('.brand', (el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 118, 110)');
    const services = await page.$$eval('input[name="service"]', (els) =>
      els.map((el) => (el as HTMLInputElement).value),
    );
    expect(services).toEqual(['checkup']);
    expect(await page.$eval('form', (el) => el.textContent)).not.toContain('Internal');
    // The visitor's own zone first; times follow the zone switch, in the tenant's locale (de).
    expect(await page.$eval('#zone', (el) => (el as HTMLSelectElement).value)).toBe(VISITOR);
    await chooseDay(page, isoDateIn(start, VISITOR));
    expect(await chooseSlot(page, start)).toBe(formatted(start, VISITOR));
    await shot(page, '01-booking-page-visitor-zone');
    await page.select('#zone', BERLIN);
    await chooseDay(page, isoDateIn(start, BERLIN));
    expect(await chooseSlot(page, start)).toBe(formatted(start, BERLIN));
    await fillDetails(page, 'Ann Example', 'ann@example.test');
    await shot(page, '02-booking-form-filled');

    await page.click('#submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    // A manual service: a request, not a booking yet.
    const told = await shown(page, '#confirmation');
    expect(told).toContain('Booking requested');
    expect(told).toContain(
      'Requested. Glow Dental confirms it within 10 minutes, or the request expires and the time is free again.',
    );
    expect(told).toContain('We will email you either way.');
    expect(await shown(page, 'body')).not.toContain('booked');
    expect(await page.$eval('#confirmation', (el) => el.getAttribute('aria-labelledby'))).toBe('outcome-held');
    const summary = await page.$eval('#confirmation-summary', (el) => el.textContent ?? '');
    expect(summary).toContain('Check-up');
    expect(summary).toContain(formatted(start, BERLIN));
    const manageUrl = await page.$eval('#manage-link', (el) => (el as HTMLAnchorElement).href);
    expect(manageUrl).toMatch(new RegExp(`^${platform.url}/booking/manage/svc_m1\\.`));
    expect(await page.$eval('#ics-link', (el) => (el as HTMLAnchorElement).href)).toBe(`${manageUrl}/ics`);
    await shot(page, '03-confirmation');

    const [made] = await bookingsAt(start);
    expect(made).toMatchObject({ status: 'held', source: 'public_page' });

    // The calendar file, downloaded as a customer would.
    const downloads = join(OUTPUT_DIR, 'downloads');
    rmSync(downloads, { recursive: true, force: true });
    const cdp = await browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await page.click('#ics-link');
    const icsFile = await eventually('the downloaded calendar file', async () => {
      const names = existsSync(downloads) ? readdirSync(downloads).filter((n) => n.endsWith('.ics')) : [];
      return names[0] === undefined ? undefined : join(downloads, names[0]);
    });
    const event = new ICAL.Component(ICAL.parse(readFileSync(icsFile, 'utf8'))).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('uid')).toContain(made!.bookingId);
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime()).toBe(start);

    // The manage link opens a page, in the tenant's look, with the headers a token URL needs.
    const res = await page.goto(manageUrl, { waitUntil: 'networkidle0' });
    expect(res!.status()).toBe(200);
    expect(res!.headers()).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      vary: 'Accept',
    });
    expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await page.$eval('#booking-service', (el) => el.textContent)).toBe('Check-up');
    expect(await page.$eval('#booking-when', (el) => el.textContent)).toContain(formatted(start, BERLIN));
    expect(await page.$eval('.brand', (el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 118, 110)');
    const held = await manageStatus(page);
    expect(held.label).toBe('Requested, not confirmed yet');
    expect(held.detail).toMatch(
      /^Requested\. Glow Dental confirms it by \d{2}:\d{2} \(Europe\/Berlin\), or the request expires/,
    );
    expect(await shown(page, 'body')).not.toContain('booked');
    await shot(page, '04-manage-page');

    // Reschedule to another slot of the day.
    await page.select('#zone', BERLIN);
    await chooseDay(page, isoDateIn(later, BERLIN));
    expect(await shownSlots(page)).not.toContain(start);
    await chooseSlot(page, later);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#reschedule-submit')]);
    expect(await page.$eval('#done-message', (el) => el.textContent)).toBe('Your booking was moved to the new time.');
    expect(await page.$eval('#booking-when', (el) => el.textContent)).toContain(formatted(later, BERLIN));
    expect(await bookingById(made!.bookingId)).toMatchObject({ startsAtMs: later, status: 'held' });
    await shot(page, '05-rescheduled');

    // Cancel, through the confirmation step.
    await page.click('#cancel-start');
    await page.waitForSelector('#cancel-confirm:not([hidden])');
    expect(await page.$eval('#cancel-question', (el) => el.textContent)).toContain('This cannot be undone.');
    expect(await bookingById(made!.bookingId)).toMatchObject({ status: 'held' });
    await shot(page, '06-cancel-confirmation');
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#cancel-yes')]);
    expect(await page.$eval('#done-message', (el) => el.textContent)).toBe('Your booking was cancelled.');
    expect(await manageStatus(page)).toEqual({ label: 'Cancelled', detail: 'You cancelled this booking.' });
    expect(await page.$('#cancel-start')).toBeNull();
    expect(await page.$('#reschedule-form')).toBeNull();
    expect(await bookingById(made!.bookingId)).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
    await shot(page, '07-cancelled');

    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('books once when the form is submitted twice', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const start = berlinTime(2, 9);
    const keys: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/book/glow/bookings'))
        keys.push(req.headers()['idempotency-key']!);
    });
    await bookingPageAt(page, start);
    await chooseSlot(page, start);
    await fillDetails(page, 'Double Clicker', 'double@example.test');
    // Two submits in the same task (a double click on a slow machine), then a double click.
    await page.$eval('#booking-form', (form) => {
      (form as HTMLFormElement).requestSubmit();
      (form as HTMLFormElement).requestSubmit();
    });
    await page.waitForSelector('#confirmation:not([hidden])');
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
    expect(await bookingsAt(start)).toHaveLength(1);
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('says a slot taken since the page loaded is gone and offers the refreshed slots', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const start = berlinTime(2, 10);
    await bookingPageAt(page, start);
    await chooseSlot(page, start);
    await fillDetails(page, 'Late Comer', 'late@example.test');
    await book(platform.url, 'glow', start); // someone else, meanwhile

    await page.click('#submit');
    await page.waitForSelector('#form-error:not([hidden])');
    expect(await page.$eval('#form-error', (el) => el.textContent)).toContain('that time was just taken');
    const slots = await shownSlots(page);
    expect(slots).not.toContain(start);
    expect(slots.length).toBeGreaterThan(0);
    await shot(page, '08-slot-taken');

    // Another time from the refreshed list books.
    const other = berlinTime(2, 10, 30);
    expect(slots).toContain(other);
    await chooseSlot(page, other);
    await page.click('#submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    expect(await bookingsAt(other)).toHaveLength(1);
    expect(problems).toEqual([]);
    expect(refusals).toEqual(['409 /book/glow/bookings']);
    await page.close();
  });

  it('says "You are booked" for an automatic service, and the manage page says it is confirmed', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const start = berlinTime(5, 9);
    await bookingPageAt(page, start, 'swift');
    await chooseSlot(page, start);
    await fillDetails(page, 'Swift Customer', 'swift@example.test');
    await page.click('#submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    const told = await shown(page, '#confirmation');
    expect(told).toContain('You are booked');
    expect(told).toContain('Clinic swift has confirmed your booking.');
    expect(told).toContain('We will email you the confirmation.');
    expect(told).not.toContain('Requested');
    expect(await page.$eval('#confirmation', (el) => el.getAttribute('aria-labelledby'))).toBe('outcome-confirmed');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '09-automatic-booked');

    const manageUrl = await page.$eval('#manage-link', (el) => (el as HTMLAnchorElement).href);
    await page.goto(manageUrl, { waitUntil: 'networkidle0' });
    expect(await manageStatus(page)).toEqual({ label: 'Confirmed', detail: 'You are booked.' });
    await shot(page, '10-automatic-manage');
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('says nothing of email to a customer who gave only a phone', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const start = berlinTime(5, 10);
    await bookingPageAt(page, start);
    await chooseSlot(page, start);
    await page.type('#name', 'Phone Only');
    await page.type('#phone', '+49 30 1234567');
    await page.click('#submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    const told = await shown(page, '#confirmation');
    expect(told).toContain('Requested. Glow Dental confirms it within 10 minutes');
    expect(told).not.toContain('email');
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('tells an expired request, a business cancel with its reason, and the later states, as they are', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const visit = async (url: string, name: string) => {
      await page.goto(url, { waitUntil: 'networkidle0' });
      await shot(page, name);
      return manageStatus(page);
    };
    const expired = {
      label: 'Expired',
      detail: 'This request expired because Glow Dental did not confirm it in time.',
    };

    // Nobody confirmed it: expired the moment its hold ran out, before and after the sweeper.
    const lapsed = await book(platform.url, 'glow', berlinTime(5, 11));
    await stores.endHold(lapsed.booking.bookingId);
    expect(await visit(lapsed.manageUrl, '11-hold-ran-out')).toEqual(expired);
    await eventually('the sweeper to expire the hold', async () =>
      (await bookingById(lapsed.booking.bookingId)).status === 'cancelled' ? true : undefined,
    );
    expect(await bookingById(lapsed.booking.bookingId)).toMatchObject({ cancelReason: 'hold_expired' });
    expect(await stores.events(lapsed.booking.bookingId)).toEqual(['booking.created', 'booking.expired']);
    expect(await visit(lapsed.manageUrl, '12-expired')).toEqual(expired);
    expect(await page.$('#cancel-start')).toBeNull();
    expect(await page.$('#reschedule-form')).toBeNull();
    expect(await shown(page, 'body')).not.toContain('booked');
    expect(await seriousViolations(page)).toEqual([]);

    // Cancelled by the business, with its reason.
    const dropped = await book(platform.url, 'glow', berlinTime(5, 12));
    const cancel = await staff('POST', `/api/bookings/${dropped.booking.bookingId}/cancel`, {
      reason: 'The dentist is ill',
    });
    expect(cancel.status).toBe(200);
    expect(await visit(dropped.manageUrl, '13-business-cancelled')).toEqual({
      label: 'Cancelled',
      detail: 'Glow Dental cancelled this booking. Reason: The dentist is ill',
    });

    // Confirmed by hand, then kept or missed.
    const kept = await book(platform.url, 'glow', berlinTime(5, 13));
    const missed = await book(platform.url, 'glow', berlinTime(5, 14));
    for (const made of [kept, missed]) {
      expect((await staff('POST', `/api/bookings/${made.booking.bookingId}/confirm`)).status).toBe(200);
    }
    expect(await visit(kept.manageUrl, '14-confirmed')).toEqual({ label: 'Confirmed', detail: 'You are booked.' });
    expect((await staff('POST', `/api/bookings/${kept.booking.bookingId}/complete`, {})).status).toBe(200);
    expect((await staff('POST', `/api/bookings/${missed.booking.bookingId}/no-show`, {})).status).toBe(200);
    expect(await visit(kept.manageUrl, '15-completed')).toEqual({
      label: 'Completed',
      detail: 'This appointment has taken place.',
    });
    expect(await visit(missed.manageUrl, '16-no-show')).toEqual({
      label: 'Missed',
      detail: 'Glow Dental recorded this appointment as missed.',
    });
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('asks the chosen service’s questions as labelled fields, names a missing answer, and books with the answers', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const start = berlinTime(6, 9);
    await page.goto(`${platform.url}/book/ask`, { waitUntil: 'networkidle0' });
    // The policy stated before booking (docs/decisions.md "Service policies").
    expect(await shown(page, 'label.choice:has(input[value="first-visit"])')).toContain(
      'You can move it online up to 2 days before and cancel it online up to 1 day before the start.',
    );
    // The other service asks nothing: no question is on the form.
    expect(await page.$$eval('fieldset.questions:not([hidden])', (els) => els.length)).toBe(0);
    await page.click('input[value="first-visit"]');
    await page.waitForSelector('fieldset.questions[data-service="first-visit"]:not([hidden]):not([disabled])');
    await page.select('#zone', BERLIN);
    await chooseDay(page, isoDateIn(start, BERLIN));
    await chooseSlot(page, start);
    await fillDetails(page, 'Asked Customer', 'asked@example.test');
    await page.click('#submit'); // the required questions unanswered
    await page.waitForSelector('#form-error:not([hidden])');
    expect(await page.$eval('#form-error', (el) => el.textContent)).toBe(
      'Please check What brings you in?, I agree to the terms.',
    );
    expect(await page.$eval('#q-first-visit-reason', (el) => el.getAttribute('aria-invalid'))).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '17-questions-missing');

    await page.type('#q-first-visit-reason', 'A loose filling');
    await page.select('#q-first-visit-insurer', 'Private');
    await page.click('#q-first-visit-areas-1');
    await page.click('#q-first-visit-consent');
    await page.type('#q-first-visit-age', '41');
    await page.click('#submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    await shot(page, '18-questions-booked');
    const listed = (await json(await asker('GET', `/api/bookings?fromMs=${start}&toMs=${start + 1}`))).data.items;
    const detail = (await json(await asker('GET', `/api/bookings/${listed[0].bookingId}`))).data;
    expect(detail.answers.map((a: { key: string; value: unknown }) => [a.key, a.value])).toEqual([
      ['reason', 'A loose filling'],
      ['insurer', 'Private'],
      ['areas', ['Lower']],
      ['consent', true],
      ['age', 41],
    ]);
    expect(problems).toEqual([]);
    expect(refusals).toEqual(['400 /book/ask/bookings']);
    await page.close();
  });

  it('books a class for a party: the party picker, the seats left on each time, fewer after the booking', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const start = berlinTime(7, 10);
    await page.goto(`${platform.url}/book/ask`, { waitUntil: 'networkidle0' });
    expect(await shown(page, 'label.choice:has(input[value="yoga"])')).toContain('a group of up to 5');
    await page.click('input[value="yoga"]');
    await page.waitForSelector('fieldset.party[data-service="yoga"]:not([hidden]):not([disabled])');
    await page.select('#zone', BERLIN);
    await chooseDay(page, isoDateIn(start, BERLIN));
    expect(await chooseSlot(page, start)).toMatch(/^10:00 · 5 seats left$/);
    await page.select('#party-yoga', '3');
    expect(await chooseSlot(page, start)).toMatch(/^10:00 · 5 seats left$/);
    await fillDetails(page, 'Group Leader', 'group@example.test');
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('#submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    await shot(page, '19-class-booked');
    const listed = (await json(await asker('GET', `/api/bookings?fromMs=${start}&toMs=${start + 1}`))).data.items;
    expect(listed.map((b: { partySize: number }) => b.partySize)).toEqual([3]);

    // Another visitor: 2 seats left, and a party of 3 finds no time at 10:00.
    await page.goto(`${platform.url}/book/ask`, { waitUntil: 'networkidle0' });
    await page.click('input[value="yoga"]');
    await page.select('#zone', BERLIN);
    await chooseDay(page, isoDateIn(start, BERLIN));
    expect(await chooseSlot(page, start)).toMatch(/^10:00 · 2 seats left$/);
    await page.select('#party-yoga', '3');
    expect(await shownSlots(page)).not.toContain(start);
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it("offers the team's names, lists the chosen person's free times, and says whom the booking is with", async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const start = berlinTime(8, 11);
    const [ana, ben] = crew.staffIds as [string, string];
    expect((await book(platform.url, 'crew', start, { serviceSlug: 'consult', staffId: ana })).booking.status).toBe(
      'held',
    );
    await page.goto(`${platform.url}/book/crew`, { waitUntil: 'networkidle0' });
    // The one-person service offers no choice.
    await page.click('input[value="checkup"]');
    expect(await page.$$eval('fieldset.staff:not([hidden])', (els) => els.length)).toBe(0);
    await page.click('input[value="consult"]');
    await page.waitForSelector('fieldset.staff[data-service="consult"]:not([hidden]):not([disabled])');
    expect(await page.$$eval('#staff-consult option', (os) => os.map((o) => o.textContent))).toEqual([
      'Anyone available',
      'Ana',
      'Ben',
    ]);
    await page.select('#zone', BERLIN);
    await chooseDay(page, isoDateIn(start, BERLIN));
    await chooseSlot(page, start); // Ben is free at 11:00
    await page.select('#staff-consult', ana);
    expect(await shownSlots(page)).not.toContain(start);
    await page.select('#staff-consult', ben);
    await chooseSlot(page, start);
    await fillDetails(page, 'Chooser', 'chooser@example.test');
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('#submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    expect(await shown(page, '#confirmation-summary')).toMatch(/^consult with Ben, /);
    await shot(page, '20-staff-chosen');
    const listed = (await json(await crew.owner('GET', `/api/bookings?fromMs=${start}&toMs=${start + 1}`))).data
      .items as Array<{ staffId: string }>;
    expect(listed.map((b) => b.staffId).sort()).toEqual([ana, ben].sort());
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });

  it('has no serious or critical accessibility violations on either page', async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const start = berlinTime(3, 9);
    await bookingPageAt(page, start);
    await chooseSlot(page, start);
    expect(await seriousViolations(page)).toEqual([]);
    await page.type('#name', 'A');
    await page.click('#submit'); // no contact: the error message and the field marks are scanned too
    await page.waitForSelector('#form-error:not([hidden])');
    expect(await page.$eval('#form-error', (el) => el.textContent)).toBe(
      'Please give an email address or a phone number.',
    );
    expect(await page.$eval('#email', (el) => el.getAttribute('aria-invalid'))).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    const made = await book(platform.url, 'glow', berlinTime(3, 11));
    await page.goto(made.manageUrl, { waitUntil: 'networkidle0' });
    await shownSlots(page);
    expect(await seriousViolations(page)).toEqual([]);
    // By keyboard: the cancel step opens with Enter and moves the focus to its (outlined) button.
    await page.focus('#cancel-start');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#cancel-confirm:not([hidden])');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cancel-yes');
    expect(await page.$eval('#cancel-yes', (el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    expect(problems).toEqual([]);
    expect(refusals).toEqual(['400 /book/glow/bookings']);
    await page.close();
  });

  it("sends nothing of the manage URL to the logo's third-party host", async () => {
    const { page, problems, refusals } = await openPage(browser, BERLIN);
    const made = await book(platform.url, 'logo', berlinTime(4, 9));
    const elsewhere: Array<{ url: string; headers: Record<string, string> }> = [];
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      // data: URLs (the page's icon) never leave the browser.
      if (req.url().startsWith(platform.url) || req.url().startsWith('data:')) return void req.continue();
      elsewhere.push({ url: req.url(), headers: req.headers() });
      // A 1×1 transparent GIF, as the logo host would answer.
      void req.respond({
        status: 200,
        contentType: 'image/gif',
        body: Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64'),
      });
    });
    await page.goto(made.manageUrl, { waitUntil: 'networkidle0' });
    expect(await page.$eval('.brand img', (img) => (img as HTMLImageElement).complete)).toBe(true);
    expect(elsewhere.map((r) => r.url)).toEqual([LOGO]);
    const headers = elsewhere[0]!.headers;
    // No Referer at all (the browser's default would still send the gateway's origin).
    expect(headers.referer ?? '').toBe('');
    expect(JSON.stringify(headers)).not.toContain(made.manageToken);
    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    await page.close();
  });
});

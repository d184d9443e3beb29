// The page callbacks of puppeteer run in the browser.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The staff dashboard in a real browser (Debian's Chromium through puppeteer-core) on the
// embedded platform: sign in with a one-time link from the operator CLI (a second use refused), a
// public booking made in another tab appears live as held, the front desk confirms it, and the
// customer's manage page says so; a viewer sees no control it may not use; the owner connects
// the workspace's Stripe account (the Stripe stand-in) and disconnects it; axe-core on the
// screens. Screenshots land in apps/platform/test-output/booking-pages/ (dashboard-*.png).

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  eventually,
  json,
  repoRoot,
  serverGate,
  startStripeStandIn,
  startWebhookReceiver,
  type StripeStandIn,
} from '@svc/testing';
import { berlinTime, postBooking, seedTenant } from './booking-fixture.js';
import {
  chooseDay,
  chooseSlot,
  isoDateIn,
  launchBrowser,
  openPage,
  seriousViolations,
  shot,
  shownSlots,
} from './browser-fixture.js';
import { platformStores, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const run = serverGate('Chromium', chromiumMissing());
const execFileAsync = promisify(execFile);
const BERLIN = 'Europe/Berlin';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let browser: Browser;
let stripe: StripeStandIn;
let tenantId: string;
/** The owner's session outside the browser, to check what the screens wrote. */
let ownerCookie: string;

beforeAll(async () => {
  if (!run) return;
  stripe = await startStripeStandIn();
  platform = await startTestPlatform({ STRIPE_API_URL: stripe.url });
  stores = await platformStores(platform);
  ({ tenantId } = await seedTenant(platform.services.catalog.address, 'desk'));
  // The desk's owner and viewer, members the operator CLI can print sign-in links for.
  ownerCookie = (await stores.session(tenantId, 'tenant_owner', 'owner@desk.test')).cookie;
  await stores.session(tenantId, 'tenant_viewer', 'viewer@desk.test');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stores?.close();
  await platform?.cleanup();
  await stripe?.close();
});

/**
 * `admin session:link` as an operator runs it against this platform's DATA_DIR: the URL it
 * prints. Asynchronous: the platform runs in this process and must answer the CLI meanwhile.
 */
async function signInLink(email: string): Promise<string> {
  const { stdout, stderr } = await execFileAsync(
    process.execPath,
    [join(repoRoot(), 'apps/admin/dist/main.js'), 'session:link', '--tenant', 'desk', '--email', email],
    { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: platform.dataDir } },
  );
  expect(stderr).toBe('');
  const { url, expiresAtMs } = JSON.parse(stdout) as { url: string; expiresAtMs: number };
  expect(expiresAtMs - Date.now()).toBeGreaterThan(9 * 60_000);
  expect(expiresAtMs - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  return url;
}

/** The pages a test opened: closed after it, so their live streams do not use up the browser's six connections. */
const openPages: Page[] = [];
afterEach(async () => {
  await Promise.all(openPages.splice(0).map((p) => p.close()));
});

/** Signs `email` in through a fresh link and waits for the live day. */
async function signIn(email: string): Promise<Page> {
  const url = await signInLink(email);
  expect(url).toMatch(new RegExp(`^${platform.url}/auth/link\\?token=[A-Za-z0-9_-]{43}$`));
  const { page, problems } = await openPage(browser, BERLIN);
  openPages.push(page);
  // Not networkidle: the live stream stays open.
  const res = await page.goto(url, { waitUntil: 'load' });
  expect(res!.url()).toBe(`${platform.url}/dashboard`);
  await page.waitForSelector('.live-live');
  expect(problems).toEqual([]);
  return page;
}

const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);

describe.skipIf(!run)('staff dashboard in Chromium', { timeout: 120_000 }, () => {
  it('signs in with a one-time link, shows a public booking live as held, confirms it, and the manage page says confirmed', async () => {
    const link = await signInLink('owner@desk.test');
    const { page: desk, problems } = await openPage(browser, BERLIN);
    openPages.push(desk);
    const first = await desk.goto(link, { waitUntil: 'load' });
    expect(first!.url()).toBe(`${platform.url}/dashboard`);
    await desk.waitForSelector('.live-live');
    expect(await text(desk, '#held-title')).toBe('Waiting for confirmation (0)');
    // Without a session, the sign-in offer (a page of its own, checked too).
    const stranger = await browser.createBrowserContext(); // no cookies of the signed-in tab
    const signedOut = await stranger.newPage();
    await signedOut.goto(`${platform.url}/dashboard`, { waitUntil: 'load' });
    await signedOut.waitForFunction(() => document.querySelector('h1')?.textContent === 'Sign in to the dashboard', {
      polling: 50,
    });
    expect(await seriousViolations(signedOut)).toEqual([]);
    await stranger.close();
    // The link is used up: a second use (another tab) is refused, as a page.
    const again = await browser.newPage();
    const refused = await again.goto(link);
    expect(refused!.status()).toBe(401);
    expect(await again.$eval('#error-message', (el) => el.textContent)).toContain('used already or has expired');
    await again.close();

    // Tomorrow's agenda, empty for now.
    const start = berlinTime(1, 10);
    await desk.click('button[aria-label="Next day"]');
    await desk.waitForFunction(() => document.body.innerText.includes('No bookings on this day.'));

    // The customer books in another tab.
    const { page: customer } = await openPage(browser, BERLIN);
    openPages.push(customer);
    await customer.goto(`${platform.url}/book/desk`, { waitUntil: 'networkidle0' });
    await customer.select('#zone', BERLIN);
    await chooseDay(customer, isoDateIn(start, BERLIN));
    await chooseSlot(customer, start);
    await customer.type('#name', 'Live Customer');
    await customer.type('#email', 'live@example.test');
    const submittedAt = Date.now();
    await customer.click('#submit');
    await customer.waitForSelector('#confirmation:not([hidden])');
    const manageUrl = await customer.$eval('#manage-link', (el) => (el as HTMLAnchorElement).href);

    // The front desk sees it without a reload: on top with its time left, and in the agenda.
    // Polled: rAF does not run in a tab in the background, and the customer's tab is in front.
    await desk.waitForFunction(
      () => document.querySelector('.held-list')?.textContent?.includes('Live Customer') ?? false,
      { timeout: 10_000, polling: 50 },
    );
    const shownAfterMs = Date.now() - submittedAt;
    console.log(`[dashboard] a public booking shown on the dashboard ${shownAfterMs} ms after the submit click`);
    const heldItem = await text(desk, '.held-item');
    expect(heldItem).toContain('Check-up');
    expect(heldItem).toMatch(/\b(9|10):\d{2} left/);
    expect(await text(desk, '#held-title')).toBe('Waiting for confirmation (1)');
    expect(await text(desk, '.agenda-item')).toContain('Waiting for confirmation');
    expect(await seriousViolations(desk)).toEqual([]);
    await shot(desk, 'dashboard-01-held-request');

    await desk.bringToFront();
    await desk.click('.held-item button.primary');
    await desk.waitForFunction(() => document.body.innerText.includes('No request is waiting.'));
    await desk.waitForFunction(() => document.querySelector('.agenda-item .status')?.textContent === 'Confirmed');
    await shot(desk, 'dashboard-02-agenda');
    await desk.click('button[aria-pressed="false"]'); // the grid
    await desk.waitForSelector('.grid-booking');
    expect(await text(desk, '.grid-column h3')).toBe('Dr. Weber');
    await shot(desk, 'dashboard-03-grid');
    await desk.click('.views button:nth-of-type(3)'); // the week
    await desk.waitForSelector('.week-grid a.grid-booking');
    expect(await text(desk, '.week-grid a.grid-booking')).toContain('Live Customer');
    expect(await desk.$$eval('.week-grid .grid-column', (cols) => cols.length)).toBe(7);
    await shot(desk, 'dashboard-03b-week');
    expect(await seriousViolations(desk)).toEqual([]);
    expect(await seriousViolations(desk)).toEqual([]);

    await customer.goto(manageUrl, { waitUntil: 'networkidle0' });
    expect(await customer.$eval('#booking-status', (el) => el.textContent)).toBe('Confirmed');
    expect(problems).toEqual([]);
  });

  it('reschedules through the picker: a taken time is refused with explain’s reason, a free one moves the booking', async () => {
    const start = berlinTime(3, 10);
    const taken = berlinTime(3, 11);
    const made = await postBooking(platform.url, 'desk', start, 'move-me', 'Moving Customer');
    expect(made.status).toBe(201);
    const bookingId = (await json(made)).data.booking.bookingId;
    expect((await postBooking(platform.url, 'desk', taken, 'in-the-way', 'In The Way')).status).toBe(201);

    const page = await signIn('owner@desk.test');
    await page.goto(`${platform.url}/dashboard#/booking/${bookingId}`, { waitUntil: 'load' });
    await page.waitForSelector('#booking-status');
    expect(await text(page, '#booking-status')).toMatch(/^Waiting for confirmation until \d{2}:\d{2}$/);
    expect(await text(page, '.booking')).toContain('Moving Customer');
    expect(await text(page, '.history')).toContain('created');
    await page.click('button[aria-expanded="false"]'); // Reschedule…
    await page.waitForSelector('.slots button');
    // 11:00 is taken by the other request: explain says so, and nothing moves.
    await page.$eval('.explain input[type="time"]', (el) => {
      (el as HTMLInputElement).value = '11:00';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.click('.explain button[type="submit"]');
    await page.waitForSelector('#explain-verdict');
    expect(await text(page, '#explain-verdict')).toBe('11:00 is not free: it is already taken.');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'dashboard-04-booking-reschedule');
    // 12:00 is free: one click on it moves the booking.
    const noon = await page.$$eval('.slots button', (els) => els.map((el) => el.textContent));
    expect(noon).toContain('12:00');
    expect(noon).not.toContain('11:00');
    await page.evaluate(() => {
      const button = [...document.querySelectorAll('.slots button')].find((el) => el.textContent === '12:00');
      (button as HTMLButtonElement).click();
    });
    await page.waitForFunction(
      () => document.querySelector('.history')?.textContent?.includes('rescheduled by staff') ?? false,
    );
    expect(await text(page, '#booking-title')).toContain('12:00');
    const moved = await json(
      await fetch(
        `${platform.url}/book/desk/availability?serviceSlug=checkup&fromMs=${berlinTime(3, 12)}&toMs=${berlinTime(3, 13)}`,
      ),
    );
    expect(moved.data.slots.map((x: { startsAtMs: number }) => x.startsAtMs)).not.toContain(berlinTime(3, 12));
  });

  it('finds a customer as the front desk types the last digits of a phone, creates one and edits it', async () => {
    const page = await signIn('owner@desk.test');
    await page.click('a[href="#/customers"]');
    await page.waitForSelector('#customer-search');
    await page.type('#new-name', 'Walk In');
    await page.type('#new-phone', '+49 30 1234567');
    await page.click('.customer-form button[type="submit"]');
    await page.waitForSelector('#edit-name');
    expect(await page.$eval('h1', (el) => el.textContent)).toBe('Walk In');
    // Edited: an email added.
    await page.type('#edit-email', 'walk.in@example.test');
    await page.click('.customer-form button[type="submit"]');
    await page.waitForFunction(
      () => document.querySelector('.customer-form [role="status"]')?.textContent?.includes('Saved.') ?? false,
    );
    expect(await seriousViolations(page)).toEqual([]); // a customer's screen
    await page.click('a[href="#/customers"]');
    await page.waitForSelector('#customer-search');
    // The last digits a caller gives, typed one by one: the list follows.
    await page.type('#customer-search', '1234567', { delay: 30 });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('.customer-list li')].map((li) => li.textContent).join('|') ===
        'Walk In walk.in@example.test · +49301234567',
      { polling: 50 },
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'dashboard-05-customers');
    await page.$eval('#customer-search', (el) => {
      (el as HTMLInputElement).value = '';
    });
    await page.type('#customer-search', '7654321');
    await page.waitForFunction(() => document.body.innerText.includes('No customer matches.'), { polling: 50 });

    // Their data: the export is a download of the API's document; the erase waits for the id typed.
    await page.click('#customer-search', { count: 3 });
    await page.type('#customer-search', '1234567');
    await page.waitForFunction(() => document.querySelectorAll('.customer-list li a').length === 1, { polling: 50 });
    await page.click('.customer-list li a');
    await page.waitForSelector('#erase-form');
    const exportHref = await page.$eval('#export-customer', (a) => (a as HTMLAnchorElement).href);
    const exported = await page.evaluate(async (href) => (await fetch(href)).json(), exportHref);
    expect(exported.customer).toMatchObject({ name: 'Walk In', primaryEmail: 'walk.in@example.test' });
    expect(await page.$eval('#erase-form button', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.type('#erase-form input', exported.customer.customerId);
    expect(await page.$eval('#erase-form button', (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('#erase-form button');
    await page.waitForSelector('#erased-note');
    expect(await page.$eval('h1', (el) => el.textContent)).toBe('Erased customer');
    expect(await page.$('#edit-name')).toBeNull();
    expect(await page.content()).not.toContain('walk.in@example.test');
    // An erased record still offers the erase: one that outlived its request is finished and reported.
    await page.click('#erase-again');
    await page.waitForSelector('#erase-done');
    expect(await page.$eval('#erase-done', (el) => el.textContent)).toMatch(/^Finished: \d+ bookings? stripped/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('edits weekly hours and adds a date override; the booking page offers exactly the new times', async () => {
    const day = berlinTime(5, 12);
    const overrideDay = berlinTime(6, 12);
    const weekday = new Date(isoDateIn(day, BERLIN) + 'T12:00:00Z').getUTCDay();
    const page = await signIn('owner@desk.test');
    await page.click('a[href="#/hours"]');
    await page.waitForSelector('#hours-owner');
    const weber = await page.$$eval('#hours-owner option', (els) =>
      els.find((el) => el.textContent === 'Dr. Weber')!.getAttribute('value'),
    );
    await page.select('#hours-owner', weber!);
    // Dr. Weber's own week, not the one shown before it (hours-screen.tsx keys the table by owner).
    await page.waitForSelector(`table.week[data-owner="${weber}"] tr[data-weekday="${weekday}"] input.clock`);
    const field = async (n: number, value: string) => {
      const selector = `tr[data-weekday="${weekday}"] input.clock:nth-of-type(${n})`;
      await page.click(selector, { clickCount: 3 });
      await page.type(selector, value);
    };
    await field(1, '10:00');
    await field(2, '12:00');
    await page.click('#hours-save');
    await page.waitForFunction(() => document.getElementById('hours-note')?.textContent === 'Saved.');
    await page.$eval(
      '#override-date',
      (el, value) => {
        (el as HTMLInputElement).value = value;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      },
      isoDateIn(overrideDay, BERLIN),
    );
    await page.click('#override-start', { clickCount: 3 });
    await page.type('#override-start', '13:00');
    await page.click('#override-end', { clickCount: 3 });
    await page.type('#override-end', '14:00');
    await page.click('.override-form button[type="submit"]');
    await page.waitForSelector('#override-list');
    expect(await text(page, '#override-list')).toBe(`${isoDateIn(overrideDay, BERLIN)}: 13:00–14:00`);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'dashboard-06-hours');

    const { page: customer } = await openPage(browser, BERLIN);
    openPages.push(customer);
    await customer.goto(`${platform.url}/book/desk`, { waitUntil: 'networkidle0' });
    await customer.select('#zone', BERLIN);
    await chooseDay(customer, isoDateIn(day, BERLIN));
    expect(await shownSlots(customer)).toEqual(
      [10, 10.5, 11, 11.5].map((h) => berlinTime(5, Math.floor(h), (h % 1) * 60)),
    );
    await chooseDay(customer, isoDateIn(overrideDay, BERLIN));
    expect(await shownSlots(customer)).toEqual([berlinTime(6, 13), berlinTime(6, 13, 30)]);
  });

  it('creates a webhook subscription, sees a delivery and replays it; creates an API key shown once, revokes it, and /v1 refuses it', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const page = await signIn('owner@desk.test');
      await page.click('a[href="#/webhooks"]');
      await page.waitForSelector('#webhook-url');
      await page.type('#webhook-url', receiver.url('desk'));
      await page.click('.inline-form button[type="submit"]');
      await page.waitForSelector('#shown-secret');
      receiver.setSecret('desk', await text(page, '#shown-secret'));
      await page.click('.secret button');
      expect(await page.$('#shown-secret')).toBeNull();

      expect((await postBooking(platform.url, 'desk', berlinTime(4, 9), 'hooked', 'Hooked Customer')).status).toBe(201);
      await eventually('the delivery', async () => receiver.received('desk')[0]);
      const succeeded = async () => {
        await page.click('main > button'); // Reload
        await page.waitForSelector('#deliveries');
        return page.$$eval('#deliveries tbody tr', (rows) =>
          rows.map((row) => [
            row.querySelector('.delivery-status')!.textContent,
            row.querySelector('.delivery-series')!.textContent,
          ]),
        );
      };
      await expect.poll(succeeded).toEqual([['succeeded (1 attempt)', '1']]);
      await page.click('#deliveries tbody tr button');
      await expect.poll(succeeded, { timeout: 10_000 }).toEqual([['succeeded (1 attempt)', '2']]);
      const [first, again] = receiver.received('desk');
      expect(again!.event.id).toBe(first!.event.id);
      expect(receiver.rejected('desk')).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.click('a[href="#/api-keys"]');
      await page.waitForSelector('#key-name');
      await page.type('#key-name', 'Practice system');
      await page.click('.inline-form button[type="submit"]');
      await page.waitForSelector('#shown-secret');
      const secret = await text(page, '#shown-secret');
      expect(secret).toMatch(/^sk_live_/);
      await shot(page, 'dashboard-07-api-key-once');
      const v1 = () =>
        fetch(`${platform.url}/v1/bookings`, {
          headers: { authorization: `Bearer ${secret}`, 'x-service-tenant-id': tenantId },
        });
      expect((await v1()).status).toBe(200);
      await page.click('.secret button');
      // Never again: not on the page, not in the list's answer, not after a reload.
      await page.reload({ waitUntil: 'load' });
      await page.waitForSelector('#api-keys li');
      expect(await text(page, 'main')).not.toContain(secret);
      expect(await text(page, '#api-keys')).toContain(secret.slice(0, 12));
      await page.click('#api-keys button.revoke');
      await page.waitForFunction(() => document.querySelector('#api-keys .key-status')?.textContent === 'revoked');
      const refused = await v1();
      expect(refused.status).toBe(401);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('lets an owner add a member, change the role and remove them', async () => {
    const page = await signIn('owner@desk.test');
    await page.click('a[href="#/members"]');
    await page.waitForSelector('#member-email');
    await page.type('#member-email', 'desk.admin@example.test');
    await page.select('#member-role', 'tenant_admin');
    await page.click('.inline-form button[type="submit"]');
    const row = 'tr[data-email="desk.admin@example.test"]';
    await page.waitForSelector(row);
    expect(await page.$eval(`${row} select`, (el) => (el as HTMLSelectElement).value)).toBe('tenant_admin');
    await page.select(`${row} select`, 'tenant_viewer');
    await expect
      .poll(async () => {
        const members = await json(await fetch(`${platform.url}/api/members`, { headers: { cookie: ownerCookie } }));
        return members.data.items.find((m: { email: string }) => m.email === 'desk.admin@example.test')?.role;
      })
      .toBe('tenant_viewer');
    expect(await seriousViolations(page)).toEqual([]);
    await page.click(`${row} button`);
    await page.waitForFunction((selector) => document.querySelector(selector) === null, {}, row);
  });

  it('previews the branding as the booking page will show it, saves it, and saves the notification settings', async () => {
    const page = await signIn('owner@desk.test');
    await page.click('a[href="#/settings"]');
    await page.waitForSelector('#brand-primary');
    // Too pale to read: the preview says so and shows the colour the page will use instead.
    await page.type('#brand-primary', '#ffff00');
    await page.waitForSelector('#replaced-primaryColor');
    expect(await text(page, '#replaced-primaryColor')).toMatch(
      /^The main colour #ffff00 cannot be read \(contrast 1\.1:1 on white, 4\.5:1 needed\); the booking page uses #1d4ed8 instead\.$/,
    );
    await page.click('#brand-primary', { clickCount: 3 });
    await page.type('#brand-primary', '#0f766e');
    await page.waitForFunction(() => document.getElementById('replaced-primaryColor') === null);
    expect(await page.$eval('#brand-preview button', (el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(15, 118, 110)',
    );
    // The staff calendars: none connected yet, the connect form offered.
    expect(await text(page, '#calendars-title ~ p')).toBe('No staff calendar is connected.');
    expect(await page.$$eval('#calendars-title ~ form button', (els) => els.map((el) => el.textContent))).toEqual([
      'Connect CalDAV',
      'Connect Google Calendar',
      'Connect Microsoft 365',
      'Connect Zoom',
    ]);
    await page.type('#brand-name', 'Desk Dental');
    // The sites that may embed the booking page: kept as the platform normalizes them.
    await page.type('#brand-embed-origins', 'https://WWW.Desk.example/, https://www.desk.example');
    await page.click('#branding-title ~ form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('#branding-title ~ form [role="status"]') !== null);
    expect(await page.$eval('#brand-embed-origins', (el) => (el as HTMLInputElement).value)).toBe(
      'https://www.desk.example',
    );
    expect(await text(page, '#embed-tag')).toBe(
      `<script src="${platform.url}/embed.js" data-tenant="desk" async></script>`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'dashboard-08-settings');

    const { page: customer } = await openPage(browser, BERLIN);
    openPages.push(customer);
    const booking = await customer.goto(`${platform.url}/book/desk`, { waitUntil: 'networkidle0' });
    expect(booking!.headers()['content-security-policy']?.split('; ')).toContain(
      'frame-ancestors https://www.desk.example',
    );
    expect(await customer.$eval('h1', (el) => el.textContent)).toBe('Book with Desk Dental');
    expect(await customer.$eval('.brand', (el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 118, 110)');

    await page.bringToFront(); // rAF, which waitForFunction polls with, stops in a tab in the background
    await page.click('#reminders', { clickCount: 3 });
    await page.type('#reminders', '60');
    await page.click('#notifications-title ~ form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('#notifications-title ~ form [role="status"]') !== null);
    const settings = await json(
      await fetch(`${platform.url}/api/notification-settings`, { headers: { cookie: ownerCookie } }),
    );
    expect(settings.data.reminderOffsetsMin).toEqual([60]);
  });

  it('at 360 px wide, every screen fits without sideways scrolling and a request is confirmed by keyboard alone', async () => {
    const made = await postBooking(platform.url, 'desk', berlinTime(7, 9), 'keyboard-1', 'Keyboard Customer');
    expect(made.status).toBe(201);
    const bookingId = (await json(made)).data.booking.bookingId;
    const page = await signIn('owner@desk.test');
    await page.setViewport({ width: 360, height: 740 });
    for (const hash of [
      '#/',
      '#/customers',
      '#/catalog',
      '#/hours',
      '#/settings',
      '#/webhooks',
      '#/api-keys',
      '#/members',
      `#/booking/${bookingId}`,
    ]) {
      await page.goto(`${platform.url}/dashboard${hash}`, { waitUntil: 'load' });
      await page.waitForSelector('main h1, main h2');
      await new Promise((r) => setTimeout(r, 200));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, hash).toBeLessThanOrEqual(0);
    }
    await page.goto(`${platform.url}/dashboard#/`, { waitUntil: 'load' });
    await page.waitForSelector(`.held-item[data-booking-id="${bookingId}"] button.primary`);
    await shot(page, 'dashboard-09-narrow');
    // Tab from the top of the page to the request's Confirm, then Enter: no mouse.
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(
        (id) => document.activeElement === document.querySelector(`.held-item[data-booking-id="${id}"] button.primary`),
        bookingId,
      );
    }
    expect(reached).toBe(true);
    // Focus is visible: the focused control draws an outline.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => !document.querySelector(`.held-item[data-booking-id="${id}"]`), {}, bookingId);
    const confirmed = await json(
      await fetch(`${platform.url}/api/bookings/${bookingId}`, { headers: { cookie: ownerCookie } }),
    );
    expect(confirmed.data.status).toBe('confirmed');
  });

  it('creates a service with its fields, blocks a time and adds a holiday; the booking page follows', async () => {
    const page = await signIn('owner@desk.test');
    await page.click('a[href="#/catalog"]');
    // The list loads first: clicked before it does, the button moves under the pointer as the list grows.
    await page.waitForSelector('#services li');
    await page.click('#services-title ~ button'); // New service
    await page.waitForSelector('#service-slug');
    await page.type('#service-slug', 'cleaning');
    await page.type('#service-name', 'Cleaning');
    await page.$eval('.service-form input.number', (el) => {
      (el as HTMLInputElement).value = '';
    });
    await page.select('#service-confirmation', 'automatic');
    const price = await page.$$('.service-form input.number');
    // Duration, then the price field (the 7th number field): typed as a person would.
    await price[0]!.click({ clickCount: 3 });
    await price[0]!.type('45');
    await price[6]!.type('45.50');
    await page.click('.service-form fieldset label input'); // Dr. Weber
    await page.click('.service-form button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('services')?.textContent?.includes('Cleaning') ?? false);
    expect(await text(page, '#services')).toMatch(/Cleaning · 45 min · 45,50\s€ · automatic · active/);

    const blockDay = berlinTime(8, 12);
    await page.$eval(
      '#block-date',
      (el, value) => {
        (el as HTMLInputElement).value = value;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      },
      isoDateIn(blockDay, BERLIN),
    );
    await page.click('#blocked-title ~ form button[type="submit"]');
    await page.waitForFunction(() => (document.getElementById('blocked-times')?.children.length ?? 0) > 0);
    const holiday = isoDateIn(berlinTime(9, 12), BERLIN);
    await page.$eval(
      '#holiday-date',
      (el, value) => {
        (el as HTMLInputElement).value = value;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      },
      holiday,
    );
    await page.click('#holidays-title ~ form button[type="submit"]');
    await page.waitForFunction(
      (d) => document.getElementById('holidays')?.textContent?.includes(d) ?? false,
      {},
      holiday,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'dashboard-10-catalog');

    const slots = async (daysAhead: number) => {
      const from = berlinTime(daysAhead, 0);
      const answer = await json(
        await fetch(
          `${platform.url}/book/desk/availability?serviceSlug=cleaning&fromMs=${from}&toMs=${from + 24 * 3_600_000}`,
        ),
      );
      return (answer.data.slots as Array<{ startsAtMs: number }>).map((x) => x.startsAtMs);
    };
    const blockedDay = await slots(8);
    expect(blockedDay.length).toBeGreaterThan(0);
    // 12:00–13:00 is blocked: no 45-minute visit overlaps it.
    expect(blockedDay.filter((t) => t < berlinTime(8, 13) && t + 45 * 60_000 > berlinTime(8, 12))).toEqual([]);
    expect(await slots(9)).toEqual([]);
  });

  it('sets a deposit, a refund after the cut-off and a no-show fee in the service form (docs/decisions.md "Payments")', async () => {
    const page = await signIn('owner@desk.test');
    await page.click('a[href="#/catalog"]');
    await page.waitForSelector('#services li');
    await page.click('#services-title ~ button'); // New service
    await page.waitForSelector('#service-slug');
    await page.type('#service-slug', 'implant-consult');
    await page.type('#service-name', 'Implant consultation');
    const numbers = await page.$$('.service-form input.number');
    await numbers[6]!.type('80'); // the price
    await page.select('#service-payment', 'deposit');
    await page.waitForSelector('#service-deposit');
    await page.type('#service-deposit', '20.50');
    await page.select('#service-no-show', 'fee');
    await page.waitForSelector('#service-no-show-fee');
    await page.type('#service-no-show-fee', '15');
    // The refund percentage appears with the payment: the number field after the deposit.
    const refund = await page.$$eval('.service-form label', (labels) =>
      labels.findIndex((l) => l.textContent?.includes('Refund after the cancel cut-off')),
    );
    expect(refund).toBeGreaterThan(-1);
    const refundInput = (await page.$$('.service-form label'))[refund]!;
    await (await refundInput.$('input'))!.click({ clickCount: 3 });
    await (await refundInput.$('input'))!.type('50');
    await page.click('.service-form button[type="submit"]');
    await page.waitForFunction(
      () => document.getElementById('services')?.textContent?.includes('Implant consultation') ?? false,
    );
    expect(await text(page, '#services')).toMatch(/Implant consultation · 30 min · 80,00\s€ · deposit online · manual/);
    const services = await json(
      await fetch(`${platform.url}/api/services?limit=100`, { headers: { cookie: ownerCookie } }),
    );
    expect(services.data.items.find((x: { slug: string }) => x.slug === 'implant-consult')).toMatchObject({
      priceAmount: 8000,
      payment: 'deposit',
      depositAmount: 2050,
      refundAfterCutoffPercent: 50,
      noShowCharge: 'fee',
      noShowFeeAmount: 1500,
      confirmation: 'manual',
    });

    // Confirmed at once is refused for a paid service, with the catalog's words.
    await page.click('#services li:last-child button'); // Edit
    await page.waitForSelector('#service-payment');
    await page.select('#service-confirmation', 'automatic');
    await page.click('.service-form button[type="submit"]');
    await page.waitForSelector('.service-form [role="alert"]');
    expect(await text(page, '.service-form')).toMatch(/cannot be automatic for a service with a payment policy/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('connects the Stripe account with a restricted key, shows its mode but never the key, and disconnects it', async () => {
    const key = 'rk_test_51DashboardRestrictedKeyDesk01';
    stripe.addKey(key, { permissions: { checkout_sessions: 'write', payment_intents: 'write', refunds: 'write' } });
    const page = await signIn('owner@desk.test');
    await page.click('a[href="#/settings"]');
    await page.waitForSelector('#payments-none');
    expect(await page.$eval('#stripe-key', (el) => (el as HTMLInputElement).type)).toBe('password');
    // A key Stripe does not know: refused, in words, at the field.
    await page.type('#stripe-key', 'rk_test_51DashboardUnknownKey0000000');
    await page.click('#payments-title ~ form button[type="submit"]');
    await page.waitForSelector('#payments-title ~ [role="alert"]');
    expect(await text(page, '#payments-title ~ [role="alert"]')).toContain('body.secretKey: Stripe refused this key');
    await page.click('#stripe-key', { clickCount: 3 });
    await page.type('#stripe-key', key);
    await page.click('#payments-title ~ form button[type="submit"]');
    await page.waitForSelector('#payments-account');
    expect(await text(page, '#payments-account')).toMatch(/^Stripe · test mode \(no real money\) · connected /);
    // The field is emptied and the key is nowhere on the page.
    expect(await page.$eval('#stripe-key', (el) => (el as HTMLInputElement).value)).toBe('');
    expect(await page.content()).not.toContain(key);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'dashboard-09-payments');
    await page.click('#payments-disconnect');
    await page.waitForSelector('#payments-none');
    const read = await json(await fetch(`${platform.url}/api/payments/account`, { headers: { cookie: ownerCookie } }));
    expect(read.data).toEqual({ account: null });
  });

  it('shows a viewer no confirm control, and the server refuses a forced confirm with 403', async () => {
    const made = await postBooking(platform.url, 'desk', berlinTime(2, 11), 'viewer-test-1', 'Seen By Viewer');
    expect(made.status).toBe(201);
    const bookingId = (await json(made)).data.booking.bookingId;

    const page = await signIn('viewer@desk.test');
    await page.waitForFunction(
      () => document.querySelector('.held-list')?.textContent?.includes('Seen By Viewer') ?? false,
    );
    expect(await page.$$('.held-item button')).toHaveLength(0);
    expect(await page.$$eval('button', (els) => els.map((el) => el.textContent))).not.toContain('Confirm');
    // Forced from the viewer's own page, with its own CSRF token: refused.
    const forced = await page.evaluate(async (id) => {
      const session = await (await fetch('/api/session')).json();
      const res = await fetch(`/api/bookings/${id}/confirm`, {
        method: 'POST',
        headers: { 'x-service-csrf': session.data.csrfToken },
      });
      return { status: res.status, code: (await res.json()).error?.code };
    }, bookingId);
    expect(forced).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

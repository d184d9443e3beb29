// The first ten minutes (issue 42; docs/decisions.md "First start"): the platform started as
// `npm start` runs it on an empty data folder prints one setup link; the wizard in Chromium opens
// the workspace and ends signed in on the dashboard's welcome, whose "book a test appointment"
// books through the new booking page; the token works once; a second start prints the sign-in
// command instead. Beside it: the wizard's submit refused or invalid (nothing written), many
// submits at once (one workspace), and `admin setup:link` replacing the printed link.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { chromiumMissing, json, runApp, serverGate, startPlatformProcess, type PlatformProcess } from '@svc/testing';
import { chooseDay, isoDateIn, launchBrowser, offeredDays, openPage, seriousViolations, shot } from './browser-fixture.js';

const run = serverGate('Chromium', chromiumMissing());
const SETUP_LINE = /set up your workspace \(a one-time link\): (\S+)/g;

/** The setup links a start printed. */
const setupLinks = (output: string): string[] => [...output.matchAll(SETUP_LINE)].map((m) => m[1]!);

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** A complete, valid body of POST /setup. */
const body = (token: string, slug = 'studio-nord') => ({
  token,
  tenant: { slug, name: 'Studio Nord', timezone: 'Europe/Berlin', ownerEmail: 'owner@studio-nord.test' },
  service: { name: 'Haircut', durationMin: 30, confirmation: 'automatic' },
  hours: [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
});

const postSetup = (url: string, payload: unknown) =>
  fetch(`${url}/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
  });

async function tenantCount(platform: PlatformProcess): Promise<number> {
  const catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog!);
  try {
    return (await catalog.listTenants({ page: { limit: 10, cursor: '' } })).items.length;
  } finally {
    catalog.close();
  }
}

describe.skipIf(!run)('first start: the setup link and the wizard in Chromium', { timeout: 180_000 }, () => {
  let dataDir: string;
  let browser: Browser;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'first-start-'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Fills the visible step's field `id` (the wizard's `setup-<field>`), replacing what is there. */
  async function fill(page: Page, id: string, text: string): Promise<void> {
    await page.click(`#setup-${id}`, { clickCount: 3 });
    await page.keyboard.press('Backspace');
    await page.type(`#setup-${id}`, text);
  }

  /** Goes on from the step shown, and returns the violations axe finds on the next one. */
  async function next(page: Page, step: string) {
    await page.click('#setup-next');
    await page.waitForSelector(`form[data-step="${step}"]`);
    return seriousViolations(page);
  }

  it('prints one link, completes the wizard signed in, books a test appointment, and prints no link again', async () => {
    let platform = await startPlatformProcess(dataDir);
    let link: string;
    try {
      const links = setupLinks(platform.app.output());
      expect(links, platform.app.output()).toHaveLength(1);
      link = links[0]!;
      expect(new URL(link).pathname).toBe('/setup');
      expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const { page, problems } = await openPage(browser, 'Europe/Berlin');
      await page.goto(link, { waitUntil: 'networkidle0' });
      expect(await page.$eval('h2', (el) => el.textContent)).toBe('Your business');
      expect(await seriousViolations(page)).toEqual([]);
      // The time zone comes from the browser; the address follows the name.
      expect(await page.$eval('#setup-timezone', (el) => (el as HTMLSelectElement).value)).toBe('Europe/Berlin');
      // Going on with nothing filled in names each missing field beside it.
      await page.click('#setup-next');
      await page.waitForSelector('#businessName-problem');
      expect(await page.$eval('#setup-ownerEmail', (el) => el.getAttribute('aria-invalid'))).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);
      await fill(page, 'businessName', 'Studio Nord');
      expect(await page.$eval('#setup-slug', (el) => (el as HTMLInputElement).value)).toBe('studio-nord');
      await fill(page, 'ownerEmail', 'owner@studio-nord.test');

      expect(await next(page, 'service')).toEqual([]);
      await fill(page, 'serviceName', 'Haircut');
      await fill(page, 'price', '35');
      expect(await page.$eval('#setup-currency', (el) => (el as HTMLInputElement).value)).toBe('EUR');

      expect(await next(page, 'hours')).toEqual([]);
      // Monday to Friday 9 to 17 prefilled; Saturday opened 10 to 14, Sunday stays closed.
      const open = await page.$$eval('table.week tr', (rows) =>
        rows.map((r) => [(r as HTMLElement).dataset.weekday, r.querySelectorAll('input.clock').length]),
      );
      expect(open).toEqual([['1', 2], ['2', 2], ['3', 2], ['4', 2], ['5', 2], ['6', 0], ['0', 0]]);
      await page.click('button[aria-label="Add hours on Saturday"]');
      const saturday = 'input[aria-label="Saturday window 1 from"]';
      await page.click(saturday, { clickCount: 3 });
      await page.type(saturday, '10:00');
      await page.click('input[aria-label="Saturday window 1 to"]', { clickCount: 3 });
      await page.type('input[aria-label="Saturday window 1 to"]', '14:00');
      // A period ending before it starts is refused on the step, in words.
      await page.click('input[aria-label="Monday window 1 to"]', { clickCount: 3 });
      await page.type('input[aria-label="Monday window 1 to"]', '08:00');
      await page.click('#setup-next');
      await page.waitForSelector('#week-problem');
      expect(await page.$eval('#week-problem', (el) => el.textContent)).toContain('Monday');
      await page.click('input[aria-label="Monday window 1 to"]', { clickCount: 3 });
      await page.type('input[aria-label="Monday window 1 to"]', '17:00');
      await shot(page, 'setup-hours');

      expect(await next(page, 'review')).toEqual([]);
      const review = await page.$eval('.setup-review', (el) => (el as HTMLElement).innerText);
      expect(review).toContain('Haircut, 30 min, 35 EUR');
      expect(review).toContain('Saturday 10:00–14:00');
      await shot(page, 'setup-review');
      await Promise.all([page.waitForNavigation(), page.click('#setup-next')]);

      // Signed in, on the dashboard's welcome with the booking page's link.
      expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/dashboard#/welcome');
      await page.waitForSelector('#book-test');
      expect(await page.$eval('.topbar strong', (el) => el.textContent)).toBe('Studio Nord');
      expect(await page.$eval('#booking-page-link', (el) => el.getAttribute('href'))).toBe('/book/studio-nord');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'setup-welcome');

      // The test appointment, through the booking page as a customer makes it.
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#book-test')]);
      expect(await page.$$eval('input[name="service"]', (els) => els.map((el) => (el as HTMLInputElement).value))).toEqual(
        ['haircut'],
      );
      const days = await offeredDays(page);
      expect(days.length).toBeGreaterThan(0);
      await chooseDay(page, days[0]!);
      await page.waitForSelector('#slot-list input[name="slot"]');
      const firstSlot = await page.$eval('#slot-list input[name="slot"]', (el) => el.id);
      await page.click(`label[for="${firstSlot}"]`);
      await page.type('#name', 'Test Customer');
      await page.type('#email', 'test.customer@example.test');
      await page.click('#submit');
      await page.waitForSelector('#confirmation:not([hidden])');
      expect(await page.$eval('#confirmation', (el) => el.getAttribute('aria-labelledby'))).toBe('outcome-confirmed');

      // The owner's dashboard session sees it, confirmed.
      const cookies = await page.cookies(platform.url);
      const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const bookings = await fetch(`${platform.url}/api/bookings`, { headers: { cookie } });
      expect(bookings.status).toBe(200);
      const items = (await json(bookings)).data.items as Array<{ status: string; startsAtMs: number }>;
      expect(items.map((b) => b.status)).toEqual(['confirmed']);
      expect(isoDateIn(items[0]!.startsAtMs, 'Europe/Berlin')).toBe(days[0]);
      expect(problems).toEqual([]);

      // The token worked once: the link is now a page saying so, and the submit is refused.
      await page.goto(link, { waitUntil: 'networkidle0' });
      expect(await page.$eval('#setup-refused', (el) => (el as HTMLElement).dataset.refusal)).toBe('used');
      expect(await seriousViolations(page)).toEqual([]);
      const again = await postSetup(platform.url, body(tokenOf(link), 'another'));
      expect(again.status).toBe(401);
      expect((await json(again)).error.code).toBe('AUTH_REQUIRED');
      expect(await tenantCount(platform)).toBe(1);
      await page.close();
    } finally {
      await platform.stop();
    }

    // A second start: no setup link, but how to sign in to the workspace that exists.
    platform = await startPlatformProcess(dataDir);
    try {
      const output = platform.app.output();
      expect(setupLinks(output)).toEqual([]);
      expect(output).toContain(
        'sign in: npm run --silent admin -- session:link --tenant studio-nord --email owner@studio-nord.test',
      );
      // The used link on this start's port.
      const stale = await fetch(`${platform.url}/setup?token=${tokenOf(link)}`, { headers: { accept: 'application/json' } });
      expect(stale.status).toBe(401);
    } finally {
      await platform.stop();
    }
  });
});

describe('first start: the setup routes', { timeout: 120_000 }, () => {
  let dataDir: string;
  let platform: PlatformProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'first-start-routes-'));
    // Dozens of tries in a minute: more than a client network's login budget (30).
    platform = await startPlatformProcess(dataDir, { RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a bad token as a page to a browser and the envelope to an API client', async () => {
    for (const token of ['', 'x', 'A'.repeat(43), '%00'.repeat(50)]) {
      const page = await fetch(`${platform.url}/setup?token=${token}`, { headers: { accept: 'text/html' } });
      expect(page.status, token).toBe(401);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('data-refusal="unknown"');
      const api = await fetch(`${platform.url}/setup?token=${token}`, { headers: { accept: 'application/json' } });
      expect(api.status, token).toBe(401);
      expect((await json(api)).error.code).toBe('AUTH_REQUIRED');
    }
    const tooLong = await fetch(`${platform.url}/setup?token=${'a'.repeat(500)}`, { headers: { accept: 'application/json' } });
    expect(tooLong.status).toBe(400);
  });

  it('refuses an invalid submit field by field, writing nothing, and a replaced link', async () => {
    const printed = tokenOf(setupLinks(platform.app.output())[0]!);
    const bad = await postSetup(platform.url, {
      ...body(printed),
      tenant: { ...body(printed).tenant, slug: 'Not A Slug', ownerEmail: 'nobody' },
      service: { name: '', durationMin: 0, confirmation: 'sometimes' },
      hours: [
        { weekday: 7, startMinute: 0, endMinute: 60 },
        { weekday: 1, startMinute: 600, endMinute: 540 },
      ],
    });
    expect(bad.status).toBe(400);
    const paths = ((await json(bad)).error.details as Array<{ path: string }>).map((d) => d.path).sort();
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.tenant.slug',
        'body.tenant.ownerEmail',
        'body.service.name',
        'body.service.durationMin',
        'body.service.confirmation',
        'body.hours.0.weekday',
        'body.hours.1.startMinute',
      ]),
    );
    // A price is both halves or neither, checked before anything is made.
    const halfPrice = await postSetup(platform.url, { ...body(printed), service: { ...body(printed).service, priceAmount: 100 } });
    expect(halfPrice.status).toBe(400);
    expect((await json(halfPrice)).error.details).toEqual([
      { path: 'body.service.priceCurrency', message: 'is required with priceAmount' },
    ]);
    expect(await tenantCount(platform)).toBe(0);
    // Still usable: nothing was written.
    const wizard = await fetch(`${platform.url}/setup?token=${printed}`);
    expect(wizard.status).toBe(200);
    expect(wizard.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await wizard.text()).toContain('Set up your booking platform');

    // The operator CLI prints a new link (as a distributed platform does); the printed one stops working.
    const admin = runApp('admin', { DATA_DIR: dataDir }, { args: ['setup:link'] });
    expect(await admin.exited, admin.output()).toBe(0);
    const fresh = tokenOf((JSON.parse(admin.output()) as { url: string }).url);
    expect(fresh).not.toBe(printed);
    const replaced = await fetch(`${platform.url}/setup?token=${printed}`, { headers: { accept: 'text/html' } });
    expect(replaced.status).toBe(401);
    expect((await fetch(`${platform.url}/setup?token=${fresh}`)).status).toBe(200);
  });

  it('opens exactly one workspace when many submit the same link at once', async () => {
    const admin = runApp('admin', { DATA_DIR: dataDir }, { args: ['setup:link'] });
    expect(await admin.exited, admin.output()).toBe(0);
    const token = tokenOf((JSON.parse(admin.output()) as { url: string }).url);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postSetup(platform.url, body(token, `parallel-${i}`))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 401)).toEqual([]);
    expect(await tenantCount(platform)).toBe(1);
    const opened = answers.find((a) => a.status === 201)!;
    expect(opened.headers.get('set-cookie')).toMatch(/^__Host-service_session=/);
    const data = (await json(opened)).data as { slug: string; bookingPageUrl: string; next: string };
    expect(data.bookingPageUrl).toBe(`/book/${data.slug}`);
    expect(data.next).toBe('/dashboard#/welcome');
    // The workspace is open: the page offers times within the hours sent (every day, all day).
    const config = await fetch(`${platform.url}/book/${data.slug}/config`);
    expect(config.status).toBe(200);
    // No more links: the CLI says why.
    const none = runApp('admin', { DATA_DIR: dataDir }, { args: ['setup:link'] });
    expect(await none.exited).toBe(1);
    expect(none.output()).toContain('a workspace exists already');
  });
});

// The page callbacks of puppeteer run in the browser.
/// <reference lib="dom" />
// The front door (GET /) and the API reference (GET /docs) of the embedded platform in a real
// browser (Debian's Chromium through puppeteer-core): the front door is a page to a browser and
// the envelope to an API client; the reference renders the live /openapi.json with no script
// error and no Content-Security-Policy violation, its "Try it out" of GET /health reaches this
// platform and shows the 200; axe-core finds nothing serious on either (docs/decisions.md "Front
// door and API reference"). Screenshots land in apps/platform/test-output/booking-pages/.

import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, json, serverGate } from '@svc/testing';
import { launchBrowser, openPage, seriousViolations, shot, type WatchedPage } from './browser-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const run = serverGate('Chromium', chromiumMissing());
const UTC = 'UTC';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let browser: Browser;

beforeAll(async () => {
  if (!run) return;
  platform = await startTestPlatform();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await platform?.cleanup();
});

/**
 * A watched page that also records every `securitypolicyviolation` event (the console reports
 * most of them, not all: a blocked style attribute of a script's making is only an event).
 */
async function openWatched(): Promise<WatchedPage & { violations(): Promise<string[]> }> {
  const watched = await openPage(browser, UTC);
  await watched.page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return {
    ...watched,
    violations: () => watched.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);

/** Scrolls the reference until the operation is drawn: Swagger UI draws only what is near the view. */
async function scrollTo(page: Page, operation: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let i = 0; i < 400 && !(await page.$(operation)); i++) {
    await page.evaluate(() => window.scrollBy(0, 600));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await page.waitForSelector(operation, { timeout: 1_000 });
}

/** Opens an operation and presses its "Try it out". */
async function tryOut(page: Page, operation: string): Promise<void> {
  await scrollTo(page, operation);
  await page.click(`${operation} .opblock-summary-control`);
  await page.waitForSelector(`${operation} .try-out__btn`);
  await page.click(`${operation} .try-out__btn`);
  await page.waitForSelector(`${operation} .execute`);
}

describe.skipIf(!run)('the front door and the API reference in Chromium', { timeout: 120_000 }, () => {
  it('GET / is a page to a browser and the envelope to an API client', async () => {
    const api = await fetch(`${platform.url}/`);
    expect(api.status).toBe(200);
    const body = await json(api);
    expect(body).toMatchObject({ ok: true, data: { name: 'Booking platform', profile: 'embedded', status: 'ok' } });
    expect(Object.values(body.data.services).every((s) => s === 'SERVING')).toBe(true);
    // Every service this platform runs, probed.
    expect(Object.keys(body.data.services).sort()).toEqual(Object.keys(platform.services).sort());

    const { page, problems, violations } = await openWatched();
    const res = await page.goto(`${platform.url}/`, { waitUntil: 'load' });
    expect(res!.status()).toBe(200);
    expect(res!.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(await text(page, 'h1')).toBe('Booking platform');
    expect(await text(page, '#overall')).toBe('Every service is serving.');
    expect(await page.$$eval('#links a', (as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/dashboard',
      '/docs',
      '/openapi.json',
      '/health',
      '/metrics',
    ]);
    // The page's style sheet applied (the layout's brand bar), nothing refused.
    expect(await page.$eval('header.brand', (el) => getComputedStyle(el).display)).toBe('flex');
    await shot(page, 'front-door');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('GET /docs renders the live document with no script error or policy violation, and tries GET /health', async () => {
    const { page, problems, refusals, violations } = await openWatched();
    const res = await page.goto(`${platform.url}/docs`, { waitUntil: 'networkidle0' });
    expect(res!.status()).toBe(200);
    // Swagger UI drew the document it read from /openapi.json (through /docs/json's redirect).
    await page.waitForSelector('#operations-health-getHealth');
    expect(await text(page, '.info .title')).toContain('Booking platform API');
    // The overrides style sheet is applied (a method badge in a colour with enough contrast).
    expect(
      await page.$eval('#operations-health-getHealth .opblock-summary-method', (el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(11, 92, 173)');
    expect(await seriousViolations(page)).toEqual([]);

    // GET /health: its auth, its example answer and its error codes are shown.
    const health = '#operations-health-getHealth';
    await page.click(`${health} .opblock-summary-control`);
    await page.waitForSelector(`${health} .try-out__btn`);
    const opened = await text(page, health);
    expect(opened).toContain('Auth: none');
    expect(opened).toContain('Example Value');
    expect(opened).toMatch(/"ok": true,\s+"data": \{\s+"status": "ok"/);
    expect(opened).toMatch(/400 VALIDATION_ERROR/);
    expect(opened).toMatch(/500 INTERNAL_ERROR/);

    // Try it out → Execute: the request goes to this platform (servers: its own address) and the 200 is shown.
    await page.click(`${health} .try-out__btn`);
    await page.waitForSelector(`${health} .execute`);
    await page.click(`${health} .execute`);
    await page.waitForSelector(`${health} .live-responses-table tr.response .response-col_status`);
    expect((await text(page, `${health} .live-responses-table tr.response .response-col_status`)).trim()).toBe('200');
    expect(await text(page, `${health} .live-responses-table tr.response .response-col_description`)).toMatch(/"status": "ok"/);
    expect(await text(page, `${health} .request-url pre`)).toBe(`${platform.url}/health`);
    await shot(page, 'api-reference');
    expect(await seriousViolations(page)).toEqual([]);

    // A partner operation shows its scope and its codes; a create its body's example to edit.
    const partner = '#operations-partner_API-partnerListBookings';
    await tryOut(page, partner);
    const scoped = await text(page, partner);
    expect(scoped).toContain('with the scope booking:read');
    expect(scoped).toMatch(/403 FORBIDDEN, TENANT_INACTIVE/);
    expect(await seriousViolations(page)).toEqual([]);
    const create = '#operations-services-createService';
    await tryOut(page, create);
    expect(await page.$eval(`${create} textarea.body-param__text`, (el) => (el as HTMLTextAreaElement).value)).toMatch(
      /"slug": "/,
    );
    expect(await seriousViolations(page)).toEqual([]);

    expect(problems).toEqual([]);
    expect(refusals).toEqual([]);
    expect(await violations()).toEqual([]);
    await page.close();
  });
});

// The page callbacks of puppeteer run in the browser.
/// <reference lib="dom" />
// The booking widget (docs/decisions.md "Embedding") on the embedded platform: a tenant's
// embedOrigins through /api/tenant and /v1/branding (normalized, refused with their paths), the
// booking and manage pages' frame-ancestors and X-Frame-Options, GET /embed.js; then in Chromium
// a business's page on a second loopback address (127.0.0.2) that embeds the booking page with
// the one script tag, books inside the iframe and hears `booking:created` and `booking:height`,
// while a page of another origin, and any page for a tenant without origins, is refused framing.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumMissing, json, serverGate } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { launchBrowser, openPage, shot } from './browser-fixture.js';
import { book, dashboard, errorOf, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { createKey, partner } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const run = serverGate('Chromium', chromiumMissing());

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
/** The owner's dashboard of `studio` (embed origins set) and of `plain` (none). */
let owner: ReturnType<typeof dashboard>;
let plainOwner: ReturnType<typeof dashboard>;
let v1: ReturnType<typeof partner>;
/** The business's site (an allowed origin) and another site (not in the list), both on 127.0.0.2. */
let site: HostSite;
let stranger: HostSite;
let browser: Browser | undefined;

interface HostSite {
  server: Server;
  origin: string;
}

/**
 * A business's page at `/?tenant=…&service=…`: a heading, a listener that keeps every widget
 * event (and every raw message the window receives) for the test, and the one tag of the widget.
 */
async function startHostSite(platformUrl: string): Promise<HostSite> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname !== '/') {
      res.writeHead(404).end();
      return;
    }
    const tenant = url.searchParams.get('tenant') ?? '';
    const service = url.searchParams.get('service');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Studio site</title></head>
<body>
<h1>Welcome to the studio</h1>
<script>
  window.widgetEvents = [];
  window.rawMessages = [];
  for (const type of ['booking:created', 'booking:height']) {
    document.addEventListener(type, (e) => window.widgetEvents.push({ type, detail: e.detail, target: e.target.tagName }));
  }
  window.addEventListener('message', (e) => window.rawMessages.push({ origin: e.origin, data: JSON.stringify(e.data) }));
</script>
<script src="${platformUrl}/embed.js" data-tenant="${tenant}"${service ? ` data-service="${service}"` : ''} async></script>
<footer>Opening hours on request</footer>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return { server, origin: `http://127.0.0.2:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  const address = platform.services.catalog.address;
  const { tenantId, staffId } = await seedTenant(address, 'studio');
  const { tenantId: plainId } = await seedTenant(address, 'plain');
  const session = await stores.session(tenantId, 'tenant_owner');
  owner = dashboard(platform.url, session);
  plainOwner = dashboard(platform.url, await stores.session(plainId, 'tenant_owner'));
  v1 = partner(
    platform.url,
    (await createKey(platform.url, session, ['branding:read', 'branding:write'])).secret,
    tenantId,
  );
  // A second bookable service, so choosing one through data-service is something the page does.
  const cut = await owner('POST', '/api/services', {
    slug: 'cut',
    name: 'Haircut',
    durationMin: 30,
    staffIds: [staffId],
  });
  expect(cut.status).toBe(201);
  site = await startHostSite(platform.url);
  stranger = await startHostSite(platform.url);
  const set = await owner('PATCH', '/api/tenant', { branding: { embedOrigins: [site.origin] } });
  expect(set.status).toBe(200);
  if (run) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const s of [site, stranger]) await new Promise((resolve) => s?.server.close(resolve));
  await stores?.close();
  await platform?.cleanup();
});

const get = (path: string, accept = 'text/html') => fetch(`${platform.url}${path}`, { headers: { accept } });

describe('embedOrigins in the branding', () => {
  it('are kept normalized and deduplicated, read and changed through /api/tenant and /v1/branding', async () => {
    const patched = await owner('PATCH', '/api/tenant', {
      branding: { embedOrigins: [site.origin, 'https://WWW.Studio.example/', 'https://www.studio.example:443'] },
    });
    expect(patched.status).toBe(200);
    expect((await json(patched)).data.branding.embedOrigins).toEqual([site.origin, 'https://www.studio.example']);
    expect((await json(await v1('GET', '/v1/branding'))).data.embedOrigins).toEqual([
      site.origin,
      'https://www.studio.example',
    ]);
    // Another branding field leaves the list as it is; a list replaces it.
    const other = await v1('PATCH', '/v1/branding', { displayName: 'The Studio' });
    expect((await json(other)).data).toMatchObject({
      displayName: 'The Studio',
      embedOrigins: [site.origin, 'https://www.studio.example'],
    });
    const replaced = await v1('PATCH', '/v1/branding', { embedOrigins: [site.origin] });
    expect((await json(replaced)).data.embedOrigins).toEqual([site.origin]);
    expect((await json(await owner('GET', '/api/tenant'))).data.branding.embedOrigins).toEqual([site.origin]);
    // The public config shows them too (they are public anyway: every page's CSP names them).
    expect((await json(await get('/book/studio/config', 'application/json'))).data.tenant.branding).toMatchObject({
      displayName: 'The Studio',
      embedOrigins: [site.origin],
    });
    expect((await json(await plainOwner('GET', '/api/tenant'))).data.branding.embedOrigins).toEqual([]);
  });

  it('refuses what is not an https (or loopback http) origin, at the entry at fault, and more than 20', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://shop${i}.example`);
    const cases: Array<
      [(method: string, path: string, body: unknown) => Promise<Response>, string, string, unknown, string]
    > = [
      [
        owner,
        'PATCH',
        '/api/tenant',
        { branding: { embedOrigins: ['https://ok.example', 'http://shop.example'] } },
        'body.branding.embedOrigins.1',
      ],
      [
        owner,
        'PATCH',
        '/api/tenant',
        { branding: { embedOrigins: ['https://shop.example/book'] } },
        'body.branding.embedOrigins.0',
      ],
      [owner, 'PATCH', '/api/tenant', { branding: { embedOrigins: many } }, 'body.branding.embedOrigins'],
      [
        v1,
        'PATCH',
        '/v1/branding',
        { embedOrigins: ['https://ok.example', 'https://*.example.com'] },
        'body.embedOrigins.1',
      ],
      [v1, 'PATCH', '/v1/branding', { embedOrigins: ['https://user:pw@shop.example'] }, 'body.embedOrigins.0'],
      [v1, 'PATCH', '/v1/branding', { embedOrigins: ['https://shop.example?x=1'] }, 'body.embedOrigins.0'],
      [v1, 'PATCH', '/v1/branding', { embedOrigins: many }, 'body.embedOrigins'],
      [v1, 'PATCH', '/v1/branding', { embedOrigins: 'https://shop.example' }, 'body.embedOrigins'],
    ];
    for (const [who, method, path, body, at] of cases) {
      const error = await errorOf(await who(method, path, body));
      expect(error, JSON.stringify(body)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(error.details.map((d: { path: string }) => d.path)).toEqual([at]);
    }
    // Nothing of it was kept.
    expect((await json(await v1('GET', '/v1/branding'))).data.embedOrigins).toEqual([site.origin]);
  });
});

describe('framing headers and the widget script', () => {
  it("the booking and manage pages name exactly the tenant's origins in frame-ancestors, and send no X-Frame-Options", async () => {
    const made = await book(platform.url, 'studio', berlinTime(3, 9));
    for (const path of ['/book/studio', `/booking/manage/${made.manageToken}`]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp.split('; ')).toContain(`frame-ancestors ${site.origin}`);
      // The rest of the policy is the pages' own.
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
  });

  it("a tenant without origins, and any error page, keep frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const made = await book(platform.url, 'plain', berlinTime(3, 9));
    for (const path of ['/book/plain', `/booking/manage/${made.manageToken}`, '/book/no-such-tenant']) {
      const res = await get(path);
      expect(res.headers.get('content-security-policy')?.split('; ')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it("the booking page chooses the service of ?service= and gives its script the origins; ?embed= is only its script's", async () => {
    const page = await (await get('/book/studio?service=cut&utm_source=newsletter')).text();
    expect(page).toMatch(/<input\s+type="radio"\s+name="service"\s+value="cut"\s+required checked\s*\/>/);
    expect(page).not.toMatch(/value="checkup"\s+required checked/);
    const data = JSON.parse(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(page)![1]!);
    expect(data.embedOrigins).toEqual([site.origin]);
    // An unknown service chooses none.
    expect(await (await get('/book/studio?service=nope')).text()).not.toContain('required checked');
    // ?embed= is read by the page's script only, which posts to it only when it is one of the tenant's
    // origins: the page answers the same for any value, and the value is in no part of the page.
    const odd = await get('/book/studio?embed=javascript:alert(1)');
    expect(odd.status).toBe(200);
    expect(await odd.text()).not.toContain('alert(1)');
    const long = await errorOf(await get(`/book/studio?embed=${'a'.repeat(301)}`, 'application/json'));
    expect(long).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: [{ path: 'query.embed' }] });
  });

  it('GET /embed.js is a public, cacheable classic script', async () => {
    const res = await fetch(`${platform.url}/embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await res.text();
    expect(script).toContain('document.currentScript');
    // A module's import or export would make the one-tag include a syntax error.
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
  });
});

interface WidgetEvent {
  type: string;
  detail: Record<string, unknown>;
  target: string;
}

const widgetEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { widgetEvents: WidgetEvent[] }).widgetEvents);

/** The frame of the widget's iframe, once embed.js has inserted it. */
async function widgetFrame(page: Page): Promise<Frame> {
  const iframe = await page.waitForSelector('iframe');
  const frame = await iframe!.contentFrame();
  if (!frame) throw new Error('the widget iframe has no frame');
  return frame;
}

// A browser on a busy 2-core machine: more room than the suite's 30 s (a ceiling, not a target).
describe.skipIf(!run)('the widget in Chromium', { timeout: 120_000 }, () => {
  it("embeds the booking page on the business's site, books inside it and raises booking:created and booking:height", async () => {
    const { page, problems } = await openPage(browser!, 'Europe/Berlin');
    await page.goto(`${site.origin}/?tenant=studio&service=cut`, { waitUntil: 'networkidle0' });
    const frame = await widgetFrame(page);
    expect(frame.url()).toBe(`${platform.url}/book/studio?service=cut&embed=${encodeURIComponent(site.origin)}`);
    // The page inside, with the service of data-service chosen.
    await frame.waitForSelector('#booking-form');
    expect(await frame.$eval('input[name="service"]:checked', (el) => (el as HTMLInputElement).value)).toBe('cut');
    // Its height reaches the host, which sizes the iframe to it.
    await vi.waitFor(async () =>
      expect((await widgetEvents(page)).some((e) => e.type === 'booking:height')).toBe(true),
    );
    const sized = async () => {
      const heights = (await widgetEvents(page)).filter((e) => e.type === 'booking:height');
      const last = heights.at(-1)!;
      expect(last.target).toBe('IFRAME');
      const inner = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      const outer = await page.$eval('iframe', (el) => el.getBoundingClientRect().height);
      expect(last.detail).toEqual({ height: inner });
      expect(outer).toBe(inner);
    };
    await vi.waitFor(sized);
    // A message of another source (here the host page itself) is not the widget's: embed.js drops it.
    await page.evaluate(() =>
      window.postMessage({ type: 'booking:created', bookingId: 'bkg_forged', status: 'confirmed' }, '*'),
    );
    // The host cannot look inside.
    expect(await page.$eval('iframe', (el) => (el as HTMLIFrameElement).contentDocument)).toBeNull();

    const slot = await frame.waitForSelector('#slot-list input[name="slot"]');
    const [startsAtMs, id] = await slot!.evaluate((el) => [Number((el as HTMLInputElement).value), el.id] as const);
    await frame.click(`label[for="${id}"]`);
    await frame.type('#name', 'Wendy Widget');
    await frame.type('#email', 'wendy@example.test');
    // By the keyboard: the frame grows as the form fills, so a click by coordinates could land beside the button.
    await frame.focus('#submit');
    await page.keyboard.press('Enter');
    await frame.waitForSelector('#confirmation:not([hidden])');
    // The manage page opens at the top level, not in the host's frame.
    expect(await frame.$eval('#manage-link', (el) => el.getAttribute('target'))).toBe('_blank');

    const created = await vi.waitFor(async () => {
      const event = (await widgetEvents(page)).find((e) => e.type === 'booking:created');
      expect(event).toBeDefined();
      return event!;
    });
    expect(created.target).toBe('IFRAME');
    expect((await widgetEvents(page)).filter((e) => e.type === 'booking:created')).toHaveLength(1);
    expect(Object.keys(created.detail).sort()).toEqual(['bookingId', 'status']);
    expect(created.detail.status).toBe('held');
    // The booking exists as the event says.
    const stored = await json(await owner('GET', `/api/bookings/${String(created.detail.bookingId)}`));
    expect(stored.data).toMatchObject({
      bookingId: created.detail.bookingId,
      status: 'held',
      startsAtMs,
      source: 'public_page',
    });
    // The iframe follows the confirmation's height.
    await vi.waitFor(sized);
    await shot(page, 'embed-01-booked-in-widget');

    // Every message the host's window got from the platform: ids, status and heights only,
    // nothing of the form or the manage link.
    const raw = await page.evaluate(
      () => (window as unknown as { rawMessages: Array<{ origin: string; data: string }> }).rawMessages,
    );
    const fromPlatform = raw.filter((m) => m.origin === platform.url).map((m) => m.data);
    expect(fromPlatform.length).toBeGreaterThan(1);
    for (const message of fromPlatform) {
      const keys = Object.keys(JSON.parse(message) as object).sort();
      expect([
        ['height', 'type'],
        ['bookingId', 'status', 'type'],
      ]).toContainEqual(keys);
      expect(message).not.toMatch(/svc_m1\.|Wendy|wendy@example/);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a page of an origin not in the list, and a tenant without origins, are refused framing', async () => {
    for (const [host, tenant] of [
      [stranger.origin, 'studio'],
      [site.origin, 'plain'],
    ] as const) {
      const { page, problems } = await openPage(browser!, 'Europe/Berlin');
      const refusals: string[] = [];
      page.on('console', (msg) => {
        if (/frame-ancestors/.test(msg.text())) refusals.push(msg.text());
      });
      const answer = page.waitForResponse((res) => res.url().startsWith(`${platform.url}/book/${tenant}`));
      await page.goto(`${host}/?tenant=${tenant}`, { waitUntil: 'networkidle0' });
      const res = await answer;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-security-policy']).toContain(
        tenant === 'plain' ? "frame-ancestors 'none'" : `frame-ancestors ${site.origin}`,
      );
      // Chromium blocks the frame: it says so, nothing of the page renders, and no event comes.
      await vi.waitFor(() => expect(refusals).not.toEqual([]));
      const frame = await widgetFrame(page);
      expect(await frame.$('#booking-form')).toBeNull();
      expect(await widgetEvents(page)).toEqual([]);
      expect(problems.filter((p) => !/frame-ancestors/.test(p))).toEqual([
        `request: ${res.url()} net::ERR_BLOCKED_BY_RESPONSE`,
      ]);
      await page.close();
    }
  });
});

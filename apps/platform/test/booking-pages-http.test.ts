// The booking pages over plain HTTP on the embedded platform (no browser): the manage URL still
// answers the specification's JSON unless the client prefers HTML, both with Vary: Accept and
// Cache-Control private, no-store; the pages' security headers, branding, contrast fallback and
// escaping; errors as pages for a browser and as the envelope otherwise; the hashed assets.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { book } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const NO_STORE = 'private, no-store';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let base = '';

beforeAll(async () => {
  platform = await startTestPlatform();
  base = platform.url;
  const address = platform.services.catalog.address;
  const { tenantId } = await seedTenant(address, 'bright');
  const { tenantId: paleId } = await seedTenant(address, 'pale');
  await seedTenant(address, 'closed', { suspended: true });
  const catalog = connectService(catalogV1.CatalogServiceService, address);
  try {
    await catalog.updateTenant({
      tenantId,
      branding: {
        displayName: 'Bright <Smiles> & Co',
        logoUrl: 'https://cdn.example.test/logo.png?a=1&b=2',
        primaryColor: '#0f766e',
        accentColor: '#9a3412',
      },
    });
    // Yellow on white: unreadable, so the page falls back to its safe color.
    await catalog.updateTenant({ tenantId: paleId, branding: { primaryColor: '#ffff00', accentColor: '#fafafa' } });
  } finally {
    catalog.close();
  }
});
afterAll(async () => {
  await platform?.cleanup();
});

const get = (path: string, accept?: string) => fetch(`${base}${path}`, accept ? { headers: { accept } } : {});

function expectPageHeaders(res: Response): void {
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

/** Every `<script>` of a page: external (the gateway's own) or a JSON data block, never inline code. */
function expectNoInlineScript(page: string): void {
  for (const [tag] of page.matchAll(/<script[^>]*>/g)) {
    expect(tag).toMatch(/src="\/assets\/[0-9a-f]{12}\/js\/[a-z-]+\.js"|type="application\/json"/);
  }
}

describe('GET /booking/manage/{token}', () => {
  it('answers the JSON of the specification to API clients, the page to browsers, Vary: Accept on both', async () => {
    const made = await book(base, 'bright', berlinTime(2, 9));
    const path = `/booking/manage/${made.manageToken}`;
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html']) {
      const res = await get(path, accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe(NO_STORE);
      expect(res.headers.get('vary')).toBe('Accept');
      const body = await json(res);
      expect(Object.keys(body.data).sort()).toEqual(['actions', 'booking', 'meetingUrl', 'service', 'tenant']);
      expect(body.data.actions).toMatchObject({ canCancel: true, canReschedule: true });
    }

    const res = await get(path, BROWSER);
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    expect(res.headers.get('cache-control')).toBe(NO_STORE);
    expect(res.headers.get('vary')).toBe('Accept');
    const page = await res.text();
    expectNoInlineScript(page);
    expect(page).toContain('<h1>Your booking with Bright &lt;Smiles&gt; &amp; Co</h1>');
    expect(page).toContain(`href="/booking/manage/${made.manageToken}/ics"`);
    // The logo is the one third-party request: it goes without a referrer (the URL has the token).
    expect(page).toMatch(
      /<img src="https:\/\/cdn\.example\.test\/logo\.png\?a=1&amp;b=2" alt="" referrerpolicy="no-referrer" \/>/,
    );
    expect(page).toMatch(/<meta name="referrer" content="no-referrer" \/>/);
    expect(page).toContain('--brand-primary: #0f766e;');
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1];
    expect(page).toContain(`<style nonce="${nonce}">`);
  });

  it('answers a bad token as a page to a browser and as the envelope otherwise, never cached', async () => {
    const path = '/booking/manage/svc_m1.eyJub3QiOiJhIHRva2VuIn0.c2lnbmF0dXJl';
    const page = await get(path, BROWSER);
    expect(page.status).toBe(404);
    expectPageHeaders(page);
    expect(page.headers.get('cache-control')).toBe(NO_STORE);
    expect(page.headers.get('vary')).toBe('Accept');
    expect(await page.text()).toContain('the booking link is not valid');

    const api = await get(path);
    expect(api.status).toBe(404);
    expect(api.headers.get('cache-control')).toBe(NO_STORE);
    expect((await json(api)).error.code).toBe('NOT_FOUND');
  });

  it('shows a cancelled booking without its actions and without a script', async () => {
    const made = await book(base, 'bright', berlinTime(2, 10));
    const cancel = await fetch(`${made.manageUrl}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(200);
    const page = await (await get(`/booking/manage/${made.manageToken}`, BROWSER)).text();
    expect(page).toMatch(/<dd id="booking-status">\s*Cancelled\s*<\/dd>/);
    expect(page).toContain('This booking can no longer be changed online.');
    expect(page).not.toContain('reschedule-form');
    expect(page).not.toContain('cancel-start');
    expect(page).not.toContain('<script');
  });
});

describe('GET /book/{tenantSlug}', () => {
  it("is the tenant's page: active services only, prices in its locale, its colors", async () => {
    const res = await get('/book/bright', BROWSER);
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    const page = await res.text();
    expectNoInlineScript(page);
    expect(page).toContain('<title>Book an appointment · Bright &lt;Smiles&gt; &amp; Co</title>');
    expect(page).toContain('value="checkup"');
    expect(page).toContain('45,00\u00a0€');
    expect(page).not.toContain('secret');
    expect(page).not.toContain('Internal');
    for (const color of ['--brand-primary: #0f766e;', '--brand-on-primary: #ffffff;', '--brand-accent: #9a3412;']) {
      expect(page).toContain(color);
    }
    expect(JSON.parse(/<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(page)![1]!)).toEqual({
      tenantSlug: 'bright',
      timezone: 'Europe/Berlin',
      locale: 'de',
      // Framed by no site (docs/decisions.md "Embedding").
      embedOrigins: [],
      // The month view goes no further than each service's horizon (docs/decisions.md "Booking pages").
      maxAdvanceDays: { checkup: 90 },
    });
    // The same page whatever the Accept: it is a page route.
    expect((await get('/book/bright')).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it("falls back to the safe colors when the tenant's are unreadable", async () => {
    const page = await (await get('/book/pale', BROWSER)).text();
    for (const color of ['--brand-primary: #1d4ed8;', '--brand-on-primary: #ffffff;', '--brand-accent: #7c2d12;']) {
      expect(page).toContain(color);
    }
    expect(page).not.toContain('#ffff00');
  });

  it('answers an unknown or suspended tenant as a page to a browser and as the envelope otherwise', async () => {
    const unknown = await get('/book/nobody-here', BROWSER);
    expect(unknown.status).toBe(404);
    expectPageHeaders(unknown);
    expect(await unknown.text()).toContain('This page does not exist');
    const suspended = await get('/book/closed', BROWSER);
    expect(suspended.status).toBe(403);
    expect(await suspended.text()).toContain('This business is not taking bookings at the moment.');

    const api = await get('/book/closed');
    expect(api.status).toBe(403);
    expect((await json(api)).error.code).toBe('TENANT_INACTIVE');
    expect(api.headers.get('vary')).toBe('Accept');
  });

  it('serves its scripts and styles from the gateway under a content hash, cached for a year', async () => {
    const page = await (await get('/book/bright', BROWSER)).text();
    const urls = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // The modules a page imports resolve next to it (Vite writes the specifier in double quotes).
    const scriptUrl = urls.find((u) => u.endsWith('.js'))!;
    const imports = [...(await (await get(scriptUrl)).text()).matchAll(/from ["']\.\/([a-z-]+\.js)["']/g)];
    expect(imports.length).toBeGreaterThan(0);
    for (const [, name] of imports) expect((await get(scriptUrl.replace(/[^/]+$/, name!))).status).toBe(200);
    const stale = await get(urls[0]!.replace(/\/assets\/[0-9a-f]{12}\//, '/assets/000000000000/'));
    expect(stale.status).toBe(400);
    expect((await json(stale)).error.details[0].path).toBe('params.version');
  });
});

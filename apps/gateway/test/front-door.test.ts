// The front door (GET /) and the API reference (GET /docs, Swagger UI over /openapi.json):
// a page for a browser and the envelope for an API client, each service's state while some are
// down, the reference's headers, files and 404s, and the words of every operation the reference
// shows (auth, scopes, error codes). docs/decisions.md "Front door and API reference".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@svc/telemetry';
import { json } from '@svc/testing';
import { buildGateway, gatewayConfigSchema, gatewaySettings } from '../src/index.js';
import { errorCodesOf, type OperationFacts } from '../src/http/operation-docs.js';
import { startGatewayWithCatalog, type GatewayHarness } from './support/gateway-harness.js';
import { rawExchange } from './support/raw-http.js';
import { unreachableDownstream } from './support/unreachable.js';

/** What a browser sends for a page it navigates to. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** The reference's policy: the pages' (no inline script, styles from the gateway) with data: images for its icons. */
const REFERENCE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

interface Operation {
  operationId: string;
  description?: string;
  security: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface Document {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
}

// Catalog, customer and identity run behind the harness; booking, the dispatcher and
// integrations lead nowhere, so they are down (notifications is not deployed at all).
let gw: GatewayHarness;
let doc: Document;
let tenant: { tenantId: string; slug: string };

beforeAll(async () => {
  gw = await startGatewayWithCatalog();
  tenant = await gw.createTenant('front-acme', { name: 'Acme Front Desk' });
  doc = await json(await fetch(`${gw.base}/openapi.json`));
});
afterAll(() => gw.stop());

const get = (path: string, accept?: string) =>
  fetch(`${gw.base}${path}`, { redirect: 'manual', headers: accept === undefined ? {} : { accept } });

describe('GET / (the front door)', () => {
  it('answers an API client the envelope: what runs, each service, the links; 200 while some are down', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const res = await get('/', accept);
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('vary')).toMatch(/Accept/i);
      const body = await json(res);
      expect(body).toMatchObject({ ok: true, meta: { requestId: res.headers.get('x-request-id') } });
      expect(body.data).toMatchObject({
        name: 'Booking platform',
        profile: 'embedded',
        apiVersion: doc.info.version,
        status: 'degraded',
        services: {
          catalog: 'SERVING',
          customer: 'SERVING',
          identity: 'SERVING',
          booking: 'UNREACHABLE',
          'webhook-dispatcher': 'UNREACHABLE',
          integrations: 'UNREACHABLE',
        },
        operationsGuide: { repositoryPath: 'docs/operations.md' },
      });
      expect(Object.keys(body.data.services)).not.toContain('notifications');
      expect(body.data.links.map((l: { href: string }) => l.href)).toEqual(
        expect.arrayContaining(['/dashboard', '/docs', '/openapi.json', '/metrics', '/health']),
      );
    }
    // GET /health keeps its own contract meanwhile: the failure naming the services down.
    const health = await get('/health');
    expect(health.status).toBe(500);
    expect((await json(health)).error.code).toBe('INTERNAL_ERROR');
  });

  it('answers a browser a page under the strict policy: no script, the nonce only on the theme', async () => {
    const res = await get('/', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/Accept/i);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    const page = await res.text();
    expect(page).not.toContain('<script');
    expect(page.match(/<style[^>]*>/g)).toEqual([`<style nonce="${nonce}">`]);
    expect(page).toMatch(/<dt>catalog<\/dt>\s*<dd data-state="SERVING"[^>]*>Serving<\/dd>/);
    expect(page).toMatch(/<dt>booking<\/dt>\s*<dd data-state="UNREACHABLE" class="error">Down: unreachable<\/dd>/);
    expect(page).toContain('Down: booking, webhook-dispatcher, integrations.');
    expect(page).toContain('<strong id="profile">embedded</strong>');
    for (const href of ['/dashboard', '/docs', '/openapi.json', '/metrics']) expect(page).toContain(`href="${href}"`);
    expect(page).toContain('<code>docs/operations.md</code>');
  });

  it('names no tenant', async () => {
    for (const accept of [undefined, BROWSER]) {
      const text = await (await get('/', accept)).text();
      for (const name of [tenant.tenantId, tenant.slug, 'Acme']) expect(text).not.toContain(name);
    }
  });

  it('is in the document as one operation with an HTML twin, public', () => {
    const op = doc.paths['/']!.get!;
    expect(op.operationId).toBe('getRoot');
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses['200']!.content!)).toEqual(['application/json', 'text/html']);
  });
});

describe('GET /docs (the API reference)', () => {
  it('is a page with no inline script or style, under the pages\' policy with data: images', async () => {
    const res = await get('/docs', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(REFERENCE_CSP);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await res.text();
    expect(page).toContain('<title>API reference · Booking platform</title>');
    // Every script is a file (none inline), no <style> element, no style attribute.
    const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\ssrc="/);
      expect(body!.trim()).toBe('');
    }
    expect(page).not.toMatch(/<style|\sstyle=/);
    expect(page).toContain('/docs/static/theme/api-reference.css');
  });

  it('serves every file the page names, from the gateway, under the same policy', async () => {
    const page = await (await get('/docs', BROWSER)).text();
    const files = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(files).toEqual(
      expect.arrayContaining([
        '/docs/static/swagger-ui-bundle.js',
        '/docs/static/swagger-initializer.js',
        '/docs/static/swagger-ui.css',
        '/docs/static/theme/api-reference.css',
      ]),
    );
    for (const file of files) {
      expect(file, file).toMatch(/^\/docs\/static\//);
      const res = await get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-security-policy'), file).toBe(REFERENCE_CSP);
      const type = res.headers.get('content-type') ?? '';
      if (file.endsWith('.js')) expect(type, file).toMatch(/javascript/);
      if (file.endsWith('.css')) expect(type, file).toMatch(/^text\/css/);
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(0);
    }
  });

  it('reads the live /openapi.json: its initializer asks for ./json, which leads there', async () => {
    const init = await (await get('/docs/static/swagger-initializer.js')).text();
    expect(init).toContain("url: resolveUrl('./json')");
    expect(init).toContain('"layout":"BaseLayout"');
    const redirect = await get('/docs/json');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/openapi.json');
    await redirect.arrayBuffer();
  });

  it('answers an unknown path under /docs with the envelope 404, never a 500', async () => {
    // The files' folder itself is no file either (its index.html is swagger-ui-dist's page, not ours).
    for (const path of ['/docs/nope', '/docs/static/nope.js', '/docs/static/theme/nope.css', '/docs/json/x', '/docs/static/', '/docs/yaml']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await json(res), path).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    }
    // Out of the files' folder (sent as they are: fetch would resolve the dots).
    for (const path of ['/docs/static/../../package.json', '/docs/static/%2e%2e/%2e%2e/package.json', '/docs/static/./x.js']) {
      const { responses } = await rawExchange(gw.port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(responses[0]!.status, path).toBe(404);
      expect(JSON.parse(responses[0]!.body), path).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    }
    // A method the page does not take: the methods rule's 405.
    const del = await fetch(`${gw.base}/docs`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD');
    expect((await json(del)).error.code).toBe('VALIDATION_ERROR');
  });

  it('is not an operation of the document', () => {
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/docs'))).toEqual([]);
  });
});

describe('the words of every operation (what the reference shows)', () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })),
    );

  it('says its auth, with the scope a partner key needs', () => {
    for (const { at, op } of operations()) expect(op.description, at).toMatch(/\*\*Auth:\*\* /);
    expect(doc.paths['/v1/bookings']!.get!.description).toContain('with the scope `booking:read`');
    expect(doc.paths['/api/services']!.post!.description).toContain('the dashboard session cookie with its `X-Service-CSRF` header');
    expect(doc.paths['/health']!.get!.description).toContain('**Auth:** none');
  });

  it('lists the codes of its error answers by status', () => {
    const partner = doc.paths['/v1/bookings']!.get!.responses;
    expect(partner['4XX']!.description).toMatch(/- 401 `AUTH_REQUIRED`/);
    expect(partner['4XX']!.description).toMatch(/- 403 `FORBIDDEN`, `TENANT_INACTIVE`/);
    expect(partner['4XX']!.description).toMatch(/- 429 `RATE_LIMITED`/);
    expect(partner['5XX']!.description).toMatch(/- 500 `INTERNAL_ERROR`/);
    // A code the route's description names is listed at its status.
    const page = doc.paths['/book/{tenantSlug}']!.get!.responses['4XX']!.description;
    expect(page).toMatch(/- 403 `TENANT_INACTIVE`/);
    expect(page).toMatch(/- 404 `NOT_FOUND`/);
    for (const { at, op } of operations()) {
      for (const range of ['4XX', '5XX']) {
        if (op.responses[range]) expect(op.responses[range].description, `${at} ${range}`).toMatch(/`[A-Z_]+`/);
      }
    }
  });

  it('has an answer Swagger UI can make an example of: a schema with a type or members', () => {
    const sampleable = (schema: Record<string, unknown> | undefined) =>
      schema !== undefined &&
      ['type', 'properties', 'anyOf', 'oneOf', 'allOf', 'const', 'enum', 'example', 'examples'].some((k) => k in schema);
    for (const { at, op } of operations()) {
      const bodies = Object.entries(op.responses).flatMap(([status, r]) =>
        Object.entries(r.content ?? {}).map(([type, c]) => ({ where: `${at} ${status} ${type}`, schema: c.schema })),
      );
      expect(bodies.length, at).toBeGreaterThan(0);
      for (const { where, schema } of bodies) expect(sampleable(schema), where).toBe(true);
    }
  });
});

describe('errorCodesOf', () => {
  const facts = { guard: {}, limited: false, params: false };
  const codes = (more: Partial<OperationFacts> & Pick<OperationFacts, 'access'>) =>
    errorCodesOf({ ...facts, ...more }).map(({ code, status }) => `${status} ${code}`);

  it('follows the guard, the limits, the path and the description', () => {
    expect(codes({ access: 'public' })).toEqual(['400 VALIDATION_ERROR']);
    expect(codes({ access: 'public', limited: true, params: true })).toEqual([
      '400 VALIDATION_ERROR',
      '404 NOT_FOUND',
      '429 RATE_LIMITED',
    ]);
    expect(codes({ access: 'key:booking:read' })).toEqual([
      '400 VALIDATION_ERROR',
      '401 AUTH_REQUIRED',
      '403 FORBIDDEN',
      '403 TENANT_INACTIVE',
      '429 RATE_LIMITED',
    ]);
    expect(codes({ access: 'dashboard:write' })).toEqual([
      '400 VALIDATION_ERROR',
      '401 AUTH_REQUIRED',
      '401 SESSION_EXPIRED',
      '403 CSRF_INVALID',
      '403 FORBIDDEN',
      '403 ORIGIN_NOT_ALLOWED',
      '403 TENANT_INACTIVE',
      '429 RATE_LIMITED',
    ]);
    // A code the description names, at its status in the table or at the one the text gives it.
    expect(
      codes({
        access: 'public',
        description: 'A taken slot is BOOKING_SLOT_UNAVAILABLE, an outage BOOKING_POLICY_BLOCKED 503; NOT_A_CODE.',
      }),
    ).toEqual(['400 VALIDATION_ERROR', '409 BOOKING_SLOT_UNAVAILABLE', '503 BOOKING_POLICY_BLOCKED']);
  });
});

describe('rate limits', () => {
  // A gateway of its own with the pages' limit at 2 a minute; nothing behind it answers.
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-front-door-'));
  const downstream = unreachableDownstream();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildGateway({
      logger: createLogger('gateway-test', 'silent'),
      downstream,
      // The profile as a distributed gateway's settings have it (its other settings are not needed here).
      settings: {
        ...gatewaySettings(gatewayConfigSchema.parse({ DATA_DIR: dataDir, RATE_LIMIT_PAGES_PER_IP: '2' }), 8080),
        profile: 'distributed',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    downstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('count the front door and the reference\'s page as pages, not the reference\'s files', async () => {
    const front = await app.inject({ url: '/' });
    expect(front.statusCode).toBe(200);
    expect(front.json().data).toMatchObject({ profile: 'distributed', status: 'degraded' });
    expect((await app.inject({ url: '/docs' })).statusCode).toBe(200);
    for (const url of ['/', '/docs']) {
      const refused = await app.inject({ url });
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json().error.code, url).toBe('RATE_LIMITED');
    }
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ url: '/docs/static/swagger-ui.css' })).statusCode).toBe(200);
    }
  });
});

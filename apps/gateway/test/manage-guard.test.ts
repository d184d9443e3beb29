import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, mintManageToken, MANAGE_TOKEN_TTL_MS, type ManageTokenKeys } from '@svc/crypto';
import { json } from '@svc/testing';
import { rawExchange } from './support/raw-http.js';
import { startGatewayWithCatalog, type GatewayHarness } from './support/gateway-harness.js';

// The manage routes' token checks and headers over real HTTP (docs/api-conventions.md "Customer
// manage"), with the real catalog and no booking service behind the gateway: a token that does
// not verify never reaches a service, and one that does meets the booking outage (503). What a
// booking service answers is tested on the embedded platform (apps/platform/test/manage-routes.test.ts).

let gw: GatewayHarness;
const keys: ManageTokenKeys = { current: { kid: 'k7', secret: 'manage-guard-test-secret-0123456789abcdef' } };
const claims = { tenantId: 'ten_a', bookingId: 'bkg_a', customerId: 'cus_a' };
const NO_STORE = 'private, no-store';

beforeAll(async () => {
  gw = await startGatewayWithCatalog({
    config: { MANAGE_TOKEN_KID: keys.current.kid, MANAGE_TOKEN_SECRET: keys.current.secret },
  });
});
afterAll(() => gw.stop());

const mint = (k: ManageTokenKeys = keys, nowMs = Date.now(), c: object = claims) =>
  mintManageToken(k, c as typeof claims, nowMs);
const partsOf = (token: string) => token.split('.') as [string, string, string];

/** Every way a token can fail to name a booking: each must get the very same answer. */
function badTokens(): Array<[string, string]> {
  const good = mint();
  const [prefix, payload, signature] = partsOf(good);
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const tamperedPayload = encodeBase64Url(JSON.stringify({ ...decoded, bookingId: 'bkg_other' }));
  const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
  return [
    ['not a token', 'nope'],
    ['the prefix alone', 'svc_m1'],
    ['an empty payload and signature', 'svc_m1..'],
    ['another prefix', `svc_m2.${payload}.${signature}`],
    ['a tampered payload', `${prefix}.${tamperedPayload}.${signature}`],
    ['a tampered signature', `${prefix}.${payload}.${flipped}`],
    ['signed with a secret we do not hold', mint({ current: { kid: keys.current.kid, secret: 'x'.repeat(40) } })],
    ['signed with a key id we do not know', mint({ current: { kid: 'k-unknown', secret: keys.current.secret } })],
    ['expired', mint(keys, Date.now() - MANAGE_TOKEN_TTL_MS - 1)],
    ['5,000 characters long', `svc_m1.${'a'.repeat(4_990)}.b`],
  ];
}

const ROUTES: Array<{ method: string; path: (t: string) => string; body?: object }> = [
  { method: 'GET', path: (t) => `/booking/manage/${t}` },
  { method: 'GET', path: (t) => `/booking/manage/${t}/ics` },
  { method: 'POST', path: (t) => `/booking/manage/${t}/cancel` },
  { method: 'POST', path: (t) => `/booking/manage/${t}/reschedule`, body: { startsAtMs: 1_900_000_000_000 } },
];

function call(route: (typeof ROUTES)[number], token: string, init: RequestInit = {}) {
  return fetch(`${gw.base}${route.path(encodeURIComponent(token))}`, {
    method: route.method,
    ...(route.body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(route.body) } : {}),
    ...init,
  });
}

describe('a token that does not verify', () => {
  it.each(badTokens())('%s → the same NOT_FOUND on every manage route, never stored', async (_what, token) => {
    for (const route of ROUTES) {
      const res = await call(route, token);
      expect(res.status, `${route.method} ${route.path('…')}`).toBe(404);
      expect(res.headers.get('cache-control')).toBe(NO_STORE);
      const body = await json(res);
      expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Booking was not found.' });
      expect(body.meta.requestId).toBe(res.headers.get('x-request-id'));
    }
  });

  it('wins over a body error: a bad token with a bad body is still NOT_FOUND', async () => {
    const res = await fetch(`${gw.base}/booking/manage/nope/reschedule`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"startsAtMs": "soon", "extra": 1',
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe(NO_STORE);
  });

  it('is not helped by a dashboard session cookie or CSRF header', async () => {
    const tenant = await gw.createTenant('manage-cookie');
    const owner = await gw.mintSession([[tenant.tenantId, 'tenant_owner']]);
    const res = await fetch(`${gw.base}/booking/manage/nope/cancel`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'x-service-csrf': owner.csrf },
    });
    expect(res.status).toBe(404);
  });
});

describe('a token that verifies, with the booking service down', () => {
  it('is BOOKING_POLICY_BLOCKED 503 on every manage route, never stored', async () => {
    for (const route of ROUTES) {
      const res = await call(route, mint());
      expect(res.status, `${route.method} ${route.path('…')}`).toBe(503);
      expect(res.headers.get('cache-control')).toBe(NO_STORE);
      expect((await json(res)).error.code).toBe('BOOKING_POLICY_BLOCKED');
    }
  });
});

describe('Cache-Control: private, no-store on every answer under /booking/manage/', () => {
  it.each([
    ['a method the path does not support (405)', 'DELETE', `/booking/manage/tok`, 405],
    ['an unknown sub-path (404)', 'GET', '/booking/manage/tok/nothing-here', 404],
    ['the prefix without a token (404)', 'GET', '/booking/manage', 404],
    ['a URL the router cannot decode (400)', 'GET', '/booking/manage/%zz', 400],
    ['HEAD of the view', 'HEAD', '/booking/manage/nope', 404],
  ])('%s', async (_what, method, path, status) => {
    const res = await fetch(`${gw.base}${path}`, { method });
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe(NO_STORE);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('a request the HTTP parser refuses (431) too', async () => {
    const { responses } = await rawExchange(
      gw.port,
      `GET /booking/manage/${'a'.repeat(17_000)} HTTP/1.1\r\nHost: t\r\n\r\n`,
      { responses: 1 },
    );
    expect(responses[0]!.status).toBe(431);
    expect(responses[0]!.headers['cache-control']).toBe(NO_STORE);
  });

  it('but not elsewhere', async () => {
    for (const path of ['/health', '/book/nobody/config', '/booking', '/booking/managed/x']) {
      expect((await fetch(`${gw.base}${path}`)).headers.get('cache-control'), path).not.toBe(NO_STORE);
    }
  });
});

describe('a manage token on the dashboard API', () => {
  it('is AUTH_REQUIRED 401 as a Bearer header, in the path or as the session cookie', async () => {
    const token = mint();
    const answers = await Promise.all([
      fetch(`${gw.base}/api/bookings`, { headers: { authorization: `Bearer ${token}` } }),
      fetch(`${gw.base}/api/bookings/${token}`),
      fetch(`${gw.base}/api/bookings/${token}/cancel`, { method: 'POST' }),
      fetch(`${gw.base}/api/session`, { headers: { cookie: `__Host-service_session=${token}` } }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect((await json(res)).error.code).toBe('AUTH_REQUIRED');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { json } from '@svc/testing';
import { defineRoute, principalOf, type Role } from '../src/index.js';
import { startGatewayWithCatalog, type GatewayHarness, type MintedSession } from './support/gateway-harness.js';
import { DAY_MS } from '@svc/rules';

/**
 * The dashboard guard and session routes over real HTTP, with the real catalog service behind
 * the gateway. Sessions are minted the way the operator CLI does (IdentityStore + csrfToken).
 */
const DASHBOARD_ORIGIN = 'https://dashboard.example.test';

let h: GatewayHarness;
let base: string;
const tenants: Record<'main' | 'second' | 'lonely' | 'doomed', string> = {
  main: '',
  second: '',
  lonely: '',
  doomed: '',
};

beforeAll(async () => {
  h = await startGatewayWithCatalog({
    config: { SESSION_SECRET: 'g'.repeat(40), DASHBOARD_ORIGIN },
    // Tiny routes for the guard alone: a read, a write, and a public one.
    beforeListen: (app) => {
      defineRoute(app, {
        method: 'GET',
        url: '/api/test/read',
        summary: 'test read',
        tags: ['test'],
        access: 'dashboard:read',
        response: z.object({ tenantId: z.string(), role: z.string(), userId: z.string() }),
        handler: async (_i, request) => principalOf(request),
      });
      defineRoute(app, {
        method: 'POST',
        url: '/api/test/write',
        summary: 'test write',
        tags: ['test'],
        access: 'dashboard:write',
        querystring: z.object({ tenantId: z.string().optional() }),
        body: z.strictObject({ name: z.string(), tenantId: z.string().optional() }),
        response: z.object({ tenantId: z.string(), role: z.string(), name: z.string() }),
        handler: async ({ body }, request) => ({ ...principalOf(request), name: body.name }),
      });
      defineRoute(app, {
        method: 'GET',
        url: '/test/public',
        summary: 'test public',
        tags: ['test'],
        response: z.object({ principal: z.boolean() }),
        handler: async (_i, request) => ({ principal: request.dashboard !== undefined }),
      });
    },
  });
  base = h.base;
  for (const key of Object.keys(tenants) as Array<keyof typeof tenants>) {
    tenants[key] = (await h.createTenant(`guard-${key}`, { name: `Guard ${key}` })).tenantId;
  }
});

afterAll(async () => {
  await h?.stop();
});

/** A user with the given memberships and a session in the first one, as the CLI would mint it. */
function signIn(memberships: Array<[keyof typeof tenants, Role]>): Promise<MintedSession> {
  return h.mintSession(memberships.map(([tenant, role]) => [tenants[tenant], role]));
}

function call(
  method: 'GET' | 'POST',
  path: string,
  opts: { as?: MintedSession; csrf?: string | false; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.as) headers.cookie = opts.as.cookie;
  if (opts.as && opts.csrf !== false) headers['x-service-csrf'] = opts.csrf ?? opts.as.csrf;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(base + path, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
}

async function expectError(res: Response, status: number, code: string) {
  const body = await json(res);
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
  expect(body.meta.requestId).toBe(res.headers.get('x-request-id'));
  return body;
}

describe('AUTH_REQUIRED and SESSION_EXPIRED', () => {
  it('answers AUTH_REQUIRED without a cookie, with an unknown, a malformed or a revoked one', async () => {
    await expectError(await call('GET', '/api/session'), 401, 'AUTH_REQUIRED');
    const unknown = { cookie: `__Host-service_session=${'A'.repeat(43)}` };
    await expectError(await call('GET', '/api/session', { headers: unknown }), 401, 'AUTH_REQUIRED');
    const malformed = { cookie: '__Host-service_session=not-a-token; other=1' };
    await expectError(await call('GET', '/api/test/read', { headers: malformed }), 401, 'AUTH_REQUIRED');
    const me = await signIn([['main', 'tenant_owner']]);
    const tampered = { cookie: `__Host-service_session=${me.token.slice(0, -1)}${me.token.endsWith('A') ? 'B' : 'A'}` };
    await expectError(await call('GET', '/api/test/read', { headers: tampered }), 401, 'AUTH_REQUIRED');
    await h.identity.revokeSession(me.sessionId);
    await expectError(await call('GET', '/api/test/read', { as: me }), 401, 'AUTH_REQUIRED');
  });

  it('answers SESSION_EXPIRED for a known session past its 30 days', async () => {
    const me = await signIn([['main', 'tenant_owner']]);
    expect((await call('GET', '/api/test/read', { as: me })).status).toBe(200);
    const now = Date.now();
    await h.identityStore
      .collection('sessions')
      .updateOne({ _id: me.sessionId }, { createdAtMs: now - 31 * DAY_MS, expiresAtMs: now - DAY_MS });
    await expectError(await call('GET', '/api/test/read', { as: me }), 401, 'SESSION_EXPIRED');
    await expectError(await call('POST', '/api/test/write', { as: me, body: { name: 'x' } }), 401, 'SESSION_EXPIRED');
  });
});

describe('writes: CSRF and roles', () => {
  it('lets an owner write with the CSRF token of GET /api/session', async () => {
    const me = await signIn([['main', 'tenant_owner']]);
    const session = (await json(await call('GET', '/api/session', { as: me }))).data;
    expect(session.csrfToken).toBe(me.csrf);
    const res = await call('POST', '/api/test/write', { as: me, csrf: session.csrfToken, body: { name: 'ok' } });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ tenantId: tenants.main, role: 'tenant_owner', name: 'ok' });
  });

  it('answers CSRF_INVALID when the header is missing or wrong', async () => {
    const me = await signIn([['main', 'tenant_admin']]);
    const other = await signIn([['main', 'tenant_admin']]);
    await expectError(
      await call('POST', '/api/test/write', { as: me, csrf: false, body: { name: 'x' } }),
      403,
      'CSRF_INVALID',
    );
    await expectError(
      await call('POST', '/api/test/write', { as: me, csrf: 'nope', body: { name: 'x' } }),
      403,
      'CSRF_INVALID',
    );
    // Another session's token is wrong too.
    await expectError(
      await call('POST', '/api/test/write', { as: me, csrf: other.csrf, body: { name: 'x' } }),
      403,
      'CSRF_INVALID',
    );
  });

  it('answers FORBIDDEN to a viewer or staff member writing, after the CSRF check', async () => {
    const viewer = await signIn([['main', 'tenant_viewer']]);
    // Without the CSRF token a forged request learns nothing about the role.
    await expectError(
      await call('POST', '/api/test/write', { as: viewer, csrf: false, body: { name: 'x' } }),
      403,
      'CSRF_INVALID',
    );
    await expectError(await call('POST', '/api/test/write', { as: viewer, body: { name: 'x' } }), 403, 'FORBIDDEN');
    const staff = await signIn([['main', 'tenant_staff']]);
    await expectError(await call('POST', '/api/test/write', { as: staff, body: { name: 'x' } }), 403, 'FORBIDDEN');
    expect((await call('GET', '/api/test/read', { as: viewer })).status).toBe(200);
  });

  it('answers FORBIDDEN once the membership of the active workspace is gone', async () => {
    const me = await signIn([['main', 'tenant_owner']]);
    await h.identityStore.collection('memberships').deleteMany({ userId: me.userId });
    await expectError(await call('GET', '/api/test/read', { as: me }), 403, 'FORBIDDEN');
  });
});

describe('the tenant comes from the session only', () => {
  it('rejects a tenant id in the header, the query or the body with VALIDATION_ERROR naming it', async () => {
    const me = await signIn([['main', 'tenant_owner']]);
    const header = await expectError(
      await call('GET', '/api/test/read', { as: me, headers: { 'x-service-tenant-id': tenants.main } }),
      400,
      'VALIDATION_ERROR',
    );
    expect(header.error.details).toEqual([{ path: 'headers.x-service-tenant-id', message: expect.any(String) }]);
    const query = await expectError(
      await call('GET', `/api/test/read?tenantId=${tenants.second}`, { as: me }),
      400,
      'VALIDATION_ERROR',
    );
    expect(query.error.details.map((d: { path: string }) => d.path)).toEqual(['query.tenantId']);
    const body = await expectError(
      await call('POST', '/api/test/write', { as: me, body: { name: 'x', tenantId: tenants.main } }),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.tenantId']);
  });
});

describe('TENANT_INACTIVE', () => {
  it('blocks a suspended workspace, but still lets its members see the session and switch away', async () => {
    const me = await signIn([
      ['doomed', 'tenant_owner'],
      ['second', 'tenant_staff'],
    ]);
    expect((await call('GET', '/api/test/read', { as: me })).status).toBe(200);
    await h.downstream.catalog.updateTenant({
      tenantId: tenants.doomed,
      status: 'suspended',
    });
    await expectError(await call('GET', '/api/test/read', { as: me }), 403, 'TENANT_INACTIVE');
    await expectError(await call('POST', '/api/test/write', { as: me, body: { name: 'x' } }), 403, 'TENANT_INACTIVE');

    const session = await call('GET', '/api/session', { as: me });
    expect(session.status).toBe(200);
    expect((await json(session)).data.tenant).toMatchObject({ tenantId: tenants.doomed, status: 'suspended' });
    // Switching into it again is refused; switching away works.
    await expectError(
      await call('POST', '/api/session/workspace', { as: me, body: { tenantId: tenants.doomed } }),
      403,
      'TENANT_INACTIVE',
    );
    const away = await call('POST', '/api/session/workspace', { as: me, body: { tenantId: tenants.second } });
    expect(away.status).toBe(200);
    expect((await call('GET', '/api/test/read', { as: me })).status).toBe(200);
  });
});

describe('ORIGIN_NOT_ALLOWED', () => {
  it('refuses a cookie request from another origin, accepts the dashboard origin and no origin', async () => {
    const me = await signIn([['main', 'tenant_owner']]);
    await expectError(
      await call('GET', '/api/test/read', { as: me, headers: { origin: 'https://evil.example' } }),
      403,
      'ORIGIN_NOT_ALLOWED',
    );
    await expectError(
      await call('POST', '/api/test/write', { as: me, body: { name: 'x' }, headers: { origin: 'null' } }),
      403,
      'ORIGIN_NOT_ALLOWED',
    );
    const same = await call('POST', '/api/test/write', {
      as: me,
      body: { name: 'x' },
      headers: { origin: DASHBOARD_ORIGIN },
    });
    expect(same.status).toBe(200);
    expect((await call('GET', '/api/test/read', { as: me })).status).toBe(200);
  });
});

describe('public routes', () => {
  it('take no authority from a session cookie, nor fail on a bad one', async () => {
    const me = await signIn([['main', 'tenant_owner']]);
    const withCookie = await call('GET', '/test/public', { as: me });
    expect(withCookie.status).toBe(200);
    expect((await json(withCookie)).data).toEqual({ principal: false });
    const garbage = await call('GET', '/test/public', { headers: { cookie: '__Host-service_session=garbage' } });
    expect((await json(garbage)).data).toEqual({ principal: false });
    // /health answers the same with and without a session (its services are down here: 500).
    const healthWith = await call('GET', '/health', { as: me });
    const healthWithout = await call('GET', '/health');
    expect(healthWith.status).toBe(healthWithout.status);
    expect((await json(healthWith)).error?.code).toBe((await json(healthWithout)).error?.code);
  });
});

describe('POST /api/session/workspace', () => {
  it('switches to a workspace with membership; FORBIDDEN without one; needs CSRF', async () => {
    const me = await signIn([
      ['main', 'tenant_owner'],
      ['second', 'tenant_viewer'],
    ]);
    await expectError(
      await call('POST', '/api/session/workspace', { as: me, csrf: false, body: { tenantId: tenants.second } }),
      403,
      'CSRF_INVALID',
    );
    await expectError(
      await call('POST', '/api/session/workspace', { as: me, body: { tenantId: tenants.lonely } }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await call('POST', '/api/session/workspace', { as: me, body: { tenantId: 'ten_does_not_exist' } }),
      403,
      'FORBIDDEN',
    );
    // Only the body's tenantId is the input here; the header is still refused.
    await expectError(
      await call('POST', '/api/session/workspace', {
        as: me,
        body: { tenantId: tenants.second },
        headers: { 'x-service-tenant-id': tenants.second },
      }),
      400,
      'VALIDATION_ERROR',
    );
    await expectError(
      await call('POST', '/api/session/workspace', { as: me, body: { tenantId: tenants.second, extra: 1 } }),
      400,
      'VALIDATION_ERROR',
    );

    const res = await call('POST', '/api/session/workspace', { as: me, body: { tenantId: tenants.second } });
    expect(res.status).toBe(200);
    const data = (await json(res)).data;
    expect(data).toMatchObject({
      tenant: { tenantId: tenants.second, slug: 'guard-second', name: 'Guard second' },
      role: 'tenant_viewer',
      csrfToken: me.csrf,
    });
    expect(data.memberships.map((m: { tenantId: string; role: string }) => [m.tenantId, m.role])).toEqual([
      [tenants.main, 'tenant_owner'],
      [tenants.second, 'tenant_viewer'],
    ]);
    expect((await json(await call('GET', '/api/test/read', { as: me }))).data).toMatchObject({
      tenantId: tenants.second,
      role: 'tenant_viewer',
    });
    // A viewer now: writes are refused in this workspace.
    await expectError(await call('POST', '/api/test/write', { as: me, body: { name: 'x' } }), 403, 'FORBIDDEN');
  });
});

describe('POST /api/session/logout', () => {
  it('needs CSRF, revokes the session, clears the cookie; the next request is AUTH_REQUIRED', async () => {
    const me = await signIn([['main', 'tenant_viewer']]);
    await expectError(await call('POST', '/api/session/logout', { as: me, csrf: false }), 403, 'CSRF_INVALID');
    const res = await call('POST', '/api/session/logout', { as: me });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ loggedOut: true });
    expect(res.headers.getSetCookie()).toContain(
      '__Host-service_session=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0',
    );
    await expectError(await call('GET', '/api/session', { as: me }), 401, 'AUTH_REQUIRED');
    const row = await h.identityStore.collection('sessions').findOne({ _id: me.sessionId });
    expect(row?.revokedAtMs).toEqual(expect.any(Number));
  });
});

describe('the guard runs before the body is read', () => {
  const postRaw = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

  it('answers AUTH_REQUIRED to an unauthenticated POST whose body is not JSON, or too large', async () => {
    await expectError(await postRaw('/api/services', '{bad'), 401, 'AUTH_REQUIRED');
    await expectError(await postRaw('/api/services', JSON.stringify({ x: 'y'.repeat(70_000) })), 401, 'AUTH_REQUIRED');
  });

  it('answers the auth error first for a signed-in caller too; the body error only once the guard passed', async () => {
    const viewer = await signIn([['main', 'tenant_viewer']]);
    await expectError(
      await postRaw('/api/services', '{bad', { cookie: viewer.cookie, 'x-service-csrf': viewer.csrf }),
      403,
      'FORBIDDEN',
    );
    const owner = await signIn([['main', 'tenant_owner']]);
    await expectError(await postRaw('/api/services', '{bad', { cookie: owner.cookie }), 403, 'CSRF_INVALID');
    const bad = await expectError(
      await postRaw('/api/services', '{bad', { cookie: owner.cookie, 'x-service-csrf': owner.csrf }),
      400,
      'VALIDATION_ERROR',
    );
    expect(bad.error.details).toEqual([{ path: 'body', message: 'The request body is not valid JSON.' }]);
  });

  it('checks a body tenantId after the role, and before the body schema', async () => {
    const viewer = await signIn([['main', 'tenant_viewer']]);
    await expectError(
      await call('POST', '/api/test/write', { as: viewer, body: { name: 'x', tenantId: tenants.main } }),
      403,
      'FORBIDDEN',
    );
    const owner = await signIn([['main', 'tenant_owner']]);
    const res = await expectError(
      await call('POST', '/api/test/write', { as: owner, body: { tenantId: tenants.main, unknown: 1 } }),
      400,
      'VALIDATION_ERROR',
    );
    expect(res.error.details.map((d: { path: string }) => d.path)).toEqual(['body.tenantId']);
  });
});

describe('OpenAPI security of the session routes', () => {
  it('documents the CSRF header wherever the guard checks it', async () => {
    const doc = await json(await fetch(`${base}/openapi.json`));
    expect(doc.paths['/api/session'].get.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/session/workspace'].post.security).toEqual([{ sessionCookie: [], csrfHeader: [] }]);
    expect(doc.paths['/api/session/logout'].post.security).toEqual([{ sessionCookie: [], csrfHeader: [] }]);
    expect(doc.paths['/api/test/read'].get.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/test/write'].post.security).toEqual([{ sessionCookie: [], csrfHeader: [] }]);
  });
});

describe('cost of a dashboard request', () => {
  it('the guard reads the session and the membership, and asks the catalog for the tenant once', async () => {
    const me = await signIn([['main', 'tenant_owner']]);
    h.resetTraffic();
    expect((await call('GET', '/api/test/read', { as: me })).status).toBe(200);
    expect(h.traffic()).toEqual({ storeReads: { sessions: 1, memberships: 1 }, getTenant: 1 });
  });

  it('GET /api/tenant answers the tenant the guard fetched, without a second GetTenant', async () => {
    const me = await signIn([['main', 'tenant_viewer']]);
    h.resetTraffic();
    const res = await call('GET', '/api/tenant', { as: me });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ tenantId: tenants.main, slug: 'guard-main', status: 'active' });
    expect(h.traffic().getTenant).toBe(1);
  });

  it('GET /api/session loads the user once and each workspace once', async () => {
    const me = await signIn([
      ['main', 'tenant_owner'],
      ['second', 'tenant_viewer'],
    ]);
    h.resetTraffic();
    const res = await call('GET', '/api/session', { as: me });
    expect(res.status).toBe(200);
    expect((await json(res)).data.user).toEqual({ userId: me.userId, email: me.email, name: expect.any(String) });
    // Guard: session + membership; view: user + memberships list.
    expect(h.traffic()).toEqual({ storeReads: { sessions: 1, memberships: 2, users: 1 }, getTenant: 2 });
  });

  it('logout does not ask the catalog at all', async () => {
    const me = await signIn([['main', 'tenant_viewer']]);
    h.resetTraffic();
    expect((await call('POST', '/api/session/logout', { as: me })).status).toBe(200);
    expect(h.traffic()).toEqual({ storeReads: { sessions: 1, memberships: 1 }, getTenant: 0 });
  });
});

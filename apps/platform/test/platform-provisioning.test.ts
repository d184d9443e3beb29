// Platform provisioning over real HTTP on the embedded platform (docs/api-conventions.md
// "Platform API", docs/decisions.md "Platform provisioning"): a pk_live_ key made by the operator
// CLI (the built apps/admin, as an operator runs it), tenants opened with their owner, their API
// keys minted, used on /v1 and revoked, suspend and reactivate, the credentials never standing in
// for one another, bad input, the Idempotency-Key of a create, the audit records and the key's
// own rate limit. Every write's audit record is checked by the fixture's cleanup (audit-check.ts).

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@svc/crypto';
import { storeConfigFor } from '@svc/config';
import { PLATFORM_KEYS, PLATFORM_TENANT_CREATES } from '@svc/identity';
import { openStore } from '@svc/store';
import { json, repoRoot } from '@svc/testing';
import { dataOf, errorOf, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const execFileAsync = promisify(execFile);
type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

/** `admin <args…>` against the platform's DATA_DIR: its one JSON line (asynchronous: the platform runs here). */
async function admin(platform: TestPlatform, ...args: string[]) {
  const { stdout, stderr } = await execFileAsync(
    process.execPath,
    [join(repoRoot(), 'apps/admin/dist/main.js'), ...args],
    {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: platform.dataDir },
    },
  );
  expect(stderr).toBe('');
  return { stdout, data: JSON.parse(stdout) };
}

/** A request with `Authorization: Bearer <secret>` (none for null), a JSON body when given, further headers. */
function bearer(base: string, secret: string | null) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        ...(secret === null ? {} : { authorization: `Bearer ${secret}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

const tenantBody = (slug: string, ownerEmail = `owner@${slug}.test`) => ({
  slug,
  name: `Tenant ${slug}`,
  timezone: 'Europe/Berlin',
  ownerEmail,
});

let platform: TestPlatform;
let stores: PlatformStores;
let key: { platformKeyId: string; prefix: string; secret: string };
let api: ReturnType<typeof bearer>;
/** The tenant the describe blocks below share: opened by the first test. */
let tenant: { tenantId: string; slug: string };

beforeAll(async () => {
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  key = (await admin(platform, 'platformkey:create', '--name', 'reseller')).data;
  api = bearer(platform.url, key.secret);
});
afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
});

describe('platform keys (operator CLI)', () => {
  it('are made by the CLI only, shown once, kept as their SHA-256', async () => {
    expect(key).toEqual({
      platformKeyId: expect.stringMatching(/^plk_/),
      prefix: key.secret.slice(0, 12),
      secret: expect.stringMatching(/^pk_live_[A-Za-z0-9_-]{43}$/),
    });
    const listed = await admin(platform, 'platformkey:list');
    expect(listed.data.items).toContainEqual(
      expect.objectContaining({
        platformKeyId: key.platformKeyId,
        name: 'reseller',
        prefix: key.prefix,
        status: 'active',
      }),
    );
    expect(listed.stdout).not.toContain(key.secret);
    const doc = (await stores.raw('identity', PLATFORM_KEYS)).find((d) => d._id === key.platformKeyId);
    expect(doc?.secretHash).toBe(sha256Hex(key.secret));
    expect(JSON.stringify(doc)).not.toContain(key.secret);
    // No HTTP route makes one, with any credential.
    const openapi = await json(await fetch(`${platform.url}/openapi.json`));
    expect(Object.keys(openapi.paths).filter((p) => /platform-?keys?/i.test(p))).toEqual([]);
  });

  it('a revoked key is refused at once', async () => {
    const other = (await admin(platform, 'platformkey:create', '--name', 'short-lived')).data;
    expect((await bearer(platform.url, other.secret)('GET', '/platform/v1/tenants')).status).toBe(200);
    const revoked = await admin(platform, 'platformkey:revoke', '--id', other.platformKeyId);
    expect(revoked.data).toMatchObject({ platformKeyId: other.platformKeyId, status: 'revoked' });
    const refused = await bearer(platform.url, other.secret)('GET', '/platform/v1/tenants');
    expect(await errorOf(refused)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    const listed = (await admin(platform, 'platformkey:list')).data.items;
    expect(listed.find((k: { platformKeyId: string }) => k.platformKeyId === other.platformKeyId)).toMatchObject({
      status: 'revoked',
      revokedAtMs: expect.any(Number),
    });
  });
});

describe('tenants', () => {
  it('creates a tenant with its owner, who signs in to its dashboard', async () => {
    const made = await dataOf(
      await api('POST', '/platform/v1/tenants', tenantBody('reseller-one', 'Owner@Reseller-One.test')),
      201,
    );
    expect(made).toMatchObject({
      tenantId: expect.stringMatching(/^ten_/),
      slug: 'reseller-one',
      name: 'Tenant reseller-one',
      status: 'active',
      timezone: 'Europe/Berlin',
      locale: 'en',
      owner: { userId: expect.stringMatching(/^usr_/), email: 'owner@reseller-one.test' },
      idempotentReplay: false,
    });
    tenant = made;
    const { owner: _owner, idempotentReplay: _replay, ...record } = made;
    expect(await dataOf(await api('GET', `/platform/v1/tenants/${tenant.tenantId}`), 200)).toEqual(record);

    // The owner's sign-in link, as the operator prints it, ends in a session of that tenant.
    const link = (
      await admin(platform, 'session:link', '--tenant', 'reseller-one', '--email', 'owner@reseller-one.test')
    ).data.url;
    const signIn = await fetch(link, { redirect: 'manual' });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const session = await dataOf(await fetch(`${platform.url}/api/session`, { headers: { cookie } }), 200);
    expect(session).toMatchObject({
      user: { email: 'owner@reseller-one.test' },
      tenant: { tenantId: tenant.tenantId, slug: 'reseller-one' },
      role: 'tenant_owner',
    });
  });

  it('lists every tenant, paged', async () => {
    await dataOf(await api('POST', '/platform/v1/tenants', { ...tenantBody('reseller-two'), locale: 'de-CH' }), 201);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ slug: string }>; nextCursor: string | null } = await dataOf(
        await api('GET', `/platform/v1/tenants?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
        200,
      );
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((t) => t.slug));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expect.arrayContaining(['reseller-one', 'reseller-two']));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("mints a tenant's key that works on /v1, lists it without its secret, and revokes it", async () => {
    const minted = await dataOf(
      await api('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, { name: 'ci', scopes: ['branding:read'] }),
      201,
    );
    expect(minted).toMatchObject({
      apiKey: { apiKeyId: expect.stringMatching(/^key_/), tenantId: tenant.tenantId, scopes: ['branding:read'] },
      secret: expect.stringMatching(/^sk_live_/),
    });
    const v1 = bearer(platform.url, minted.secret);
    const branding = () => v1('GET', '/v1/branding', undefined, { 'x-service-tenant-id': tenant.tenantId });
    expect((await dataOf(await branding(), 200)).displayName).toBe('');

    const listRes = await api('GET', `/platform/v1/tenants/${tenant.tenantId}/api-keys`);
    const text = await listRes.clone().text();
    expect((await dataOf(listRes, 200)).items).toContainEqual(
      expect.objectContaining({
        apiKeyId: minted.apiKey.apiKeyId,
        prefix: minted.secret.slice(0, 12),
        status: 'active',
      }),
    );
    expect(text).not.toContain(minted.secret);

    const revoked = await dataOf(
      await api('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys/${minted.apiKey.apiKeyId}/revoke`),
      200,
    );
    expect(revoked).toMatchObject({ apiKeyId: minted.apiKey.apiKeyId, status: 'revoked' });
    expect(await errorOf(await branding())).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
  });

  it('suspend makes its /v1 answer TENANT_INACTIVE; reactivate restores it', async () => {
    const minted = await dataOf(
      await api('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
        name: 'sync',
        scopes: ['branding:read'],
      }),
      201,
    );
    const branding = () =>
      bearer(platform.url, minted.secret)('GET', '/v1/branding', undefined, { 'x-service-tenant-id': tenant.tenantId });
    expect((await branding()).status).toBe(200);

    const suspended = await dataOf(await api('POST', `/platform/v1/tenants/${tenant.tenantId}/suspend`), 200);
    expect(suspended).toMatchObject({ tenantId: tenant.tenantId, status: 'suspended' });
    expect(await errorOf(await branding())).toMatchObject({ status: 403, code: 'TENANT_INACTIVE' });
    expect(await errorOf(await fetch(`${platform.url}/book/reseller-one/config`))).toMatchObject({
      status: 403,
      code: 'TENANT_INACTIVE',
    });
    // The platform still sees it, as it is.
    expect(await dataOf(await api('GET', `/platform/v1/tenants/${tenant.tenantId}`), 200)).toMatchObject({
      status: 'suspended',
    });

    const reactivated = await dataOf(await api('POST', `/platform/v1/tenants/${tenant.tenantId}/reactivate`), 200);
    expect(reactivated).toMatchObject({ tenantId: tenant.tenantId, status: 'active' });
    expect((await branding()).status).toBe(200);
  });

  it('an Idempotency-Key answers the same tenant to a retry; another body with it is a conflict', async () => {
    const first = await dataOf(
      await api('POST', '/platform/v1/tenants', tenantBody('reseller-idem'), { 'idempotency-key': 'open-idem-1' }),
      201,
    );
    const again = await dataOf(
      await api('POST', '/platform/v1/tenants', tenantBody('reseller-idem'), { 'idempotency-key': 'open-idem-1' }),
      200,
    );
    expect(again).toMatchObject({ tenantId: first.tenantId, owner: first.owner, idempotentReplay: true });
    const other = await api('POST', '/platform/v1/tenants', tenantBody('reseller-idem-2'), {
      'idempotency-key': 'open-idem-1',
    });
    expect(await errorOf(other)).toMatchObject({ status: 409, code: 'BOOKING_IDEMPOTENCY_CONFLICT' });
    // Without the key, the retry finds the slug taken.
    expect(await errorOf(await api('POST', '/platform/v1/tenants', tenantBody('reseller-idem')))).toMatchObject({
      status: 400,
      details: [{ path: 'body.slug', message: 'is already used by another tenant' }],
    });
    // A refused create gives its key up: the corrected body may use it.
    const refused = await api('POST', '/platform/v1/tenants', tenantBody('reseller-idem'), {
      'idempotency-key': 'open-idem-2',
    });
    expect(refused.status).toBe(400);
    const corrected = await api('POST', '/platform/v1/tenants', tenantBody('reseller-idem-3'), {
      'idempotency-key': 'open-idem-2',
    });
    expect((await dataOf(corrected, 201)).slug).toBe('reseller-idem-3');
  });
});

describe('a create whose process stopped between the tenant and its Idempotency-Key record', () => {
  /**
   * The key's record as the gateway writes it before asking for the tenant (identity store
   * `platform_tenant_creates`, docs/decisions.md "Platform provisioning"), left unfinished as by a
   * process that died before completing it: the only write this file makes behind the API. The
   * body is written with its keys sorted, so its JSON is the canonical form the fingerprint hashes.
   */
  async function unfinishedKey(idempotencyKey: string, body: ReturnType<typeof tenantBody>) {
    const store = await openStore(storeConfigFor('identity', { PROFILE: 'embedded', DATA_DIR: platform.dataDir }));
    try {
      await store.collection(PLATFORM_TENANT_CREATES).insertOne({
        _id: sha256Hex(`${key.platformKeyId}\n${idempotencyKey}`),
        platformKeyId: key.platformKeyId,
        fingerprint: sha256Hex(JSON.stringify(body)),
        slug: body.slug,
        tenantId: null,
        createdAtMs: Date.now(),
      });
    } finally {
      await store.close();
    }
  }
  const sorted = (slug: string, ownerEmail: string) => ({
    name: `Tenant ${slug}`,
    ownerEmail,
    slug,
    timezone: 'Europe/Berlin',
  });

  it('the retry takes the tenant that request made (its owner its only member)', async () => {
    await unfinishedKey('half-1', sorted('half-made', 'owner@half-made.test'));
    // What the stopped request had done: the tenant with its owner (the same function the CLI runs).
    const made = (
      await admin(
        platform,
        'tenant:create',
        '--slug',
        'half-made',
        '--name',
        'Tenant half-made',
        '--timezone',
        'Europe/Berlin',
        '--owner-email',
        'owner@half-made.test',
      )
    ).data;
    const retry = await dataOf(
      await api('POST', '/platform/v1/tenants', tenantBody('half-made'), { 'idempotency-key': 'half-1' }),
      200,
    );
    expect(retry).toMatchObject({
      tenantId: made.tenantId,
      owner: { userId: made.ownerUserId },
      idempotentReplay: true,
    });
    // Completed now: the next retry is a plain replay.
    const again = await api('POST', '/platform/v1/tenants', tenantBody('half-made'), { 'idempotency-key': 'half-1' });
    expect((await dataOf(again, 200)).tenantId).toBe(made.tenantId);
  });

  it("never another caller's tenant of that slug: the retry finds the slug taken", async () => {
    await unfinishedKey('half-2', sorted('half-taken', 'owner@half-taken.test'));
    await admin(
      platform,
      'tenant:create',
      '--slug',
      'half-taken',
      '--name',
      'Someone else',
      '--timezone',
      'Europe/Berlin',
      '--owner-email',
      'someone@elsewhere.test',
    );
    const retry = await api('POST', '/platform/v1/tenants', tenantBody('half-taken'), { 'idempotency-key': 'half-2' });
    expect(await errorOf(retry)).toMatchObject({
      status: 400,
      details: [{ path: 'body.slug', message: 'is already used by another tenant' }],
    });
    // The retry's owner did not become a member of the other tenant.
    await expect(
      admin(platform, 'session:create', '--tenant', 'half-taken', '--email', 'owner@half-taken.test'),
    ).rejects.toThrow(/is not a member of half-taken/);
  });
});

describe('what each credential opens', () => {
  it('the platform key is refused on /v1 and /api as an unknown key', async () => {
    const v1 = await api('GET', '/v1/branding', undefined, { 'x-service-tenant-id': tenant.tenantId });
    expect(await errorOf(v1)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    for (const path of ['/v1/bookings', '/v1/customers']) {
      const res = await api('GET', path, undefined, { 'x-service-tenant-id': tenant.tenantId });
      expect(await errorOf(res), path).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    }
    for (const path of ['/api/tenant', '/api/bookings', '/api/customers']) {
      expect(await errorOf(await api('GET', path)), path).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    }
    const mcp = await api('POST', `/mcp/${tenant.tenantId}`, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(await errorOf(mcp)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
  });

  it('a partner key, a session or nothing is refused on /platform/v1', async () => {
    const minted = await dataOf(
      await api('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
        name: 'partner',
        scopes: ['catalog:read'],
      }),
      201,
    );
    const session = (
      await admin(platform, 'session:create', '--tenant', 'reseller-one', '--email', 'owner@reseller-one.test')
    ).data;
    const attempts: Array<[string, Record<string, string>]> = [
      ['sk_live_ key', { authorization: `Bearer ${minted.secret}`, 'x-service-tenant-id': tenant.tenantId }],
      ['session', { cookie: session.cookie, 'x-service-csrf': session.csrfToken }],
      ['nothing', {}],
      ['a pk_live_ key of the right shape that was never made', { authorization: `Bearer pk_live_${'A'.repeat(43)}` }],
    ];
    for (const [what, headers] of attempts) {
      for (const [method, path] of [
        ['GET', '/platform/v1/tenants'],
        ['GET', `/platform/v1/tenants/${tenant.tenantId}`],
        ['POST', `/platform/v1/tenants/${tenant.tenantId}/suspend`],
      ] as const) {
        const res = await fetch(`${platform.url}${path}`, { method, headers });
        expect(await errorOf(res), `${what}: ${method} ${path}`).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
      }
    }
    expect((await dataOf(await api('GET', `/platform/v1/tenants/${tenant.tenantId}`), 200)).status).toBe('active');
  });

  it("reaches no tenant's bookings, customers or catalog: the document's platform operations are these", async () => {
    const doc = await json(await fetch(`${platform.url}/openapi.json`));
    const operations = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown }>>)
      .filter(([path]) => path.startsWith('/platform/'))
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ op: `${method} ${path}`, ...op })));
    expect(operations.map((o) => o.op).sort()).toEqual([
      'get /platform/v1/tenants',
      'get /platform/v1/tenants/{tenantId}',
      'get /platform/v1/tenants/{tenantId}/api-keys',
      'post /platform/v1/tenants',
      'post /platform/v1/tenants/{tenantId}/api-keys',
      'post /platform/v1/tenants/{tenantId}/api-keys/{apiKeyId}/revoke',
      'post /platform/v1/tenants/{tenantId}/reactivate',
      'post /platform/v1/tenants/{tenantId}/suspend',
    ]);
    for (const o of operations) expect(o.security, o.op).toEqual([{ platformKey: [] }]);
    expect(doc.components.securitySchemes.platformKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // No other route takes the platform key.
    const others = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>).filter(
      ([path, item]) =>
        !path.startsWith('/platform/') &&
        Object.values(item).some((op) => JSON.stringify(op.security ?? []).includes('platformKey')),
    );
    expect(others).toEqual([]);
    expect(await errorOf(await api('GET', `/platform/v1/tenants/${tenant.tenantId}/bookings`))).toMatchObject({
      status: 404,
    });
  });
});

describe('bad input', () => {
  it('answers VALIDATION_ERROR with the paths of what is wrong', async () => {
    const res = await api('POST', '/platform/v1/tenants', {
      slug: 'Bad Slug',
      name: ' ',
      timezone: 'Mars/Olympus',
      ownerEmail: 'not-an-email',
      plan: 'gold',
    });
    const error = await errorOf(res);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const paths = (error.details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.slug', 'body.name', 'body.timezone', 'body.ownerEmail']));
    expect(
      await errorOf(await api('POST', '/platform/v1/tenants', { ...tenantBody('fine'), plan: 'gold' })),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    const missing = await errorOf(await api('POST', '/platform/v1/tenants', { slug: 'x-missing' }));
    expect((missing.details as Array<{ path: string }>).map((d) => d.path)).toEqual(
      expect.arrayContaining(['body.name', 'body.timezone', 'body.ownerEmail']),
    );
    const badKey = await api('POST', '/platform/v1/tenants', tenantBody('bad-idem'), {
      'idempotency-key': 'k'.repeat(256),
    });
    expect(await errorOf(badKey)).toMatchObject({
      status: 400,
      details: [expect.objectContaining({ path: 'headers.idempotency-key' })],
    });
  });

  it('a taken slug is VALIDATION_ERROR at body.slug, as the catalog says it', async () => {
    const res = await api('POST', '/platform/v1/tenants', tenantBody('reseller-one', 'someone@else.test'));
    expect(await errorOf(res)).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.slug', message: 'is already used by another tenant' }],
    });
  });

  it('bad and unknown ids, scopes and keys of another tenant', async () => {
    expect(await errorOf(await api('GET', '/platform/v1/tenants/not-an-id'))).toMatchObject({
      status: 400,
      details: [expect.objectContaining({ path: 'params.tenantId' })],
    });
    for (const [method, path] of [
      ['GET', '/platform/v1/tenants/ten_nobody'],
      ['POST', '/platform/v1/tenants/ten_nobody/suspend'],
      ['POST', '/platform/v1/tenants/ten_nobody/reactivate'],
      ['GET', '/platform/v1/tenants/ten_nobody/api-keys'],
    ] as const) {
      expect(await errorOf(await api(method, path)), path).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    const mintNowhere = await api('POST', '/platform/v1/tenants/ten_nobody/api-keys', {
      name: 'x',
      scopes: ['catalog:read'],
    });
    expect(await errorOf(mintNowhere)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // An unknown scope, and every scope that reads bookings, customers, messages or webhook events:
    // those are the owner's to grant (docs/decisions.md "Platform provisioning").
    for (const scope of [
      'booking:delete',
      '*',
      'booking:read',
      'customer:read',
      'notification:read',
      'webhook:write',
    ]) {
      const badScopes = await api('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
        name: 'x',
        scopes: ['catalog:read', scope],
      });
      expect(await errorOf(badScopes), scope).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        details: [expect.objectContaining({ path: 'body.scopes.1' })],
      });
    }
    const [other] = (await dataOf(await api('GET', '/platform/v1/tenants?limit=100'), 200)).items.filter(
      (t: { slug: string }) => t.slug === 'reseller-two',
    );
    const otherKey = await dataOf(
      await api('POST', `/platform/v1/tenants/${other.tenantId}/api-keys`, {
        name: 'theirs',
        scopes: ['catalog:write'],
      }),
      201,
    );
    const crossed = await api(
      'POST',
      `/platform/v1/tenants/${tenant.tenantId}/api-keys/${otherKey.apiKey.apiKeyId}/revoke`,
    );
    expect(await errorOf(crossed)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe("the tenant's audit log", () => {
  it("records the platform's changes to the tenant, the platform key as actor", async () => {
    const session = (
      await admin(platform, 'session:create', '--tenant', 'reseller-one', '--email', 'owner@reseller-one.test')
    ).data;
    const events = await dataOf(
      await fetch(`${platform.url}/api/audit-events?actorId=${key.platformKeyId}&limit=100`, {
        headers: { cookie: session.cookie },
      }),
      200,
    );
    const mine = (events.items as Array<{ operation: string; outcome: string }>).filter(
      (e) => e.outcome === 'succeeded',
    );
    const actor = { type: 'platform_key', id: key.platformKeyId, role: null };
    for (const e of mine) expect(e).toMatchObject({ tenantId: tenant.tenantId, actor, surface: 'platform' });
    expect(new Set(mine.map((e) => e.operation))).toEqual(
      new Set([
        'platformCreateTenant',
        'platformCreateApiKey',
        'platformPostTenantsApiKeysRevoke',
        'platformPostTenantsSuspend',
        'platformPostTenantsReactivate',
      ]),
    );
    // The create is in the tenant it made, naming its owner.
    const [created] = (events.items as Array<{ operation: string; targetIds: string[] }>).filter(
      (e) => e.operation === 'platformCreateTenant',
    );
    expect(created?.targetIds).toContain(
      (await dataOf(await fetch(`${platform.url}/api/session`, { headers: { cookie: session.cookie } }), 200)).user
        .userId,
    );
  });
});

describe("the platform key's own rate limit", () => {
  let limited: TestPlatform;
  beforeAll(async () => {
    limited = await startTestPlatform({ RATE_LIMITS: 'on', RATE_LIMIT_PLATFORM_PER_KEY: 3 });
  });
  afterAll(async () => {
    await limited?.cleanup();
  });

  it('answers RATE_LIMITED with Retry-After past its setting; each key has its own budget', async () => {
    const one = bearer(limited.url, (await admin(limited, 'platformkey:create', '--name', 'one')).data.secret);
    const two = bearer(limited.url, (await admin(limited, 'platformkey:create', '--name', 'two')).data.secret);
    for (let i = 1; i <= 3; i++) {
      const res = await one('GET', '/platform/v1/tenants');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(3 - i));
    }
    const refused = await one('GET', '/platform/v1/tenants');
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await two('GET', '/platform/v1/tenants')).status).toBe(200);
  });
});

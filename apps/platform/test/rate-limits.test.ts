// Rate and abuse limits over real HTTP (docs/decisions.md "Rate and abuse limits"): the public
// create's per-IP and per-tenant budgets, availability, the manage link and the partner key, the
// RateLimit-* and Retry-After headers; two gateway processes sharing one real Redis share one
// budget, and what each route does when that Redis is gone; RATE_LIMITS=off lifts every limit.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, json, redisMissing, repoRoot, serverGate, startRedis, type RedisServer } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { book, dashboard, errorOf, platformStores, slotSequence, type PlatformStores } from './dashboard-fixture.js';
import { createKey, partner } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const DAY = 86_400_000;
let n = 0;
const createBody = (startsAtMs: number) => {
  const i = ++n;
  return JSON.stringify({
    serviceSlug: 'checkup',
    startsAtMs,
    customer: { name: `Limited ${i}`, primaryEmail: `limited${i}@example.test` },
  });
};
/** A public create from `ip` (X-Forwarded-For, trusted one hop) or from the TCP peer. */
const create = (base: string, tenant: string, startsAtMs: number, ip?: string) =>
  fetch(`${base}/book/${tenant}/bookings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': `limits-${process.pid}-${n + 1}`,
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: createBody(startsAtMs),
  });
const limitHeaders = (res: Response) => ({
  limit: res.headers.get('ratelimit-limit'),
  remaining: res.headers.get('ratelimit-remaining'),
  reset: res.headers.get('ratelimit-reset'),
  retryAfter: res.headers.get('retry-after'),
});

describe('limits in memory (embedded profile)', () => {
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  const nextSlot = slotSequence(berlinTime);

  beforeAll(async () => {
    platform = await startTestPlatform({
      RATE_LIMITS: 'on',
      TRUST_PROXY: 1,
      RATE_LIMIT_CREATE_PER_TENANT: 30,
      RATE_LIMIT_MANAGE_PER_IP: 5,
      RATE_LIMIT_PARTNER_PER_KEY: 4,
    });
    await seedTenant(platform.services.catalog.address, 'limits');
    await seedTenant(platform.services.catalog.address, 'busy');
    await seedTenant(platform.services.catalog.address, 'quiet');
  });
  afterAll(() => platform?.cleanup());

  it('the 21st public create in a minute from one IP is RATE_LIMITED 429 with Retry-After', async () => {
    for (let i = 1; i <= 20; i++) {
      const res = await create(platform.url, 'limits', nextSlot(), '203.0.113.1');
      expect(res.status, await res.clone().text()).toBe(201);
      expect(limitHeaders(res)).toMatchObject({ limit: '20', remaining: String(20 - i), retryAfter: null });
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    }
    const refused = await create(platform.url, 'limits', nextSlot(), '203.0.113.1');
    const headers = limitHeaders(refused);
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(headers).toMatchObject({ limit: '20', remaining: '0' });
    expect(Number(headers.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(headers.retryAfter)).toBeLessThanOrEqual(60);
    // Another client is not held back by it.
    expect((await create(platform.url, 'limits', nextSlot(), '203.0.113.9')).status).toBe(201);
  });

  it('a tenant takes at most its own budget of creates a minute, whatever the IPs', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await create(platform.url, 'busy', nextSlot(), `198.51.100.${1 + (i % 3)}`);
      expect(res.status).toBe(201);
    }
    const refused = await create(platform.url, 'busy', nextSlot(), '198.51.100.77');
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(limitHeaders(refused)).toMatchObject({ limit: '30', remaining: '0' });
    // The same new IP still books at another tenant.
    expect((await create(platform.url, 'quiet', nextSlot(), '198.51.100.77')).status).toBe(201);
  });

  it('availability and the manage link send the headers and keep their own budgets', async () => {
    const from = berlinTime(3, 0);
    const avail = await fetch(
      `${platform.url}/book/limits/availability?serviceSlug=checkup&fromMs=${from}&toMs=${from + DAY}`,
      { headers: { 'x-forwarded-for': '192.0.2.5' } },
    );
    expect(avail.status).toBe(200);
    expect(limitHeaders(avail)).toMatchObject({ limit: '120', remaining: '119' });
    // Unlimited routes send none.
    const health = await fetch(`${platform.url}/health`);
    expect(health.headers.get('ratelimit-limit')).toBeNull();

    const { manageToken } = await book(platform.url, 'quiet', nextSlot());
    const view = () =>
      fetch(`${platform.url}/booking/manage/${manageToken}`, { headers: { 'x-forwarded-for': '192.0.2.6' } });
    for (let i = 0; i < 5; i++) expect((await view()).status).toBe(200);
    const refused = await view();
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a partner key has its own budget, counted after the key is verified', async () => {
    const stores = await platformStores(platform);
    try {
      const { tenantId: id } = await seedTenant(platform.services.catalog.address, 'keyed');
      const owner = await stores.session(id, 'tenant_owner');
      const a = partner(platform.url, (await createKey(platform.url, owner, ['*'])).secret, id);
      const b = partner(platform.url, (await createKey(platform.url, owner, ['*'])).secret, id);
      for (let i = 1; i <= 4; i++) {
        const res = await a('GET', '/v1/bookings');
        expect(res.status).toBe(200);
        expect(limitHeaders(res)).toMatchObject({ limit: '4', remaining: String(4 - i) });
      }
      expect(await errorOf(await a('GET', '/v1/bookings'))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect((await b('GET', '/v1/bookings')).status).toBe(200);
      // An unknown key is refused before any budget is charged.
      const stranger = partner(platform.url, `sk_live_${'x'.repeat(43)}`, id);
      for (let i = 0; i < 6; i++) expect((await stranger('GET', '/v1/bookings')).status).toBe(401);
    } finally {
      await stores.close();
    }
  });
});

describe('limits in memory: clients, pages, logins, dashboard writes, replays, MCP batches', () => {
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  let stores: PlatformStores;
  let tenantId = '';

  beforeAll(async () => {
    platform = await startTestPlatform({
      RATE_LIMITS: 'on',
      TRUST_PROXY: 1,
      RATE_LIMIT_PARTNER_PER_KEY: 4,
      RATE_LIMIT_PAGES_PER_IP: 4,
      RATE_LIMIT_LOGIN_PER_IP: 3,
      RATE_LIMIT_DASHBOARD_WRITES_PER_USER: 3,
      RATE_LIMIT_REPLAY_PER_TENANT: 2,
    });
    stores = await platformStores(platform);
    ({ tenantId } = await seedTenant(platform.services.catalog.address, 'abuse'));
  });
  afterAll(async () => {
    await stores?.close();
    await platform?.cleanup();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('an IPv6 client is its /64: two addresses of one /64 share one budget, the next /64 has its own', async () => {
    const page = (ip: string) => fetch(`${platform.url}/book/abuse/config`, { headers: from(ip) });
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:a:b:c:d', '2001:db8:1:2::1']) {
      expect((await page(ip)).status, ip).toBe(200);
    }
    const refused = await page('2001:db8:1:2:ffff:ffff:ffff:fffe');
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(limitHeaders(refused)).toMatchObject({ limit: '4', remaining: '0' });
    expect((await page('2001:db8:1:3::1')).status).toBe(200);
    // An IPv4 address is itself, written as IPv4 or IPv4-mapped IPv6.
    for (let i = 0; i < 2; i++) expect((await page('192.0.2.44')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await page('::ffff:192.0.2.44')).status).toBe(200);
    expect((await page('192.0.2.44')).status).toBe(429);
    expect((await page('192.0.2.45')).status).toBe(200);
  });

  it('the booking page and its configuration share one budget per client', async () => {
    const ip = '203.0.113.60';
    for (let i = 0; i < 2; i++) {
      const html = await fetch(`${platform.url}/book/abuse`, { headers: { ...from(ip), accept: 'text/html' } });
      expect(html.status).toBe(200);
      expect((await fetch(`${platform.url}/book/abuse/config`, { headers: from(ip) })).status).toBe(200);
    }
    const refused = await fetch(`${platform.url}/book/abuse`, { headers: { ...from(ip), accept: 'text/html' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('a login start is limited per client before anything is done', async () => {
    const start = (ip: string) => fetch(`${platform.url}/auth/google/start`, { headers: from(ip), redirect: 'manual' });
    // No OIDC client here: each start gets as far as CONFIG_MISSING, and each is counted.
    for (let i = 1; i <= 3; i++) {
      const res = await start('198.51.100.30');
      expect(await errorOf(res)).toMatchObject({ status: 500, code: 'CONFIG_MISSING' });
      expect(limitHeaders(res)).toMatchObject({ limit: '3', remaining: String(3 - i) });
    }
    expect(await errorOf(await start('198.51.100.30'))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await start('198.51.100.31')).status).toBe(500);
  });

  it('dashboard writes are limited per signed-in user across sessions; reads and signing out are not counted', async () => {
    // Two sessions of one user share the budget: signing in again does not refill it.
    const email = 'busy-writer@dashboard.test';
    const laptop = await stores.session(tenantId, 'tenant_owner', email);
    const phone = await stores.session(tenantId, 'tenant_owner', email);
    const first = dashboard(platform.url, laptop);
    const second = dashboard(platform.url, phone);
    const colleague = dashboard(platform.url, await stores.session(tenantId, 'tenant_admin'));
    const write = (as: typeof first, n: number) => as('POST', '/api/customers', { name: `Walk-in ${n}` });
    for (let i = 1; i <= 3; i++) {
      const res = await write(i % 2 ? first : second, i);
      expect(res.status).toBe(201);
      expect(limitHeaders(res)).toMatchObject({ limit: '3', remaining: String(3 - i) });
      expect((await first('GET', '/api/customers')).status).toBe(200);
    }
    for (const as of [first, second]) {
      expect(await errorOf(await write(as, 4))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    }
    expect((await first('GET', '/api/customers')).status).toBe(200);
    expect((await write(colleague, 5)).status).toBe(201);
    // The refused writes wrote nothing.
    const names = (await json(await colleague('GET', '/api/customers?limit=100'))).data.items.map(
      (c: { name: string }) => c.name,
    );
    expect(names.sort()).toEqual(['Walk-in 1', 'Walk-in 2', 'Walk-in 3', 'Walk-in 5']);
    // A user over the budget can still sign out.
    expect((await second('POST', '/api/session/logout')).status).toBe(200);
  });

  it('delivery replays are limited per tenant, whoever asks', async () => {
    const { tenantId: other } = await seedTenant(platform.services.catalog.address, 'abuse-other');
    const replay = async (tenant: string) =>
      dashboard(platform.url, await stores.session(tenant, 'tenant_owner'))(
        'POST',
        '/api/webhook-deliveries/whd_unknown/replay',
      );
    // Counted before the delivery is looked up: an unknown one costs the same.
    for (let i = 0; i < 2; i++) expect((await replay(tenantId)).status).toBe(404);
    expect(await errorOf(await replay(tenantId))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await replay(other)).status).toBe(404);
  });

  it('an MCP batch counts each message against the key; none of a refused batch runs; over 100 is refused uncounted', async () => {
    const owner = await stores.session(tenantId, 'tenant_owner');
    const mcp = (secret: string, body: unknown) =>
      fetch(`${platform.url}/mcp/${tenantId}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(body),
      });
    const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    const update = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'update_branding', arguments: { displayName: `Batch ${id}` } },
    });
    const displayName = async () =>
      (await json(await fetch(`${platform.url}/book/abuse/config`, { headers: from('192.0.2.200') }))).data.tenant
        .branding.displayName;

    // 700 messages at once: refused before counting (the SDK takes at most 100), nothing runs.
    const { secret: key } = await createKey(platform.url, owner, ['*']);
    const huge = await mcp(key, [...Array.from({ length: 699 }, (_, i) => list(i + 1)), update(700)]);
    expect(await errorOf(huge)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: [{ path: 'body' }] });
    expect(await displayName()).not.toMatch(/^Batch /);

    // Five messages against a budget of 4: RATE_LIMITED as a whole, the branding change in it not made.
    const over = await mcp(key, [list(1), list(2), list(3), list(4), update(5)]);
    expect(await errorOf(over)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await displayName()).not.toMatch(/^Batch /);

    // A batch within the budget runs, and uses as much of it as it has messages.
    const { secret: fresh } = await createKey(platform.url, owner, ['*']);
    const small = await mcp(fresh, [list(1), list(2), update(3)]);
    expect(small.status).toBe(200);
    expect(await json(small)).toHaveLength(3);
    expect(limitHeaders(small)).toMatchObject({ limit: '4', remaining: '1' });
    expect(await displayName()).toBe('Batch 3');
    // An empty body is a 400 envelope, not an MCP parse error.
    const empty = await fetch(`${platform.url}/mcp/${tenantId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fresh}`, 'content-type': 'application/json' },
    });
    expect(await errorOf(empty)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});

interface GatewayProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** The gateway's built main.js as its own process, in front of the test platform's services. */
async function startGatewayProcess(
  services: Record<string, { address: string }>,
  env: Record<string, string>,
): Promise<GatewayProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-proc-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot(), 'apps/gateway/dist/main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CATALOG_GRPC_ADDR: services.catalog!.address,
      BOOKING_GRPC_ADDR: services.booking!.address,
      CUSTOMER_GRPC_ADDR: services.customer!.address,
      WEBHOOKS_GRPC_ADDR: services['webhook-dispatcher']!.address,
      INTEGRATIONS_GRPC_ADDR: services.integrations!.address,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`gateway did not start:\n${out}`);
    const up = await fetch(`${url}/openapi.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.runIf(serverGate('Redis', redisMissing()))('two gateway processes and one Redis', () => {
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  let redis: RedisServer;
  const gateways: GatewayProcess[] = [];
  const nextSlot = slotSequence(berlinTime, 10);
  let sharedTenantId = '';

  beforeAll(async () => {
    platform = await startTestPlatform();
    redis = await startRedis();
    ({ tenantId: sharedTenantId } = await seedTenant(platform.services.catalog.address, 'shared'));
    for (let i = 0; i < 2; i++) {
      gateways.push(await startGatewayProcess(platform.services, { RATE_LIMIT_STORE: 'redis', REDIS_URL: redis.url }));
    }
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.stop()));
    await redis?.stop();
    await platform?.cleanup();
  });

  it('share one budget: 40 parallel creates spread over both book exactly 20, and the store holds exactly those', async () => {
    const [a, b] = gateways as [GatewayProcess, GatewayProcess];
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await create((i % 2 ? a : b).url, 'shared', nextSlot());
        return { status: res.status, body: await json(res), retryAfter: res.headers.get('retry-after') };
      }),
    );
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 429);
    expect(created).toHaveLength(20);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(r.body.error.code).toBe('RATE_LIMITED');
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    const stores = await platformStores(platform);
    try {
      const stored = (await stores.raw('booking', 'bookings')).filter((d) => d.tenantId === sharedTenantId);
      expect(stored.map((d) => d._id).sort()).toEqual(created.map((r) => r.body.data.booking.bookingId).sort());
    } finally {
      await stores.close();
    }
  });

  it('with Redis gone, public reads go on unlimited and the public create is refused with 503', async () => {
    await redis.stop();
    const [a] = gateways as [GatewayProcess];
    const from = berlinTime(12, 0);
    const avail = await fetch(
      `${a.url}/book/shared/availability?serviceSlug=checkup&fromMs=${from}&toMs=${from + DAY}`,
    );
    expect(avail.status).toBe(200);
    expect(avail.headers.get('ratelimit-limit')).toBeNull();
    const created = await create(a.url, 'shared', nextSlot());
    expect(await errorOf(created)).toMatchObject({ status: 503, code: 'BOOKING_POLICY_BLOCKED' });
    expect(a.output()).toContain('rate limit counters unreachable');
  });
});

describe('RATE_LIMITS=off', () => {
  it('lifts every limit, and the gateway says so when it starts', async () => {
    const platform = await startTestPlatform();
    const gateway = await startGatewayProcess(platform.services, { RATE_LIMITS: 'off' });
    try {
      await seedTenant(platform.services.catalog.address, 'unlimited');
      const nextSlot = slotSequence(berlinTime, 20);
      for (let i = 0; i < 25; i++) {
        const res = await create(gateway.url, 'unlimited', nextSlot());
        expect(res.status).toBe(201);
        expect(res.headers.get('ratelimit-limit')).toBeNull();
      }
      expect(gateway.output()).toContain('RATE_LIMITS=off');
    } finally {
      await gateway.stop();
      await platform.cleanup();
    }
  });
});

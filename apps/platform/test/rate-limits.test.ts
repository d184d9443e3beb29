// Rate and abuse limits over real HTTP (docs/decisions.md "Rate and abuse limits"): the public
// create's per-IP and per-tenant budgets, availability, the manage link and the partner key, the
// RateLimit-* and Retry-After headers; two gateway processes sharing one real Redis share one
// budget, and what each route does when that Redis is gone; RATE_LIMITS=off lifts every limit.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, redisMissing, repoRoot, serverGate, startRedis, type RedisServer } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { book, errorOf, platformStores, slotSequence } from './dashboard-fixture.js';
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
    const config = await fetch(`${platform.url}/book/limits/config`);
    expect(config.headers.get('ratelimit-limit')).toBeNull();

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

  beforeAll(async () => {
    platform = await startTestPlatform();
    redis = await startRedis();
    await seedTenant(platform.services.catalog.address, 'shared');
    for (let i = 0; i < 2; i++) {
      gateways.push(await startGatewayProcess(platform.services, { RATE_LIMIT_STORE: 'redis', REDIS_URL: redis.url }));
    }
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.stop()));
    await redis?.stop();
    await platform?.cleanup();
  });

  it('share one budget: 20 creates spread over both, then both refuse the 21st', async () => {
    const [a, b] = gateways as [GatewayProcess, GatewayProcess];
    for (let i = 1; i <= 20; i++) {
      const res = await create((i % 2 ? a : b).url, 'shared', nextSlot());
      expect(res.status, await res.clone().text()).toBe(201);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(20 - i));
    }
    for (const gateway of [a, b]) {
      const refused = await create(gateway.url, 'shared', nextSlot());
      expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
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

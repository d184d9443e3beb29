// Throughput and latency through the gateway on the embedded profile, beside a bare Fastify
// route measured in the same run (the ratio is what is comparable across machines).
// Run: npm run bench (from the repository root), or node apps/platform/dist/bench/gateway-bench.js
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { embeddedSecret, storeConfigFor } from '@svc/config';
import { csrfToken, SESSION_COOKIE } from '@svc/crypto';
import { ApiKeyStore, IdentityStore } from '@svc/identity';
import {
  gatewayConfigSchema,
  InMemoryCounters,
  RedisCounters,
  startGatewayFromConfig,
  type RunningGateway,
} from '@svc/gateway';
import { createLogger } from '@svc/telemetry';
import { redisMissing, startRedis, type RedisServer } from '@svc/testing';
import { openStore } from '@svc/store';
import { platformConfigSchema } from '../config.js';
import { startEmbeddedPlatform } from '../embedded-platform.js';
import { postBenchBooking, seedBenchTenant } from './bench-tenant.js';
import { runLoad, type LoadResult } from './load.js';

const CONCURRENCY = 16;
const DAY = 86_400_000;
const SLOT = 15 * 60_000;

/** An owner's dashboard session, minted the way the operator CLI does it: cookie and CSRF headers. */
async function ownerHeaders(dataDir: string, tenantId: string): Promise<Record<string, string>> {
  const store = await openStore(storeConfigFor('identity', { PROFILE: 'embedded', DATA_DIR: dataDir }));
  try {
    const identity = new IdentityStore(store);
    const user = await identity.findOrCreateUserByEmail('owner@bench.test', 'Owner');
    await identity.addMembership(user.userId, tenantId, 'tenant_owner');
    const session = await identity.createSession(user.userId, tenantId);
    return {
      cookie: `${SESSION_COOKIE}=${session.token}`,
      'x-service-csrf': csrfToken(embeddedSecret(dataDir, 'session'), session.sessionId, session.tokenHash),
      'content-type': 'application/json',
    };
  } finally {
    await store.close();
  }
}

/** A partner key with every scope, made in the gateway's identity store as the dashboard makes one. */
async function partnerHeaders(dataDir: string, tenantId: string): Promise<Record<string, string>> {
  const store = await openStore(storeConfigFor('identity', { PROFILE: 'embedded', DATA_DIR: dataDir }));
  try {
    const { secret } = await new ApiKeyStore(store).create(tenantId, 'bench', ['*']);
    return { authorization: `Bearer ${secret}`, 'x-service-tenant-id': tenantId, 'content-type': 'application/json' };
  } finally {
    await store.close();
  }
}

/** Median µs of `op` over `runs` calls, after a warm-up. */
async function microsPerCall(runs: number, op: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await op();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await op();
    times.push((performance.now() - t0) * 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function bareFastify(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  app.get('/bare', async (req) => ({ ok: true, data: { status: 'ok' }, meta: { requestId: req.id } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  return { url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, close: () => app.close() };
}

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
// Limits off: the run books 1,000 times a minute from one IP (docs/benchmarks.md); their cost is
// measured apart below, on gateways of their own.
const platform = await startEmbeddedPlatform(
  platformConfigSchema.parse({
    PORT: 0,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    BASE_URL: 'http://127.0.0.1',
    RATE_LIMITS: 'off',
  }),
);
const bare = await bareFastify();
const extraGateways: RunningGateway[] = [];
let redis: RedisServer | undefined;
/** A second gateway in front of the same services, with limits on (high enough never to refuse). */
async function limitedGateway(store: 'memory' | 'redis', redisUrl?: string): Promise<RunningGateway> {
  const gw = await startGatewayFromConfig(
    gatewayConfigSchema.parse({
      PORT: 0,
      DATA_DIR: mkdtempSync(join(tmpdir(), `gateway-bench-${store}-`)),
      CATALOG_GRPC_ADDR: platform.services.catalog.address,
      BOOKING_GRPC_ADDR: platform.services.booking.address,
      CUSTOMER_GRPC_ADDR: platform.services.customer.address,
      WEBHOOKS_GRPC_ADDR: platform.services['webhook-dispatcher'].address,
      INTEGRATIONS_GRPC_ADDR: platform.services.integrations.address,
      RATE_LIMITS: 'on',
      RATE_LIMIT_STORE: store,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      RATE_LIMIT_AVAILABILITY_PER_IP: 1_000_000,
    }),
    createLogger('bench-gateway', 'silent'),
  );
  extraGateways.push(gw);
  return gw;
}
try {
  const tenantId = await seedBenchTenant(platform.services.catalog.address, {
    slug: 'bench',
    timezone: 'Europe/Berlin',
  });
  const dashboard = await ownerHeaders(dataDir, tenantId);
  const partnerKey = await partnerHeaders(dataDir, tenantId);
  // Slots start at the next whole hour + 1 day, so none is in the past while the run lasts.
  const first = Math.ceil((Date.now() + DAY) / 3_600_000) * 3_600_000;
  const availability = (days: number) => () =>
    fetch(`${platform.url}/book/bench/availability?serviceSlug=visit&fromMs=${first}&toMs=${first + days * DAY}`);
  const bookingIds: string[] = [];
  const create = async (i: number) => {
    const res = await postBenchBooking(platform.url, 'bench', i, first + i * SLOT);
    if (res.status === 201)
      bookingIds[i] = (
        (await res.clone().json()) as { data: { booking: { bookingId: string } } }
      ).data.booking.bookingId;
    return res;
  };
  /** A dashboard lifecycle POST on booking `i` of the create run. */
  const lifecycle =
    (action: string, body: (i: number) => object = () => ({}), offset = 0) =>
    (i: number) =>
      fetch(`${platform.url}/api/bookings/${bookingIds[i + offset]}/${action}`, {
        method: 'POST',
        headers: dashboard,
        body: JSON.stringify(body(i + offset)),
      });
  const HALF = 500;
  const listBookings = (url: string, headers: Record<string, string>) => () => fetch(`${url}?limit=50`, { headers });
  /** A partner create at slot `i` after every slot the public creates and the reschedules use. */
  const partnerCreate = (i: number) =>
    fetch(`${platform.url}/v1/bookings`, {
      method: 'POST',
      headers: { ...partnerKey, 'idempotency-key': `bench-partner-${i}` },
      body: JSON.stringify({
        serviceSlug: 'visit',
        startsAtMs: first + (6 * HALF + i) * SLOT,
        customer: { name: `P ${i}`, primaryEmail: `p${i}@bench.test` },
      }),
    });
  const memoryGateway = await limitedGateway('memory');
  const redisGateway = redisMissing() === null ? await limitedGateway('redis', (redis = await startRedis()).url) : null;
  const availabilityAt = (url: string) => () =>
    fetch(`${url}/book/bench/availability?serviceSlug=visit&fromMs=${first}&toMs=${first + DAY}`);

  // Warm-up: JIT, connections, caches.
  await runLoad(200, CONCURRENCY, () => fetch(`${bare.url}/bare`), 200);
  await runLoad(100, CONCURRENCY, availability(1), 200);

  const rows: Array<[string, LoadResult]> = [
    ['bare Fastify route (baseline)', await runLoad(3000, CONCURRENCY, () => fetch(`${bare.url}/bare`), 200)],
    ['GET availability, 1-day window', await runLoad(1000, CONCURRENCY, availability(1), 200)],
    ['GET availability, 31-day window', await runLoad(300, CONCURRENCY, availability(31), 200)],
    ['POST booking (distinct slots)', await runLoad(2 * HALF, CONCURRENCY, create, 201)],
    // The first half moves to slots after all the others; the second half is confirmed, then cancelled.
    [
      'POST reschedule (dashboard)',
      await runLoad(
        HALF,
        CONCURRENCY,
        lifecycle('reschedule', (i) => ({ startsAtMs: first + (4 * HALF + i) * SLOT })),
        200,
      ),
    ],
    ['POST confirm (dashboard)', await runLoad(HALF, CONCURRENCY, lifecycle('confirm', undefined, HALF), 200)],
    [
      'POST cancel (dashboard)',
      await runLoad(
        HALF,
        CONCURRENCY,
        lifecycle('cancel', () => ({ reason: 'bench' }), HALF),
        200,
      ),
    ],
    // The same list through the two auth contexts: session cookie vs API key.
    [
      'GET /api/bookings (session)',
      await runLoad(1000, CONCURRENCY, listBookings(`${platform.url}/api/bookings`, dashboard), 200),
    ],
    [
      'GET /v1/bookings (API key)',
      await runLoad(1000, CONCURRENCY, listBookings(`${platform.url}/v1/bookings`, partnerKey), 200),
    ],
    ['POST /v1/bookings (API key)', await runLoad(2 * HALF, CONCURRENCY, partnerCreate, 201)],
    // Limits off and on, one after the other, on the same window: availability through the
    // platform's gateway (off) and through gateways with the limiter in memory / Redis.
    ['GET availability 1 d, limits off', await runLoad(1000, CONCURRENCY, availabilityAt(platform.url), 200)],
    [
      'GET availability 1 d, limits in memory',
      await runLoad(1000, CONCURRENCY, availabilityAt(memoryGateway.url), 200),
    ],
    ...(redisGateway
      ? ([
          [
            'GET availability 1 d, limits in Redis',
            await runLoad(1000, CONCURRENCY, availabilityAt(redisGateway.url), 200),
          ],
        ] as Array<[string, LoadResult]>)
      : []),
  ];
  const base = rows[0]![1];
  const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);
  console.log(`\nGateway benchmark, embedded profile, ${CONCURRENCY} concurrent clients, node ${process.version}\n`);
  console.log(
    '| case                                     | requests | errors |    req/s |  p50 ms |  p99 ms | CPU ms/req | req/s vs bare | p50 vs bare | CPU vs bare |',
  );
  console.log(
    '|------------------------------------------|---------:|-------:|---------:|--------:|--------:|-----------:|--------------:|------------:|------------:|',
  );
  for (const [name, r] of rows) {
    console.log(
      `| ${name.padEnd(40)} | ${String(r.requests).padStart(8)} | ${String(r.errors).padStart(6)} |${fmt(r.perSecond, 0)} |${fmt(r.p50Ms, 2).slice(1)} |${fmt(r.p99Ms, 2).slice(1)} | ${r.cpuMsPerRequest.toFixed(2).padStart(10)} | ${(r.perSecond / base.perSecond).toFixed(3).padStart(13)} | ${(r.p50Ms / base.p50Ms).toFixed(1).padStart(11)} | ${(r.cpuMsPerRequest / base.cpuMsPerRequest).toFixed(1).padStart(11)} |`,
    );
  }

  // What one API-key verification and one rate-limit hit cost, alone (median of 2,000 calls).
  const gatewayStore = await openStore(storeConfigFor('identity', { PROFILE: 'embedded', DATA_DIR: dataDir }));
  const keys = new ApiKeyStore(gatewayStore);
  const secret = partnerKey.authorization!.slice('Bearer '.length);
  const verifyUs = await microsPerCall(2000, () => keys.verify(secret));
  await gatewayStore.close();
  const memory = new InMemoryCounters();
  let k = 0;
  const memoryUs = await microsPerCall(2000, () => memory.hit(`bench:${k++ % 1000}`, 60_000));
  const redisCounters = redis ? await RedisCounters.open({ url: redis.url }) : null;
  const redisUs = redisCounters
    ? await microsPerCall(2000, () => redisCounters.hit(`bench:${k++ % 1000}`, 60_000))
    : NaN;
  await redisCounters?.close();
  const v1 = rows.find(([name]) => name.startsWith('GET /v1/bookings'))![1];
  const api = rows.find(([name]) => name.startsWith('GET /api/bookings'))![1];
  console.log(`\nAPI-key verification (one indexed read + SHA-256): median ${verifyUs.toFixed(1)} µs per call`);
  console.log(
    `  at ${v1.perSecond.toFixed(0)} req/s of GET /v1/bookings that is ${((verifyUs * v1.perSecond) / 1e4).toFixed(2)} % of one core; ` +
      `/v1 vs /api (session) throughput: ${(v1.perSecond / api.perSecond).toFixed(3)}`,
  );
  console.log(
    `Rate-limit counter hit: in memory ${memoryUs.toFixed(2)} µs, in Redis (Lua, loopback) ${Number.isNaN(redisUs) ? 'not measured (no redis-server)' : `${redisUs.toFixed(1)} µs`}`,
  );
  if (rows.some(([, r]) => r.errors > 0)) process.exitCode = 1;
} finally {
  for (const gw of extraGateways) await gw.stop();
  await redis?.stop();
  await bare.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// Throughput and latency through the gateway on the embedded profile, beside a bare Fastify
// route measured in the same run (the ratio is what is comparable across machines).
// Run: npm run bench (from the repository root), or node apps/platform/dist/bench/gateway-bench.js
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { embeddedSecret, storeConfigFor } from '@svc/config';
import { csrfToken, IdentityStore, SESSION_COOKIE } from '@svc/gateway';
import { connectService } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openStore } from '@svc/store';
import { platformConfigSchema } from '../config.js';
import { startEmbeddedPlatform } from '../embedded-platform.js';
import { runLoad, type LoadResult } from './load.js';

const CONCURRENCY = 16;
const DAY = 86_400_000;
const SLOT = 15 * 60_000;

async function seed(catalogAddress: string): Promise<string> {
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  const { tenant } = await catalog.createTenant({
    slug: 'bench',
    name: 'Bench',
    timezone: 'Europe/Berlin',
    locale: 'en',
  });
  const tenantId = tenant!.tenantId;
  for (let weekday = 0; weekday < 7; weekday++) {
    await catalog.createAvailabilityRule({
      tenantId,
      fields: { ownerType: 'tenant', ownerId: tenantId, weekday, startMinute: 0, endMinute: 1440 },
    });
  }
  await catalog.createService({
    tenantId,
    fields: {
      slug: 'visit',
      name: 'Visit',
      durationMin: 15,
      staffIds: [],
      staffIdsSet: false,
      resourceIds: [],
      resourceIdsSet: false,
    },
  });
  catalog.close();
  return tenantId;
}

/** An owner's dashboard session, minted the way the operator CLI does it: cookie and CSRF headers. */
async function ownerHeaders(dataDir: string, tenantId: string): Promise<Record<string, string>> {
  const store = await openStore(storeConfigFor('gateway', { PROFILE: 'embedded', DATA_DIR: dataDir }));
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

async function bareFastify(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  app.get('/bare', async (req) => ({ ok: true, data: { status: 'ok' }, meta: { requestId: req.id } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  return { url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, close: () => app.close() };
}

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
const platform = await startEmbeddedPlatform(
  platformConfigSchema.parse({ PORT: 0, LOG_LEVEL: 'silent', DATA_DIR: dataDir, BASE_URL: 'http://127.0.0.1' }),
);
const bare = await bareFastify();
try {
  const tenantId = await seed(platform.services.catalog.address);
  const dashboard = await ownerHeaders(dataDir, tenantId);
  // Slots start at the next whole hour + 1 day, so none is in the past while the run lasts.
  const first = Math.ceil((Date.now() + DAY) / 3_600_000) * 3_600_000;
  const availability = (days: number) => () =>
    fetch(`${platform.url}/book/bench/availability?serviceSlug=visit&fromMs=${first}&toMs=${first + days * DAY}`);
  const bookingIds: string[] = [];
  const create = async (i: number) => {
    const res = await fetch(`${platform.url}/book/bench/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${i}` },
      body: JSON.stringify({
        serviceSlug: 'visit',
        startsAtMs: first + i * SLOT,
        customer: { name: `C ${i}`, primaryEmail: `c${i}@bench.test` },
      }),
    });
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
  ];
  const base = rows[0]![1];
  const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);
  console.log(`\nGateway benchmark, embedded profile, ${CONCURRENCY} concurrent clients, node ${process.version}\n`);
  console.log(
    '| case                              | requests | errors |    req/s |  p50 ms |  p99 ms | CPU ms/req | req/s vs bare | p50 vs bare | CPU vs bare |',
  );
  console.log(
    '|-----------------------------------|---------:|-------:|---------:|--------:|--------:|-----------:|--------------:|------------:|------------:|',
  );
  for (const [name, r] of rows) {
    console.log(
      `| ${name.padEnd(33)} | ${String(r.requests).padStart(8)} | ${String(r.errors).padStart(6)} |${fmt(r.perSecond, 0)} |${fmt(r.p50Ms, 2).slice(1)} |${fmt(r.p99Ms, 2).slice(1)} | ${r.cpuMsPerRequest.toFixed(2).padStart(10)} | ${(r.perSecond / base.perSecond).toFixed(3).padStart(13)} | ${(r.p50Ms / base.p50Ms).toFixed(1).padStart(11)} | ${(r.cpuMsPerRequest / base.cpuMsPerRequest).toFixed(1).padStart(11)} |`,
    );
  }
  if (rows.some(([, r]) => r.errors > 0)) process.exitCode = 1;
} finally {
  await bare.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

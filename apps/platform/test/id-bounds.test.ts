// Ids have one bounded shape and reach no cache unchecked (docs/api-conventions.md "Input rules",
// docs/operations.md "Memory bounds"): a public create with a 60 KB staff id is a 400 at
// body.staffId and leaves the platform process's memory flat; a well-formed staff id the service
// does not list is a 400 at body.staffId on the public route and /v1, before anything is asked
// about it; a path id over the limit is a 400 at params.<name> on every surface, not a 404.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import {
  dashboard,
  errorOf,
  platformProcess,
  platformStores,
  slotSequence,
  type DashboardSession,
  type PlatformStores,
} from './dashboard-fixture.js';
import { createKey, partner, partnerBooking } from './partner-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const customer = (n: number | string) => ({ name: `Id ${n}`, primaryEmail: `ids${n}@example.test` });

/** A public create of the check-up with a staff preference. */
const publicCreate = (base: string, tenant: string, startsAtMs: number, staffId: string, key: string) =>
  fetch(`${base}/book/${tenant}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ serviceSlug: 'checkup', startsAtMs, customer: customer(key), staffId }),
  });

/** The resident set size of a process, in bytes, as the kernel reports it. */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1]) * 1024;
}

/** `count` requests made by `send(i)`, `parallel` at a time; the statuses they answered. */
async function inWaves(count: number, parallel: number, send: (i: number) => Promise<Response>) {
  const statuses = new Map<number, number>();
  for (let i = 0; i < count; i += parallel) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(parallel, count - i) }, async (_, j) => {
        const res = await send(i + j);
        const body = await json(res);
        return { status: res.status, path: body.error?.details?.[0]?.path as string | undefined };
      }),
    );
    for (const { status, path } of answers) {
      expect(path, `status ${status}`).toBe('body.staffId');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }
  return Object.fromEntries(statuses);
}

describe('60 KB staff ids against the platform process (RATE_LIMITS=off)', () => {
  let platform: Awaited<ReturnType<typeof platformProcess>>;
  const slot = berlinTime(4, 10);

  beforeAll(async () => {
    platform = await platformProcess('id-bounds', { LOG_LEVEL: 'warn' });
    const runtime = readPlatformRuntime(platform.dataDir);
    await seedTenant(runtime!.services.catalog!, 'rss');
  }, 120_000);
  afterAll(() => platform?.stop());

  it('2,000 public creates with a 60 KB staff id each answer 400 at body.staffId, and the RSS stays flat', async () => {
    const longId = (i: number) => `stf_${i}_`.padEnd(60_000, 'x');
    const long = (i: number) => publicCreate(platform.base, 'rss', slot, longId(i), `rss-long-${i}`);
    // Well-formed ids the service does not list reach the booking service, and stop there.
    const unlistedId = (i: number) => `stf_unlisted${i}`.padEnd(64, 'x');
    const unlisted = (i: number) => publicCreate(platform.base, 'rss', slot, unlistedId(i), `rss-unlisted-${i}`);
    // A warm-up of both kinds, so the heap has grown to its working size before the measured run.
    expect(await inWaves(300, 10, long)).toEqual({ 400: 300 });
    expect(await inWaves(1_000, 10, (i) => unlisted(-1 - i))).toEqual({ 400: 1_000 });
    const before = rssOf(platform.proc.pid);
    expect(await inWaves(2_000, 10, long)).toEqual({ 400: 2_000 });
    expect(await inWaves(1_000, 10, unlisted)).toEqual({ 400: 1_000 });
    const after = rssOf(platform.proc.pid);
    const growthMb = (after - before) / 2 ** 20;
    console.log(
      `platform RSS before ${(before / 2 ** 20).toFixed(1)} MB, after 2,000 creates with 60 KB staff ids and ` +
        `1,000 with unlisted ones ${(after / 2 ** 20).toFixed(1)} MB (growth ${growthMb.toFixed(1)} MB)`,
    );
    // Keeping the 60 KB ids alone would hold 2,000 × 120 KB (UTF-16) = 234 MB (the old cache held
    // them: 108 MB for 1,500); measured here the RSS moves by ±15 MB between waves (the heap's own
    // breathing: young generation, allocator pages), so 30 MB fails on anything kept per request.
    expect(growthMb).toBeLessThan(30);
    // The slot is still free: the first create with a listed staff member (none given) books it.
    const ok = await fetch(`${platform.base}/book/rss/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'rss-ok' },
      body: JSON.stringify({ serviceSlug: 'checkup', startsAtMs: slot, customer: customer('ok') }),
    });
    expect(ok.status).toBe(201);
  }, 600_000);
});

describe('staff ids and path ids on the embedded platform', () => {
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  let stores: PlatformStores;
  let owner: DashboardSession;
  let tenantId = '';
  let staffId = '';
  let secret = '';
  const nextSlot = slotSequence(berlinTime);

  beforeAll(async () => {
    platform = await startTestPlatform();
    stores = await platformStores(platform);
    ({ tenantId, staffId } = await seedTenant(platform.services.catalog.address, 'ids'));
    owner = await stores.session(tenantId, 'tenant_owner');
    secret = (await createKey(platform.url, owner, ['*'])).secret;
  });
  afterAll(async () => {
    await stores?.close();
    await platform?.cleanup();
  });

  it('a well-formed staff id the service does not list is 400 at body.staffId on the public route and /v1; a listed one books', async () => {
    const other = (await seedTenant(platform.services.catalog.address, 'ids-other')).staffId;
    const slot = nextSlot();
    const v1 = partner(platform.url, secret, tenantId);
    // Unknown anywhere, and another tenant's staff member: both unlisted for this service.
    for (const unlisted of ['stf_AAAAAAAAAAAAAAAAAAAAAA', other]) {
      const pub = await errorOf(await publicCreate(platform.url, 'ids', slot, unlisted, `pub-${unlisted}`));
      const viaKey = await errorOf(
        await v1(
          'POST',
          '/v1/bookings',
          { ...partnerBooking(slot, 'v1'), staffId: unlisted },
          { 'idempotency-key': `v1-${unlisted}` },
        ),
      );
      for (const answer of [pub, viaKey]) {
        expect(answer).toMatchObject({
          status: 400,
          code: 'VALIDATION_ERROR',
          details: [{ path: 'body.staffId', message: 'is not a staff member of this service' }],
        });
      }
    }
    // Not an id at all: the gateway's schema, on both.
    for (const bad of ['x'.repeat(65), 'Dr. Weber', '']) {
      const pub = await errorOf(await publicCreate(platform.url, 'ids', slot, bad, `pub-bad-${bad.length}`));
      expect(pub).toMatchObject({ status: 400, details: [{ path: 'body.staffId' }] });
      const viaKey = await errorOf(
        await v1(
          'POST',
          '/v1/bookings',
          { ...partnerBooking(slot, 'v1'), staffId: bad },
          { 'idempotency-key': `v1-bad-${bad.length}` },
        ),
      );
      expect(viaKey).toMatchObject({ status: 400, details: [{ path: 'body.staffId' }] });
    }
    const booked = await v1(
      'POST',
      '/v1/bookings',
      { ...partnerBooking(slot, 'v1'), staffId },
      { 'idempotency-key': 'v1-listed' },
    );
    expect(booked.status).toBe(201);
    expect((await json(booked)).data.booking.staffId).toBe(staffId);
  });

  it('a path id over the limit, or of another shape, is 400 at params.<name> on every surface', async () => {
    const v1 = partner(platform.url, secret, tenantId);
    const api = dashboard(platform.url, owner);
    const routes: Array<[string, (id: string) => Promise<Response>]> = [
      ['bookingId', (id) => api('GET', `/api/bookings/${id}`)],
      ['bookingId', (id) => api('POST', `/api/bookings/${id}/confirm`)],
      ['bookingId', (id) => v1('GET', `/v1/bookings/${id}`)],
      ['bookingId', (id) => v1('POST', `/v1/bookings/${id}/cancel`)],
      ['customerId', (id) => api('GET', `/api/customers/${id}`)],
      ['customerId', (id) => v1('GET', `/v1/customers/${id}`)],
      ['staffId', (id) => api('GET', `/api/staff/${id}`)],
      ['subscriptionId', (id) => api('GET', `/api/webhook-subscriptions/${id}`)],
      ['deliveryId', (id) => api('GET', `/api/webhook-deliveries/${id}`)],
      ['apiKeyId', (id) => api('POST', `/api/api-keys/${id}/revoke`)],
      ['connectionId', (id) => api('GET', `/api/integrations/${id}/calendars`)],
      ['bookingId', (id) => api('POST', `/api/bookings/${id}/calendar-sync`)],
    ];
    for (const id of ['i'.repeat(65), 'i'.repeat(12_000), 'no-kind-prefix']) {
      for (const [index, [name, send]] of routes.entries()) {
        const answer = await errorOf(await send(id));
        expect(answer, `route ${index}, ${name} of ${id.length} characters`).toMatchObject({
          status: 400,
          code: 'VALIDATION_ERROR',
          details: [{ path: `params.${name}`, message: expect.stringMatching(/^must be an id/) }],
        });
      }
    }
    // A well-formed id that names nothing is still a 404.
    expect((await api('GET', '/api/bookings/bkg_AAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});

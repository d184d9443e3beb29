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

/**
 * `count` requests made by `send(i)`, `parallel` at a time, each answering 400 at body.staffId;
 * the statuses they answered, and the highest RSS of `pid` seen after a wave.
 */
async function inWaves(pid: number, count: number, parallel: number, send: (i: number) => Promise<Response>) {
  const statuses = new Map<number, number>();
  let peakRss = 0;
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
    peakRss = Math.max(peakRss, rssOf(pid));
  }
  return { statuses: Object.fromEntries(statuses), peakRss };
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
    const pid = platform.proc.pid;
    // A warm-up of both kinds, so the heap has grown to its working size: its highest RSS is the
    // baseline (V8 keeps pages it grew to, so a single reading would catch it mid-breath).
    const warmLong = await inWaves(pid, 300, 10, long);
    const warmUnlisted = await inWaves(pid, 1_000, 10, (i) => unlisted(-1 - i));
    expect([warmLong.statuses, warmUnlisted.statuses]).toEqual([{ 400: 300 }, { 400: 1_000 }]);
    const before = Math.max(warmLong.peakRss, warmUnlisted.peakRss);
    const measuredLong = await inWaves(pid, 2_000, 10, long);
    const measuredUnlisted = await inWaves(pid, 1_000, 10, unlisted);
    expect([measuredLong.statuses, measuredUnlisted.statuses]).toEqual([{ 400: 2_000 }, { 400: 1_000 }]);
    const after = Math.max(measuredLong.peakRss, measuredUnlisted.peakRss, rssOf(pid));
    const growthMb = (after - before) / 2 ** 20;
    console.log(
      `platform RSS: highest ${(before / 2 ** 20).toFixed(1)} MB in the warm-up, highest ${(after / 2 ** 20).toFixed(1)} MB ` +
        `over 2,000 creates with 60 KB staff ids and 1,000 with unlisted ones (growth ${growthMb.toFixed(1)} MB)`,
    );
    // Keeping the 60 KB ids would hold at least 2,000 × 60 KB = 117 MB (the old busy-times memo
    // grew the platform by 108 MB for 1,500 of them, 144 MB for 2,000). Without anything kept, the
    // peak RSS of this run still moved by 7 to 34 MB in repeated runs on a loaded 2-core machine:
    // V8's heap breathing around the 60 KB bodies (over 12,000 such requests its used size went up
    // and down between 65 and 97 MB without a trend). So the bound sits between the two: 60 MB,
    // less than half of what keeping the ids would cost.
    expect(growthMb).toBeLessThan(60);
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

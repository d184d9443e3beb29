// A tenant's full export on the embedded platform, over real HTTP (docs/api-conventions.md
// "Tenant export"): a tenant with a catalog, customers (more than a page), bookings and settings
// is exported; the archive is downloaded through the status answer's link, unpacked, and each
// NDJSON file held against what the dashboard API lists; the link refuses a wrong or expired
// token, another workspace's owner and a non-owner. A customer erase removes the archives that
// may hold them.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeConfigFor } from '@svc/config';
import { mintExportDownloadToken } from '@svc/identity';
import { openStore } from '@svc/store';
import { json, ndjsonLines, unzip } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import {
  book,
  dashboard,
  errorOf,
  platformStores,
  slotSequence,
  type DashboardSession,
  type PlatformStores,
} from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const SESSION_SECRET = 'export-test-session-secret-0123456789';
const CUSTOMERS = 120;
const BOOKINGS = 5;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let tenantId = '';
let staffId = '';
let owner: DashboardSession;
let api: ReturnType<typeof dashboard>;
let signingSecret = '';

beforeAll(async () => {
  platform = await startTestPlatform({ SESSION_SECRET });
  stores = await platformStores(platform);
  ({ tenantId, staffId } = await seedTenant(platform.services.catalog.address, 'exporta'));
  owner = await stores.session(tenantId, 'tenant_owner');
  api = dashboard(platform.url, owner);

  const created = async (path: string, body: unknown) => {
    const res = await api('POST', path, body);
    const answer = await json(res);
    expect(res.status, `${path} ${JSON.stringify(answer)}`).toBe(201);
    return answer.data;
  };
  await created('/api/resources', { type: 'room', name: 'Room 1', capacity: 2 });
  await created('/api/holidays', { date: '2031-12-25', name: 'Christmas' });
  await created('/api/blocked-times', {
    ownerType: 'staff',
    ownerId: staffId,
    startsAtMs: berlinTime(30, 9),
    endsAtMs: berlinTime(30, 12),
    reason: 'Training',
  });
  await created('/api/date-overrides', { ownerType: 'tenant', date: '2031-12-24', windows: [] });
  for (let i = 0; i < CUSTOMERS; i++) {
    await created('/api/customers', { name: `Kundin ${i}`, primaryEmail: `kundin${i}@example.test` });
  }
  signingSecret = (await created('/api/webhook-subscriptions', { url: 'http://127.0.0.1:9/hooks' })).signingSecret;

  const nextSlot = slotSequence(berlinTime);
  for (let i = 0; i < BOOKINGS; i++) {
    const { booking } = await book(platform.url, 'exporta', nextSlot());
    if (i < 2) expect((await api('POST', `/api/bookings/${booking.bookingId}/confirm`)).status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
});

/** Every item of a dashboard list, page by page. */
async function listAll(path: string): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await api('GET', `${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    items.push(...body.data.items);
    cursor = body.data.nextCursor;
  } while (cursor);
  return items;
}

const lines = (file: Buffer | undefined) => ndjsonLines(file) as Array<Record<string, unknown>>;

/** The exported records hold exactly the listed ones (by id), each with at least the listed fields. */
function sameRecords(exported: Array<Record<string, unknown>>, listed: Array<Record<string, unknown>>, id: string) {
  expect(exported.map((r) => r[id]).sort()).toEqual(listed.map((r) => r[id]).sort());
  const byId = new Map(exported.map((r) => [r[id], r]));
  for (const record of listed) expect(byId.get(record[id])).toMatchObject(record);
}

async function readyJob(session: ReturnType<typeof dashboard>) {
  const started = await session('POST', '/api/tenant/export');
  const body = await json(started);
  expect(started.status, JSON.stringify(body)).toBe(202);
  expect(body.data.status).toBe('queued');
  return vi.waitFor(
    async () => {
      const res = await session('GET', `/api/tenant/export/${body.data.jobId}`);
      const data = (await json(res)).data;
      expect(data.status).not.toBe('failed');
      expect(data.status).toBe('ready');
      return data;
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('a full export', () => {
  let job: any;
  let files: Map<string, Buffer>;

  beforeAll(async () => {
    job = await readyJob(api);
    const res = await fetch(job.download.url, { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="export-ten_.*\.zip"$/);
    const archive = Buffer.from(await res.arrayBuffer());
    expect(archive.length).toBe(job.sizeBytes);
    expect(Number(res.headers.get('content-length'))).toBe(job.sizeBytes);
    files = await unzip(archive);
  }, 60_000);

  it('answers the job with its files, size, link and retention', () => {
    expect(job.error).toBeNull();
    expect(job.download.url).toBe(
      `${platform.url}/api/tenant/export/${job.jobId}/download?token=${encodeURIComponent(job.download.token)}`,
    );
    expect(job.download.expiresAtMs).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(job.download.expiresAtMs).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect(job.keptUntilMs).toBe(job.finishedAtMs + 7 * 24 * 60 * 60_000);
    // Every file is counted in the status, in the manifest, and has that many lines.
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest).toMatchObject({ kind: 'tenant-export', version: 1, jobId: job.jobId, tenantId });
    expect(manifest.files).toEqual(job.files);
    expect([...files.keys()]).toEqual([...job.files.map((f: { name: string }) => f.name), 'manifest.json']);
    for (const { name, records } of job.files) expect(lines(files.get(name)), name).toHaveLength(records);
  });

  it('holds the tenant and its whole catalog, as the dashboard lists it', async () => {
    const [tenant] = lines(files.get('tenant.ndjson'));
    expect(tenant).toMatchObject({ tenantId, slug: 'exporta', name: 'Clinic exporta' });
    expect(tenant).toHaveProperty('branding');
    const catalog: Array<[string, string, string]> = [
      ['catalog/services.ndjson', '/api/services', 'serviceId'],
      ['catalog/staff.ndjson', '/api/staff', 'staffId'],
      ['catalog/resources.ndjson', '/api/resources', 'resourceId'],
      ['catalog/availability-rules.ndjson', '/api/availability-rules', 'ruleId'],
      ['catalog/date-overrides.ndjson', '/api/date-overrides', 'overrideId'],
      ['catalog/blocked-times.ndjson', '/api/blocked-times', 'blockId'],
      ['catalog/holidays.ndjson', '/api/holidays', 'holidayId'],
    ];
    for (const [file, path, id] of catalog) {
      const listed = await listAll(path);
      expect(listed.length, path).toBeGreaterThan(0);
      sameRecords(lines(files.get(file)), listed, id);
    }
    // The hidden service too: the whole catalog, not what the booking page shows.
    expect(lines(files.get('catalog/services.ndjson')).map((s) => s.slug)).toEqual(
      expect.arrayContaining(['checkup', 'secret']),
    );
  });

  it('holds every customer and booking (more than a page of each list)', async () => {
    const customers = lines(files.get('customers.ndjson'));
    expect(customers).toHaveLength(CUSTOMERS + BOOKINGS);
    sameRecords(customers, await listAll('/api/customers'), 'customerId');
    const bookings = lines(files.get('bookings.ndjson'));
    expect(bookings).toHaveLength(BOOKINGS);
    sameRecords(bookings, await listAll('/api/bookings'), 'bookingId');
    expect(bookings.filter((b) => b.status === 'confirmed')).toHaveLength(2);
  });

  it('holds the settings, without a secret', async () => {
    const subscriptions = lines(files.get('settings/webhook-subscriptions.ndjson'));
    sameRecords(subscriptions, await listAll('/api/webhook-subscriptions'), 'subscriptionId');
    for (const s of subscriptions) expect(Object.keys(s)).not.toContain('signingSecret');
    const everything = Buffer.concat([...files.values()]).toString('utf8');
    expect(signingSecret).toMatch(/^whsec_/);
    expect(everything).not.toContain(signingSecret);
    expect(everything).not.toContain('whsec_');

    const [notifications] = lines(files.get('settings/notification-settings.ndjson'));
    const listed = (await json(await api('GET', '/api/notification-settings'))).data;
    expect(notifications).toMatchObject({
      reminderOffsetsMin: listed.reminderOffsetsMin,
      businessEmails: listed.businessEmails,
      smsEnabled: listed.smsEnabled,
    });
    const [calendar] = lines(files.get('settings/integration-settings.ndjson'));
    expect(calendar).toEqual((await json(await api('GET', '/api/integrations/settings'))).data);
    expect(lines(files.get('settings/calendar-connections.ndjson'))).toEqual([]);
  });

  it('refuses a wrong token, an expired one, another workspace and a non-owner', async () => {
    const path = `/api/tenant/export/${job.jobId}/download`;
    const get = (who: DashboardSession, token: string) =>
      fetch(`${platform.url}${path}?token=${encodeURIComponent(token)}`, { headers: { cookie: who.cookie } });

    // The test mints with the platform's key (the gateway's SESSION_SECRET, which signs the links): one still in its hour downloads, so the refusals
    // below are about the time and the token, not a key the test got wrong.
    const fresh = mintExportDownloadToken(SESSION_SECRET, tenantId, job.jobId, Date.now() + 60_000);
    expect((await get(owner, fresh)).status).toBe(200);

    const expired = await errorOf(
      await get(owner, mintExportDownloadToken(SESSION_SECRET, tenantId, job.jobId, Date.now() - 1)),
    );
    expect(expired).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(expired.message).toContain('expired');

    const [expiry, mac] = job.download.token.split('.');
    const forged = await errorOf(await get(owner, `${Number(expiry) + 86_400_000}.${mac}`));
    expect(forged).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(forged.message).toContain('not valid');
    expect(await errorOf(await get(owner, 'nonsense'))).toMatchObject({ status: 403, code: 'FORBIDDEN' });

    // Another workspace's owner, with the very link: its export does not exist there.
    const other = await seedTenant(platform.services.catalog.address, 'exportb');
    const otherOwner = await stores.session(other.tenantId, 'tenant_owner');
    expect(await errorOf(await get(otherOwner, job.download.token))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(
      await errorOf(await dashboard(platform.url, otherOwner)('GET', `/api/tenant/export/${job.jobId}`)),
    ).toMatchObject({ status: 404, code: 'NOT_FOUND' });

    // Without a session the link is nothing.
    const anonymous = await fetch(job.download.url);
    expect(await errorOf(anonymous)).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });

    // An admin of the workspace is not an owner.
    const admin = await stores.session(tenantId, 'tenant_admin');
    expect(await errorOf(await get(admin, job.download.token))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const adminApi = dashboard(platform.url, admin);
    expect(await errorOf(await adminApi('POST', '/api/tenant/export'))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });
});

describe('after a customer erase', () => {
  it('no stored archive holds them: the earlier export has no download and its chunks are gone', async () => {
    // The identity service's store, where the archives are kept, opened on the platform's data folder.
    const identityStore = await openStore(
      storeConfigFor('identity', { PROFILE: 'embedded' as const, DATA_DIR: platform.dataDir }),
    );
    const chunks = (jobId: string) => identityStore.collection('export_chunks').count({ jobId });
    try {
      const before = await readyJob(api);
      expect(await chunks(before.jobId)).toBeGreaterThan(0);
      const customer = (await listAll('/api/customers')).find((c) => c.primaryEmail === 'kundin7@example.test')!;
      const customerId = customer.customerId as string;

      const res = await api('POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: customerId });
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.data.status).toBe('erased');

      const after = (await json(await api('GET', `/api/tenant/export/${before.jobId}`))).data;
      expect(after).toMatchObject({ status: 'failed', download: null, sizeBytes: null });
      expect(after.error).toContain('erased');
      expect(await chunks(before.jobId)).toBe(0);
      const old = await fetch(before.download.url, { headers: { cookie: owner.cookie } });
      expect(await errorOf(old)).toMatchObject({ status: 404, code: 'NOT_FOUND' });

      // A new export knows the customer only as erased.
      const next = await readyJob(api);
      const archive = await fetch(next.download.url, { headers: { cookie: owner.cookie } });
      const files = await unzip(Buffer.from(await archive.arrayBuffer()));
      const customers = files.get('customers.ndjson')!.toString('utf8');
      expect(customers).toContain('kundin8@example.test');
      expect(customers).not.toContain('kundin7@example.test');
      expect(customers).not.toContain('"name":"Kundin 7"');
    } finally {
      await identityStore.close();
    }
  }, 60_000);
});

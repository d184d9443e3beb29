// The tenant export's routes (docs/api-conventions.md "Tenant export") over real HTTP with the real
// catalog, customer and identity services behind the gateway: one export per workspace, owners
// only, another workspace's export NOT_FOUND, and the archives a customer erase and a newer
// export remove. The job store, the archive and the token: apps/identity/test/tenant-export.test.ts.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@svc/errors';
import { ERASED_AFTER, ERASED_WHILE_RUNNING, EXPORT_CHUNKS, replacedBy, type ExportJobDoc } from '@svc/identity';
import { startGatewayWithCatalog, type GatewayHarness, type MintedSession } from './support/gateway-harness.js';

describe('/api/tenant/export over HTTP', () => {
  let h: GatewayHarness;
  let tenantA: string;
  let ownerA: MintedSession;
  let adminA: MintedSession;
  let ownerB: MintedSession;
  let releaseServices: () => void = () => {};

  beforeAll(async () => {
    h = await startGatewayWithCatalog({
      config: { SESSION_SECRET: 's'.repeat(32), MANAGE_TOKEN_SECRET: 'm'.repeat(32) },
    });
    tenantA = (await h.createTenant('export-a')).tenantId;
    const tenantB = (await h.createTenant('export-b')).tenantId;
    ownerA = await h.mintSession([[tenantA, 'tenant_owner']]);
    adminA = await h.mintSession([[tenantA, 'tenant_admin']]);
    ownerB = await h.mintSession([[tenantB, 'tenant_owner']]);
    // The export reads the services after the tenant: hold it there until the test lets it go, so
    // it is certainly running while the other requests arrive.
    const { catalog } = h.downstream;
    const listServices = catalog.listServices.bind(catalog);
    const gate = new Promise<void>((resolve) => (releaseServices = resolve));
    catalog.listServices = async (...args) => {
      await gate;
      return listServices(...args);
    };
  });
  afterAll(async () => {
    releaseServices();
    await h?.stop();
  });

  const status = async (who: MintedSession, jobId: string) => h.call(who, 'GET', `/api/tenant/export/${jobId}`);

  it('runs one export per workspace: concurrent requests while it runs are QUOTA_EXCEEDED; then it fails clearly', async () => {
    const started = await h.call(ownerA, 'POST', '/api/tenant/export');
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = started.body.data;
    expect(job).toMatchObject({ status: 'queued', files: [], download: null, sizeBytes: null, error: null });
    expect(job.jobId).toMatch(/^exp_/);

    // Running, past the tenant, held at the services.
    await vi.waitFor(
      async () => {
        const res = await status(ownerA, job.jobId);
        expect(res.body.data.status).toBe('running');
      },
      { timeout: 10_000, interval: 25 },
    );

    const again = await Promise.all(Array.from({ length: 10 }, () => h.call(ownerA, 'POST', '/api/tenant/export', {})));
    for (const res of again) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('QUOTA_EXCEEDED');
      expect(res.body.error.message).toContain(job.jobId);
    }

    // The booking service is not part of this harness: its list fails as an unexpected error
    // would (an outage would be retried first).
    const { booking } = h.downstream;
    booking.listBookings = async () => {
      throw new DomainError('INTERNAL_ERROR', 'An unexpected error occurred.');
    };
    releaseServices();
    const failed = await vi.waitFor(
      async () => {
        const res = await status(ownerA, job.jobId);
        expect(res.body.data.status).toBe('failed');
        return res.body.data;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(failed.error).toBe('Could not read bookings; start a new export.');
    expect(failed.download).toBeNull();
    // What it had read when it failed.
    expect(failed.files).toContainEqual({ name: 'tenant.ndjson', records: 1 });
    expect(failed.files.map((f: { name: string }) => f.name)).toContain('bookings.ndjson');
    expect(await h.identityStore.collection(EXPORT_CHUNKS).count({ jobId: job.jobId })).toBe(0);

    // The workspace may export again at once.
    const next = await h.call(ownerA, 'POST', '/api/tenant/export');
    expect(next.status).toBe(202);
    await vi.waitFor(async () => expect((await status(ownerA, next.body.data.jobId)).body.data.status).toBe('failed'), {
      timeout: 10_000,
      interval: 25,
    });
  });

  it('is for owners only', async () => {
    const post = await h.call(adminA, 'POST', '/api/tenant/export');
    expect(post.status).toBe(403);
    expect(post.body.error.code).toBe('FORBIDDEN');
    const anyJob = (
      await h.identityStore.collection<ExportJobDoc>('export_jobs').find({ tenantId: tenantA }, { limit: 1 })
    )[0]!;
    const get = await status(adminA, anyJob._id);
    expect(get.status).toBe(403);
    expect(get.body.error.code).toBe('FORBIDDEN');
    const download = await h.call(adminA, 'GET', `/api/tenant/export/${anyJob._id}/download?token=x`);
    expect(download.body.error.code).toBe('FORBIDDEN');
    expect(download.status).toBe(403);
  });

  it("another workspace's export is NOT_FOUND, and the routes are in the document", async () => {
    const anyJob = (
      await h.identityStore.collection<ExportJobDoc>('export_jobs').find({ tenantId: tenantA }, { limit: 1 })
    )[0]!;
    const res = await status(ownerB, anyJob._id);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    const doc = (await (await fetch(`${h.base}/openapi.json`)).json()) as {
      paths: Record<string, { get: { responses: Record<string, { content: object }> } }>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/tenant/export',
        '/api/tenant/export/{jobId}',
        '/api/tenant/export/{jobId}/download',
      ]),
    );
    expect(doc.paths['/api/tenant/export/{jobId}/download']?.get.responses['200']?.content).toHaveProperty(
      'application/zip',
    );
  });
});

describe('the archives a customer erase and a newer export remove, over HTTP', () => {
  let h: GatewayHarness;
  let owner: MintedSession;
  let apiKeySecret = '';
  let tenantId = '';
  const erased: Array<{ tenantId: string; customerId: string }> = [];
  let gate: Promise<void> = Promise.resolve();
  let release = () => {};

  beforeAll(async () => {
    h = await startGatewayWithCatalog({
      config: { SESSION_SECRET: 's'.repeat(32), MANAGE_TOKEN_SECRET: 'm'.repeat(32) },
    });
    tenantId = (await h.createTenant('export-erase')).tenantId;
    owner = await h.mintSession([[tenantId, 'tenant_owner']]);
    const key = await h.call(owner, 'POST', '/api/api-keys', { name: 'erase', scopes: ['*'] });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    apiKeySecret = key.body.data.secret;
    // The services this harness does not run answer as empty ones would; the booking service's
    // erase answers as done (the gateway's part is what is tested here).
    const { booking, catalog, webhooks } = h.downstream;
    const integrations = h.downstream.integrations!;
    booking.listBookings = async () => ({ items: [] });
    webhooks.listSubscriptions = async () => ({ items: [] });
    integrations.getSettings = async () => ({ settings: {} as never });
    integrations.listConnections = async () => ({ items: [] });
    booking.eraseCustomer = async (req) => {
      erased.push({ tenantId: req.tenantId, customerId: req.customerId });
      return {
        customerId: req.customerId,
        status: 'erased',
        bookings: 0,
        cancelled: 0,
        requestedAtMs: 1,
        completedAtMs: 2,
      };
    };
    // A test may hold an export at the services, so it is certainly running.
    const listServices = catalog.listServices.bind(catalog);
    catalog.listServices = async (...args) => {
      await gate;
      return listServices(...args);
    };
  });
  afterAll(async () => {
    release();
    await h?.stop();
  });

  const status = async (jobId: string) => (await h.call(owner, 'GET', `/api/tenant/export/${jobId}`)).body.data;
  const chunks = (jobId: string) => h.identityStore.collection(EXPORT_CHUNKS).count({ jobId });
  const started = async () => {
    const res = await h.call(owner, 'POST', '/api/tenant/export');
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return res.body.data.jobId as string;
  };
  const until = async (jobId: string, wanted: string) =>
    vi.waitFor(
      async () => {
        const job = await status(jobId);
        expect(job.status).toBe(wanted);
        return job;
      },
      { timeout: 10_000, interval: 25 },
    );
  const erase = (customerId: string, partner = false) =>
    partner
      ? fetch(`${h.base}/v1/customers/${customerId}/erase`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKeySecret}`,
            'x-service-tenant-id': tenantId,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ confirmCustomerId: customerId }),
        }).then(async (res) => ({ status: res.status, body: await res.json() }))
      : h.call(owner, 'POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: customerId });

  it("a new archive replaces the workspace's earlier one", async () => {
    const first = await started();
    await until(first, 'ready');
    expect(await chunks(first)).toBeGreaterThan(0);
    const second = await started();
    const ready = await until(second, 'ready');
    expect(ready.download).not.toBeNull();
    const replaced = await status(first);
    expect(replaced).toMatchObject({ status: 'failed', error: replacedBy(second), download: null, sizeBytes: null });
    expect(await chunks(first)).toBe(0);
    expect(await chunks(second)).toBeGreaterThan(0);
  });

  it('an erase (/api and /v1) removes the archive: its job has no download and its chunks are gone', async () => {
    const scrubs = vi.spyOn(h.identityStore, 'scrubFreed');
    for (const partner of [false, true]) {
      const jobId = await started();
      const ready = await until(jobId, 'ready');
      expect(await chunks(jobId)).toBeGreaterThan(0);
      const customerId = `cus_${randomUUID()}`;
      const res = await erase(customerId, partner);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ customerId, status: 'erased' });
      expect(erased.at(-1)).toEqual({ tenantId, customerId });
      expect(await status(jobId)).toMatchObject({ status: 'failed', error: ERASED_AFTER, download: null });
      expect(await chunks(jobId)).toBe(0);
      // The link handed out before is worth nothing now.
      const link = new URL(ready.download.url);
      const download = await h.call(owner, 'GET', `${link.pathname}${link.search}`);
      expect(download.status).toBe(404);
      expect(download.body.error.code).toBe('NOT_FOUND');
      // Erasing again answers the same.
      expect((await erase(customerId, partner)).status).toBe(200);
      expect(await status(jobId)).toMatchObject({ status: 'failed', error: ERASED_AFTER });
    }
    expect(scrubs.mock.calls.length).toBeGreaterThanOrEqual(4);
    scrubs.mockRestore();
  });

  it('an erase while an export runs fails it, and it writes nothing after', async () => {
    gate = new Promise<void>((resolve) => (release = resolve));
    const jobId = await started();
    await until(jobId, 'running');
    const erasing = erase(`cus_${randomUUID()}`);
    // Failed at once; the erase then waits for the job to stop, at its next read.
    const failed = await until(jobId, 'failed');
    expect(failed).toMatchObject({ error: ERASED_WHILE_RUNNING, download: null });
    release();
    expect((await erasing).status).toBe(200);
    expect(await chunks(jobId)).toBe(0);
    expect(await status(jobId)).toMatchObject({ status: 'failed', error: ERASED_WHILE_RUNNING });
    // The workspace may export again at once.
    await until(await started(), 'ready');
  });
});

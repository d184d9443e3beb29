import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@svc/errors';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { mongoForSuites, ndjsonLines, unzip } from '@svc/testing';
import { ChunkWriter } from '../src/tenant-export/chunk-writer.js';
import { EXPORT_CHUNKS, EXPORT_TENANT_LOCKS, type ExportJobDoc } from '../src/tenant-export/documents.js';
import { DOWNLOAD_LINK_TTL_MS, checkDownloadToken, mintDownloadToken } from '../src/tenant-export/download-link.js';
import { EXPORT_KEEP_MS, EXPORT_LEASE_MS, ExportJobStore, PROCESS_STOPPED } from '../src/tenant-export/job-store.js';
import { TenantExports } from '../src/tenant-export/tenant-exports.js';
import { writeZip, type ArchiveEntry } from '../src/tenant-export/zip-writer.js';
import { startGatewayWithCatalog, type GatewayHarness, type MintedSession } from './support/gateway-harness.js';

// A tenant's full export (docs/api-conventions.md "Tenant export"): the job store's rules on each
// store adapter at hand (one export per tenant under real concurrency, leases, the 7-day sweep),
// the archive writer, the download token, and the routes over real HTTP with the real catalog and
// customer services behind the gateway.

const T0 = 1_800_000_000_000;

function jobStoreSuite(label: string, open: () => Promise<DocumentStore>): void {
  describe(`the export job store (${label})`, () => {
    let store: DocumentStore;
    let jobs: ExportJobStore;
    beforeAll(async () => {
      store = await open();
      jobs = new ExportJobStore(store);
      await jobs.ensureIndexes();
    });
    afterAll(async () => {
      await store?.close();
    });
    const tenant = () => `ten_${randomUUID()}`;
    const chunkCount = (jobId: string) => store.collection(EXPORT_CHUNKS).count({ jobId });

    it('of 20 concurrent requests for one tenant exactly one gets a job; the others see it', async () => {
      const t = tenant();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => jobs.create(t, `usr_${i}`, 'gwp_a', T0)));
      const created = answers.flatMap((a) => ('job' in a ? [a.job] : []));
      expect(created).toHaveLength(1);
      for (const a of answers) {
        if ('running' in a) expect(a.running._id).toBe(created[0]!._id);
      }
      // Another tenant is not held up by it.
      expect('job' in (await jobs.create(tenant(), 'usr_x', 'gwp_a', T0))).toBe(true);
    });

    it('a job whose lease ran out is failed and its tenant may export again', async () => {
      const t = tenant();
      const first = await jobs.create(t, 'usr_1', 'gwp_dead', T0);
      if (!('job' in first)) throw new Error('expected a job');
      expect(await jobs.start(first.job._id, 'gwp_dead', T0)).toBe(true);
      await jobs.appendChunk(first.job._id, 0, Buffer.from('partial'));

      // Within the lease: still running.
      expect('running' in (await jobs.create(t, 'usr_1', 'gwp_live', T0 + EXPORT_LEASE_MS - 1))).toBe(true);
      expect(await jobs.failExpiredLeases(T0 + EXPORT_LEASE_MS - 1)).toMatchObject({ failed: 0 });

      // Past it: the start-up (and periodic) pass marks it failed, removes its chunks, frees the tenant.
      const after = T0 + EXPORT_LEASE_MS + 1;
      expect((await jobs.failExpiredLeases(after)).failed).toBeGreaterThanOrEqual(1);
      const failed = await jobs.get(t, first.job._id);
      expect(failed).toMatchObject({ status: 'failed', error: PROCESS_STOPPED, leaseUntilMs: null });
      expect(failed!.removeAtMs).toBe(after + EXPORT_KEEP_MS);
      expect(await chunkCount(first.job._id)).toBe(0);
      // The dead process cannot finish it any more.
      expect(await jobs.renew(first.job._id, 'gwp_dead', after, [])).toBe(false);
      expect(await jobs.finishReady(first.job, 'gwp_dead', after, { files: [], sizeBytes: 0, chunkCount: 0 })).toBe(
        false,
      );
      expect('job' in (await jobs.create(t, 'usr_1', 'gwp_live', after))).toBe(true);
    });

    it('a request finding a dead job takes its tenant over in one step', async () => {
      const t = tenant();
      const first = await jobs.create(t, 'usr_1', 'gwp_dead', T0);
      if (!('job' in first)) throw new Error('expected a job');
      const next = await jobs.create(t, 'usr_1', 'gwp_live', T0 + EXPORT_LEASE_MS + 1);
      if (!('job' in next)) throw new Error('expected the tenant to be taken over');
      expect(await jobs.get(t, first.job._id)).toMatchObject({ status: 'failed', error: PROCESS_STOPPED });
      const lock = await store.collection(EXPORT_TENANT_LOCKS).findOne({ _id: t });
      expect(lock).toMatchObject({ jobId: next.job._id });
    });

    it('renewing keeps a job alive past its first lease', async () => {
      const t = tenant();
      const created = await jobs.create(t, 'usr_1', 'gwp_a', T0);
      if (!('job' in created)) throw new Error('expected a job');
      await jobs.start(created.job._id, 'gwp_a', T0);
      expect(await jobs.renew(created.job._id, 'gwp_a', T0 + 50_000, [{ name: 'x.ndjson', records: 3 }])).toBe(true);
      // Another process cannot renew it.
      expect(await jobs.renew(created.job._id, 'gwp_b', T0 + 50_000, [])).toBe(false);
      await jobs.failExpiredLeases(T0 + EXPORT_LEASE_MS + 1);
      expect(await jobs.get(t, created.job._id)).toMatchObject({
        status: 'running',
        files: [{ name: 'x.ndjson', records: 3 }],
      });
    });

    it('finished jobs and their archives are removed after 7 days', async () => {
      const t = tenant();
      const created = await jobs.create(t, 'usr_1', 'gwp_a', T0);
      if (!('job' in created)) throw new Error('expected a job');
      const { job } = created;
      await jobs.start(job._id, 'gwp_a', T0);
      await jobs.appendChunk(job._id, 0, Buffer.from('abc'));
      await jobs.appendChunk(job._id, 1, Buffer.from('def'));
      expect(await jobs.finishReady(job, 'gwp_a', T0 + 10, { files: [], sizeBytes: 6, chunkCount: 2 })).toBe(true);
      // Ready releases the tenant.
      expect((await store.collection(EXPORT_TENANT_LOCKS).findOne({ _id: t })) === null).toBe(true);
      expect(Buffer.concat(await jobs.chunks(job._id, 0, 2)).toString()).toBe('abcdef');

      await jobs.sweep(T0 + 10 + EXPORT_KEEP_MS - 1);
      expect(await jobs.get(t, job._id)).not.toBeNull();
      await jobs.sweep(T0 + 10 + EXPORT_KEEP_MS + 1);
      expect(await jobs.get(t, job._id)).toBeNull();
      expect(await chunkCount(job._id)).toBe(0);
    });

    it('a download streams every chunk in order, a few per read', async () => {
      const created = await jobs.create(tenant(), 'usr_1', 'gwp_a', T0);
      if (!('job' in created)) throw new Error('expected a job');
      const parts = Array.from({ length: 11 }, (_, i) => Buffer.alloc(1_000 + i, i));
      for (const [seq, part] of parts.entries()) await jobs.appendChunk(created.job._id, seq, part);
      const exports = new TenantExports({
        store,
        downstream: {} as never,
        identity: {} as never,
        logger: createLogger('export-test', 'silent'),
        linkSecret: 'k'.repeat(32),
      });
      const streamed: Buffer[] = [];
      for await (const part of exports.archive({ ...created.job, chunkCount: parts.length })) streamed.push(part);
      expect(Buffer.concat(streamed).equals(Buffer.concat(parts))).toBe(true);
      // A chunk gone (the sweep) ends the download with an error, not a shorter archive.
      await store.collection(EXPORT_CHUNKS).deleteMany({ _id: `${created.job._id}:9` });
      const broken = async () => {
        for await (const _ of exports.archive({ ...created.job, chunkCount: parts.length })) void _;
      };
      await expect(broken()).rejects.toThrow();
    });

    it('a status answer fails a job whose lease ran out, and knows no job past its 7 days', async () => {
      let nowMs = T0;
      const exports = new TenantExports({
        store,
        downstream: {} as never,
        identity: {} as never,
        logger: createLogger('export-test', 'silent'),
        linkSecret: 'k'.repeat(32),
        now: () => nowMs,
      });
      const t = tenant();
      const dead = await jobs.create(t, 'usr_1', 'gwp_dead', T0);
      if (!('job' in dead)) throw new Error('expected a job');
      expect(await exports.status(t, dead.job._id)).toMatchObject({ status: 'queued' });
      nowMs = T0 + EXPORT_LEASE_MS + 1;
      expect(await exports.status(t, dead.job._id)).toMatchObject({ status: 'failed', error: PROCESS_STOPPED });
      nowMs += EXPORT_KEEP_MS - 1;
      expect(await exports.status(t, dead.job._id)).not.toBeNull();
      nowMs += 1;
      expect(await exports.status(t, dead.job._id)).toBeNull();
    });

    it("another tenant's job id names nothing", async () => {
      const created = await jobs.create(tenant(), 'usr_1', 'gwp_a', T0);
      if (!('job' in created)) throw new Error('expected a job');
      expect(await jobs.get(tenant(), created.job._id)).toBeNull();
    });
  });
}

jobStoreSuite('SQLite', () => openSqliteStore({ file: ':memory:' }));
const mongo = mongoForSuites();
afterAll(() => mongo.stop());
if (mongo.runs) {
  jobStoreSuite('MongoDB', async () =>
    openMongoStore({
      url: await mongo.url(),
      dbName: `gateway_export_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    }),
  );
}

describe('the archive', () => {
  const lines = (prefix: string, n: number) =>
    Buffer.from(Array.from({ length: n }, (_, i) => `{"${prefix}":${i}}\n`).join(''));
  const entry = (name: string, parts: Buffer[]): ArchiveEntry => ({
    name,
    async *content() {
      yield* parts;
    },
  });

  it('streams entries of unknown size into fixed chunks that reassemble into the zip', async () => {
    const big = Array.from({ length: 40 }, (_, i) => lines(`p${i}`, 2_000)); // ~1 MB, many pages
    const stored: Buffer[] = [];
    const writer = new ChunkWriter(async (seq, bytes) => {
      expect(seq).toBe(stored.length);
      stored.push(bytes);
    }, 64 * 1024);
    await writeZip(
      [entry('a.ndjson', [lines('a', 3)]), entry('dir/big.ndjson', big), entry('empty.ndjson', [])],
      new Date(T0),
      (bytes) => writer.write(bytes),
    );
    await writer.end();
    expect(stored.slice(0, -1).every((c) => c.length === 64 * 1024)).toBe(true);
    expect(stored.at(-1)!.length).toBeGreaterThan(0);
    expect(writer.totalBytes).toBe(stored.reduce((n, c) => n + c.length, 0));
    expect(writer.chunkCount).toBe(stored.length);

    const files = await unzip(Buffer.concat(stored));
    expect([...files.keys()]).toEqual(['a.ndjson', 'dir/big.ndjson', 'empty.ndjson']);
    expect(ndjsonLines(files.get('a.ndjson'))).toEqual([{ a: 0 }, { a: 1 }, { a: 2 }]);
    expect(ndjsonLines(files.get('dir/big.ndjson'))).toHaveLength(80_000);
    expect(files.get('dir/big.ndjson')!.equals(Buffer.concat(big))).toBe(true);
    expect(ndjsonLines(files.get('empty.ndjson'))).toEqual([]);
  });

  it('ends with the error of an entry that fails half way, without hanging', async () => {
    const failing: ArchiveEntry = {
      name: 'b.ndjson',
      async *content() {
        yield lines('b', 10);
        throw new Error('the service went away');
      },
    };
    await expect(
      writeZip([entry('a.ndjson', [lines('a', 3)]), failing, entry('c.ndjson', [])], new Date(T0), async () => {}),
    ).rejects.toThrow('the service went away');
  });

  it('ends with the error of its consumer', async () => {
    await expect(
      writeZip([entry('a.ndjson', [lines('a', 10_000)])], new Date(T0), async () => {
        throw new Error('store down');
      }),
    ).rejects.toThrow('store down');
  });
});

describe('the download token', () => {
  const secret = 'k'.repeat(32);
  const token = mintDownloadToken(secret, 'ten_a', 'exp_1', T0 + DOWNLOAD_LINK_TTL_MS);

  it('is valid for its tenant and job until it expires', () => {
    expect(checkDownloadToken(secret, 'ten_a', 'exp_1', token, T0)).toBe('valid');
    expect(checkDownloadToken(secret, 'ten_a', 'exp_1', token, T0 + DOWNLOAD_LINK_TTL_MS - 1)).toBe('valid');
    expect(checkDownloadToken(secret, 'ten_a', 'exp_1', token, T0 + DOWNLOAD_LINK_TTL_MS)).toBe('expired');
  });

  it('is invalid for another tenant, job or key, with another expiry, or mangled', () => {
    expect(checkDownloadToken(secret, 'ten_b', 'exp_1', token, T0)).toBe('invalid');
    expect(checkDownloadToken(secret, 'ten_a', 'exp_2', token, T0)).toBe('invalid');
    expect(checkDownloadToken('j'.repeat(32), 'ten_a', 'exp_1', token, T0)).toBe('invalid');
    const [, mac] = token.split('.');
    expect(checkDownloadToken(secret, 'ten_a', 'exp_1', `${T0 + 10 * DOWNLOAD_LINK_TTL_MS}.${mac}`, T0)).toBe(
      'invalid',
    );
    expect(checkDownloadToken(secret, 'ten_a', 'exp_1', `${token}x`, T0)).toBe('invalid');
    expect(checkDownloadToken(secret, 'ten_a', 'exp_1', '', T0)).toBe('invalid');
    expect(checkDownloadToken(secret, 'ten_a', 'exp_1', 'x'.repeat(10_000), T0)).toBe('invalid');
  });
});

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
    expect(await h.store.collection(EXPORT_CHUNKS).count({ jobId: job.jobId })).toBe(0);

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
      await h.store.collection<ExportJobDoc>('export_jobs').find({ tenantId: tenantA }, { limit: 1 })
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
      await h.store.collection<ExportJobDoc>('export_jobs').find({ tenantId: tenantA }, { limit: 1 })
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

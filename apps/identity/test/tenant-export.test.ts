import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@svc/errors';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { mongoForSuites, ndjsonLines, unzip } from '@svc/testing';
import { ChunkWriter } from '../src/tenant-export/chunk-writer.js';
import { EXPORT_CHUNKS, EXPORT_TENANT_LOCKS, type ExportJobDoc } from '../src/tenant-export/documents.js';
import { DOWNLOAD_LINK_TTL_MS, checkDownloadToken, mintDownloadToken } from '../src/tenant-export/download-link.js';
import {
  EXPORT_KEEP_MS,
  EXPORT_LEASE_MS,
  ExportJobStore,
  PROCESS_STOPPED,
  replacedBy,
} from '../src/tenant-export/job-store.js';
import { ERASED_AFTER, ERASED_WHILE_RUNNING, TenantExports } from '../src/tenant-export/tenant-exports.js';
import { writeZip, type ArchiveEntry } from '../src/tenant-export/zip-writer.js';
import { startGatewayWithCatalog, type GatewayHarness, type MintedSession } from './support/gateway-harness.js';

// A tenant's full export (docs/api-conventions.md "Tenant export"): the job store's rules on each
// store adapter at hand (one export per tenant under real concurrency, leases, the 7-day sweep,
// the archives an erase or a newer archive removes), the archive writer, the download token, and
// the routes over real HTTP with the real catalog and customer services behind the gateway.

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

    /** A ready job of the tenant whose archive has `chunks` chunks. */
    async function readyJob(t: string, nowMs: number, chunks = 2): Promise<ExportJobDoc> {
      const created = await jobs.create(t, 'usr_1', 'gwp_a', nowMs);
      if (!('job' in created)) throw new Error('expected a job');
      await jobs.start(created.job._id, 'gwp_a', nowMs);
      for (let seq = 0; seq < chunks; seq++) await jobs.appendChunk(created.job._id, seq, Buffer.from(`part ${seq}`));
      const result = { files: [], sizeBytes: 6 * chunks, chunkCount: chunks };
      expect(await jobs.finishReady(created.job, 'gwp_a', nowMs + 1, result)).toBe(true);
      return (await jobs.get(t, created.job._id))!;
    }
    const erasedErrors = { ready: 'erased after it was made', active: 'erased while it ran' };

    it('forget removes every archive of the tenant: ready ones lose theirs, a running one fails', async () => {
      const t = tenant();
      const other = tenant();
      const older = await readyJob(t, T0);
      const otherJob = await readyJob(other, T0);
      const created = await jobs.create(t, 'usr_1', 'gwp_b', T0 + 10);
      if (!('job' in created)) throw new Error('expected a job');
      const running = created.job;
      await jobs.start(running._id, 'gwp_b', T0 + 10);
      await jobs.appendChunk(running._id, 0, Buffer.from('half an archive'));

      const ended = await jobs.forget(t, T0 + 20, erasedErrors);
      expect(ended.map((j) => j._id).sort()).toEqual([older._id, running._id].sort());
      expect(await jobs.get(t, older._id)).toMatchObject({
        status: 'failed',
        error: erasedErrors.ready,
        sizeBytes: 0,
        chunkCount: 0,
        finishedAtMs: T0 + 20,
      });
      expect(await jobs.get(t, running._id)).toMatchObject({
        status: 'failed',
        error: erasedErrors.active,
        leaseUntilMs: null,
      });
      expect(await chunkCount(older._id)).toBe(0);
      expect(await chunkCount(running._id)).toBe(0);
      // The running job's process finds it no longer its own; the tenant may export again.
      expect(await jobs.renew(running._id, 'gwp_b', T0 + 30, [])).toBe(false);
      expect(await jobs.finishReady(running, 'gwp_b', T0 + 30, { files: [], sizeBytes: 1, chunkCount: 1 })).toBe(false);
      expect(await store.collection(EXPORT_TENANT_LOCKS).findOne({ _id: t })).toBeNull();
      // Another tenant's archive stays.
      expect(await jobs.get(other, otherJob._id)).toMatchObject({ status: 'ready', chunkCount: 2 });
      expect(await chunkCount(otherJob._id)).toBe(2);
      // Again: nothing left to remove, nothing changed.
      expect(await jobs.forget(t, T0 + 40, erasedErrors)).toEqual([]);
      expect(await jobs.get(t, older._id)).toMatchObject({ status: 'failed', finishedAtMs: T0 + 20 });
    });

    it('forget with a cut-off removes only the archives asked for before it (an erase read off the bus)', async () => {
      const t = tenant();
      const before = await readyJob(t, T0);
      const after = await readyJob(t, T0 + 1_000);
      const ended = await jobs.forget(t, T0 + 2_000, erasedErrors, T0 + 1_000);
      expect(ended.map((j) => j._id)).toEqual([before._id]);
      expect(await jobs.get(t, before._id)).toMatchObject({ status: 'failed', error: erasedErrors.ready });
      expect(await jobs.get(t, after._id)).toMatchObject({ status: 'ready', chunkCount: 2 });
      expect(await chunkCount(after._id)).toBe(2);
    });

    it('forget while the job finishes, concurrently: it ends failed without an archive either way', async () => {
      for (let round = 0; round < 10; round++) {
        const t = tenant();
        const created = await jobs.create(t, 'usr_1', 'gwp_a', T0);
        if (!('job' in created)) throw new Error('expected a job');
        const { job } = created;
        await jobs.start(job._id, 'gwp_a', T0);
        for (let seq = 0; seq < 3; seq++) await jobs.appendChunk(job._id, seq, Buffer.from(`part ${seq}`));
        const result = { files: [], sizeBytes: 18, chunkCount: 3 };
        await Promise.all([jobs.forget(t, T0 + 1, erasedErrors), jobs.finishReady(job, 'gwp_a', T0 + 1, result)]);
        const after = await jobs.get(t, job._id);
        expect(after).toMatchObject({ status: 'failed', chunkCount: 0 });
        expect([erasedErrors.ready, erasedErrors.active]).toContain(after!.error);
        expect(await chunkCount(job._id)).toBe(0);
      }
    });

    it("a new archive replaces the tenant's earlier ones", async () => {
      const t = tenant();
      const other = tenant();
      const first = await readyJob(t, T0);
      const otherJob = await readyJob(other, T0);
      const second = await readyJob(t, T0 + 100, 3);
      expect(await jobs.replaceOlder(second, T0 + 200)).toBe(1);
      expect(await jobs.get(t, first._id)).toMatchObject({
        status: 'failed',
        error: replacedBy(second._id),
        chunkCount: 0,
        finishedAtMs: T0 + 200,
      });
      expect(await chunkCount(first._id)).toBe(0);
      expect(await jobs.get(t, second._id)).toMatchObject({ status: 'ready', chunkCount: 3 });
      expect(await chunkCount(second._id)).toBe(3);
      expect(await chunkCount(otherJob._id)).toBe(2);
      expect(await jobs.replaceOlder(second, T0 + 300)).toBe(0);
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
  const chunks = (jobId: string) => h.store.collection(EXPORT_CHUNKS).count({ jobId });
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
    const scrubs = vi.spyOn(h.store, 'scrubFreed');
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

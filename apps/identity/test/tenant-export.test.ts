import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { TenantExports } from '../src/tenant-export/tenant-exports.js';
import { writeZip, type ArchiveEntry } from '../src/tenant-export/zip-writer.js';

// A tenant's full export (docs/api-conventions.md "Tenant export"): the job store's rules on each
// store adapter at hand (one export per tenant under real concurrency, leases, the 7-day sweep,
// the archives an erase or a newer archive removes), the archive writer and the download token.
// The routes over real HTTP, with the identity service behind the gateway:
// apps/gateway/test/tenant-export.test.ts.

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
      const t = tenant();
      const created = await jobs.create(t, 'usr_1', 'gwp_a', T0);
      if (!('job' in created)) throw new Error('expected a job');
      const parts = Array.from({ length: 11 }, (_, i) => Buffer.alloc(1_000 + i, i));
      for (const [seq, part] of parts.entries()) await jobs.appendChunk(created.job._id, seq, part);
      const exports = new TenantExports({
        store,
        downstream: {} as never,
        logger: createLogger('export-test', 'silent'),
        linkSecret: 'k'.repeat(32),
      });
      // What ReadTenantExportChunks answers the gateway's download, 4 chunks a read.
      const archive = async function* () {
        for (let seq = 0; seq < parts.length; seq += 4) {
          const read = await exports.readChunks(t, created.job._id, seq, Math.min(4, parts.length - seq));
          if (read === null) throw new Error('no such job');
          yield* read;
        }
      };
      expect(await exports.readChunks(tenant(), created.job._id, 0, 1)).toBeNull();
      const streamed: Buffer[] = [];
      for await (const part of archive()) streamed.push(part);
      expect(Buffer.concat(streamed).equals(Buffer.concat(parts))).toBe(true);
      // A chunk gone (the sweep) ends the download with an error, not a shorter archive.
      await store.collection(EXPORT_CHUNKS).deleteMany({ _id: `${created.job._id}:9` });
      const broken = async () => {
        for await (const _ of archive()) void _;
      };
      await expect(broken()).rejects.toThrow();
    });

    it('a status answer fails a job whose lease ran out, and knows no job past its 7 days', async () => {
      let nowMs = T0;
      const exports = new TenantExports({
        store,
        downstream: {} as never,
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

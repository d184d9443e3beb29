import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type Collection, type DocumentStore, type Filter } from '@svc/store';
import {
  ACTIVE_STATUSES,
  EXPORT_CHUNKS,
  EXPORT_INDEXES,
  EXPORT_JOBS,
  EXPORT_TENANT_LOCKS,
  type ExportChunkDoc,
  type ExportFileCount,
  type ExportJobDoc,
  type TenantExportLockDoc,
} from './documents.js';

/** How long a job's process holds it without renewing (it renews once half is gone). */
export const EXPORT_LEASE_MS = 60_000;
/** How long a finished job and its archive are kept. */
export const EXPORT_KEEP_MS = 7 * 24 * 60 * 60_000;
/** Jobs handled per maintenance read (a pass repeats at once while it finds a full batch). */
export const MAINTENANCE_BATCH = 100;
/** Reads of a tenant's live jobs `forget` makes before it gives up on jobs that keep appearing. */
const FORGET_PASSES = 10;

/** What `create` answers: the new job, or the export that is still running for the tenant. */
export type Created = { job: ExportJobDoc } | { running: ExportJobDoc };

/** A compare-and-set lost to another process while taking over a stale marker: read again. */
class Contended extends Error {}

/**
 * The jobs, their archives' chunks and the one-export-per-tenant marker over the store port
 * (SQLite embedded, MongoDB distributed: every service process sees the same jobs).
 */
export class ExportJobStore {
  private readonly jobs: Collection<ExportJobDoc>;
  private readonly chunkDocs: Collection<ExportChunkDoc>;
  private readonly locks: Collection<TenantExportLockDoc>;

  constructor(private readonly store: DocumentStore) {
    this.jobs = store.collection<ExportJobDoc>(EXPORT_JOBS);
    this.chunkDocs = store.collection<ExportChunkDoc>(EXPORT_CHUNKS);
    this.locks = store.collection<TenantExportLockDoc>(EXPORT_TENANT_LOCKS);
  }

  async ensureIndexes(): Promise<void> {
    await this.store.ensureIndexes(EXPORT_INDEXES);
  }

  /**
   * A queued job for the tenant, unless one is queued or running: the tenant's marker is inserted
   * with the job in one transaction, so of two concurrent creates one clashes on it. A marker whose
   * job's lease ran out (its process died) is taken over: that job is marked failed in the same
   * transaction, by a compare-and-set on the lease it was seen with.
   */
  async create(tenantId: string, requestedBy: string, owner: string, nowMs: number): Promise<Created> {
    const job: ExportJobDoc = {
      _id: `exp_${randomUUID()}`,
      tenantId,
      requestedBy,
      status: 'queued',
      createdAtMs: nowMs,
      startedAtMs: null,
      finishedAtMs: null,
      owner,
      leaseUntilMs: nowMs + EXPORT_LEASE_MS,
      files: [],
      sizeBytes: 0,
      chunkCount: 0,
      error: null,
      removeAtMs: null,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.tryCreate(job, nowMs);
      } catch (err) {
        // A marker released or taken over in between: look again (a few times, then give up).
        if (!(err instanceof Contended) || attempt === 5) throw err;
      }
    }
  }

  private async tryCreate(job: ExportJobDoc, nowMs: number): Promise<Created> {
    try {
      await this.store.withTransaction(async (tx) => {
        await this.locks.insertOne({ _id: job.tenantId, jobId: job._id }, tx);
        await this.jobs.insertOne(job, tx);
      });
      return { job };
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
    const lock = await this.locks.findOne({ _id: job.tenantId });
    if (!lock) throw new Contended();
    const holder = await this.jobs.findOne({ _id: lock.jobId });
    if (holder && isActive(holder) && (holder.leaseUntilMs ?? 0) >= nowMs) return { running: holder };
    await this.store.withTransaction(async (tx) => {
      if (holder && isActive(holder)) {
        const failed = await this.jobs.updateOne(
          { _id: holder._id, status: holder.status, leaseUntilMs: holder.leaseUntilMs },
          failedFields(nowMs, PROCESS_STOPPED),
          tx,
        );
        if (failed !== 1) throw new Contended();
      }
      const moved = await this.locks.updateOne({ _id: job.tenantId, jobId: lock.jobId }, { jobId: job._id }, tx);
      if (moved !== 1) throw new Contended();
      await this.jobs.insertOne(job, tx);
    });
    if (holder && isActive(holder)) await this.removeChunks(holder._id);
    return { job };
  }

  /** The tenant's job (null for another tenant's: the id alone names nothing). */
  async get(tenantId: string, jobId: string): Promise<ExportJobDoc | null> {
    return this.jobs.findOne({ _id: jobId, tenantId });
  }

  /** queued → running by its owner; false when it is no longer its to run. */
  async start(jobId: string, owner: string, nowMs: number): Promise<boolean> {
    const n = await this.jobs.updateOne(
      { _id: jobId, status: 'queued', owner },
      { status: 'running', startedAtMs: nowMs, leaseUntilMs: nowMs + EXPORT_LEASE_MS },
    );
    return n === 1;
  }

  /** Extends the lease and records the progress; false when the job is no longer the owner's. */
  async renew(jobId: string, owner: string, nowMs: number, files: ExportFileCount[]): Promise<boolean> {
    const n = await this.jobs.updateOne(
      { _id: jobId, status: 'running', owner },
      { leaseUntilMs: nowMs + EXPORT_LEASE_MS, files },
    );
    return n === 1;
  }

  /** running → ready, and the tenant's marker released, in one transaction; false when no longer the owner's. */
  async finishReady(
    job: ExportJobDoc,
    owner: string,
    nowMs: number,
    result: { files: ExportFileCount[]; sizeBytes: number; chunkCount: number },
  ): Promise<boolean> {
    return this.store.withTransaction(async (tx) => {
      const n = await this.jobs.updateOne(
        { _id: job._id, status: 'running', owner },
        {
          ...result,
          status: 'ready',
          finishedAtMs: nowMs,
          leaseUntilMs: null,
          removeAtMs: nowMs + EXPORT_KEEP_MS,
        },
        tx,
      );
      if (n !== 1) return false;
      await this.locks.deleteMany({ _id: job.tenantId, jobId: job._id }, tx);
      return true;
    });
  }

  /**
   * queued or running → failed with `error`, the marker released and the chunks written so far
   * removed. With `owner`, only while that process still holds it; with `{}`, whoever holds it.
   */
  async finishFailed(
    job: ExportJobDoc,
    nowMs: number,
    error: string,
    match: { owner: string } | { leaseUntilMs: number | null } | Record<string, never>,
    files?: ExportFileCount[],
  ): Promise<boolean> {
    const done = await this.store.withTransaction(async (tx) => {
      const n = await this.jobs.updateOne(
        { _id: job._id, status: { $in: [...ACTIVE_STATUSES] }, ...match },
        { ...failedFields(nowMs, error), ...(files ? { files } : {}) },
        tx,
      );
      if (n !== 1) return false;
      await this.locks.deleteMany({ _id: job.tenantId, jobId: job._id }, tx);
      return true;
    });
    // Outside the transaction: an archive may have many chunks. The 7-day sweep removes any a
    // crash leaves here.
    if (done) await this.removeChunks(job._id);
    return done;
  }

  /**
   * Marks failed the queued and running jobs whose lease ran out before `nowMs` (their process
   * died: docs/decisions.md "Tenant export"); answers how many, and the earliest lease still
   * running (null when none), for the next look.
   */
  async failExpiredLeases(nowMs: number): Promise<{ failed: number; nextLeaseEndMs: number | null }> {
    let failed = 0;
    for (const status of ACTIVE_STATUSES) {
      const stale = await this.jobs.find(
        { status, leaseUntilMs: { $lt: nowMs } },
        { sort: [['leaseUntilMs', 1]], limit: MAINTENANCE_BATCH },
      );
      for (const job of stale) {
        if (await this.finishFailed(job, nowMs, PROCESS_STOPPED, { leaseUntilMs: job.leaseUntilMs })) failed++;
      }
    }
    let next: number | null = null;
    for (const status of ACTIVE_STATUSES) {
      const [first] = await this.jobs.find(
        { status, leaseUntilMs: { $gte: nowMs } },
        { sort: [['leaseUntilMs', 1]], limit: 1 },
      );
      if (first?.leaseUntilMs != null && (next === null || first.leaseUntilMs < next)) next = first.leaseUntilMs;
    }
    return { failed, nextLeaseEndMs: next };
  }

  /**
   * Removes the jobs (and archives) whose time ran out before `nowMs`, chunks first, so an
   * interrupted sweep leaves a job that the next one finds again. Answers how many, and the next
   * removal time (null when none).
   */
  async sweep(nowMs: number): Promise<{ removed: number; nextRemoveAtMs: number | null }> {
    const due = await this.jobs.find(
      { removeAtMs: { $lt: nowMs } },
      { sort: [['removeAtMs', 1]], limit: MAINTENANCE_BATCH },
    );
    for (const job of due) {
      await this.removeChunks(job._id);
      await this.jobs.deleteMany({ _id: job._id, removeAtMs: { $lt: nowMs } });
    }
    const [next] = await this.jobs.find({ removeAtMs: { $gte: nowMs } }, { sort: [['removeAtMs', 1]], limit: 1 });
    return { removed: due.length, nextRemoveAtMs: next?.removeAtMs ?? null };
  }

  /**
   * Removes every archive of the tenant, for a customer erase (docs/decisions.md "Tenant export"):
   * each ready job loses its chunks and is marked failed with `errors.ready`; each queued or running
   * one is failed with `errors.active` (its marker released) and loses what it wrote (its process
   * drops what it writes after, once it finds the job no longer its own). A ready job's chunks go
   * before its mark, so an interrupted call leaves a job that the next call finds again. With
   * `createdBeforeMs`, only the jobs asked for before then. Answers the jobs it ended.
   */
  async forget(
    tenantId: string,
    nowMs: number,
    errors: { ready: string; active: string },
    createdBeforeMs?: number,
  ): Promise<ExportJobDoc[]> {
    const ended: ExportJobDoc[] = [];
    const filter: Filter = { tenantId, status: { $in: ['ready', ...ACTIVE_STATUSES] } };
    if (createdBeforeMs !== undefined) filter.createdAtMs = { $lt: createdBeforeMs };
    for (let pass = 1; ; pass++) {
      const live = await this.jobs.find(filter, { limit: MAINTENANCE_BATCH });
      if (live.length === 0) return ended;
      // Each pass ends what it found; only new exports started meanwhile, again and again, get here.
      if (pass > FORGET_PASSES)
        throw new Error('the exports of a tenant kept changing while their archives were removed');
      for (const job of live) {
        let done: boolean;
        if (job.status === 'ready') done = await this.dropReady(job, nowMs, errors.ready);
        else {
          // Before the mark as well: what a running job wrote so far cannot outlive an interrupted call.
          await this.removeChunks(job._id);
          done = await this.finishFailed(job, nowMs, errors.active, {});
        }
        if (done) ended.push(job);
      }
    }
  }

  /**
   * Removes the tenant's other ready archives once `job` is ready: a tenant keeps one archive
   * (docs/decisions.md "Tenant export"); their jobs answer that they were replaced. Answers how many.
   */
  async replaceOlder(job: ExportJobDoc, nowMs: number): Promise<number> {
    let replaced = 0;
    for (;;) {
      const older = await this.jobs.find(
        { tenantId: job.tenantId, status: 'ready', _id: { $ne: job._id } },
        { limit: MAINTENANCE_BATCH },
      );
      for (const old of older) if (await this.dropReady(old, nowMs, replacedBy(job._id))) replaced++;
      if (older.length < MAINTENANCE_BATCH) return replaced;
    }
  }

  /** A ready job's chunks removed, then the job marked failed with `error`; false when it was no longer ready. */
  private async dropReady(job: ExportJobDoc, nowMs: number, error: string): Promise<boolean> {
    await this.removeChunks(job._id);
    return (await this.jobs.updateOne({ _id: job._id, status: 'ready' }, failedFields(nowMs, error))) === 1;
  }

  async appendChunk(jobId: string, seq: number, bytes: Uint8Array): Promise<void> {
    await this.chunkDocs.insertOne({ _id: `${jobId}:${seq}`, jobId, seq, data: Buffer.from(bytes).toString('base64') });
  }

  /** Chunks `fromSeq` … `fromSeq + count − 1` of a job's archive, in order (fewer if some are gone). */
  async chunks(jobId: string, fromSeq: number, count: number): Promise<Buffer[]> {
    const docs = await this.chunkDocs.find(
      { jobId, seq: { $gte: fromSeq, $lt: fromSeq + count } },
      { sort: [['seq', 1]] },
    );
    return docs.map((d, i) => {
      if (d.seq !== fromSeq + i) throw new Error(`chunk ${fromSeq + i} of ${jobId} is missing`);
      return Buffer.from(d.data, 'base64');
    });
  }

  async removeChunks(jobId: string): Promise<void> {
    await this.chunkDocs.deleteMany({ jobId });
  }
}

export const PROCESS_STOPPED = 'The service process running this export stopped; start a new export.';

/** The error of a ready job whose archive a newer export replaced. */
export const replacedBy = (jobId: string) =>
  `Replaced by a newer export of this workspace (${jobId}); its archive was removed.`;

const isActive = (job: ExportJobDoc) => ACTIVE_STATUSES.includes(job.status);

function failedFields(nowMs: number, error: string): Partial<ExportJobDoc> {
  return {
    status: 'failed',
    error,
    finishedAtMs: nowMs,
    leaseUntilMs: null,
    sizeBytes: 0,
    chunkCount: 0,
    removeAtMs: nowMs + EXPORT_KEEP_MS,
  };
}

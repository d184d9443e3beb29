import { randomUUID } from 'node:crypto';
import type { DocumentStore } from '@svc/store';
import { detached, type Logger } from '@svc/telemetry';
import { ChunkWriter } from './chunk-writer.js';
import { CHUNK_BYTES, type ExportFileCount, type ExportJobDoc } from './documents.js';
import { DOWNLOAD_LINK_TTL_MS, checkDownloadToken, mintDownloadToken, type TokenVerdict } from './download-link.js';
import { ExportMaintenance } from './export-maintenance.js';
import { EXPORT_LEASE_MS, ExportJobStore, PROCESS_STOPPED } from './job-store.js';
import { exportFiles, type ExportFile, type ExportSources } from './sources.js';
import { writeZip, type ArchiveEntry } from './zip-writer.js';

/** Exports running at once in one service process; beyond, a request is told to come back. */
export const MAX_RUNNING_PER_PROCESS = 4;
/** How often a running job records its progress (and renews its lease at the latest when half is gone). */
const PROGRESS_EVERY_MS = 5_000;

export const SERVICE_STOPPED = 'The service stopped while this export ran; start a new export.';
/** The errors of the jobs whose archives a customer erase removed (docs/decisions.md "Tenant export"). */
export const ERASED_AFTER =
  'A customer was erased after this export was made, so its archive was removed; start a new export.';
export const ERASED_WHILE_RUNNING = 'A customer was erased while the export ran; start it again.';

export interface TenantExportDeps {
  store: DocumentStore;
  downstream: ExportSources;
  logger: Logger;
  /** The download links' HMAC key (SESSION_SECRET, as the gateway's CSRF tokens). */
  linkSecret: string;
  now?: () => number;
  maxRunning?: number;
}

/** What a request to start an export got. */
export type StartAnswer = { job: ExportJobDoc } | { running: ExportJobDoc } | { busy: true };

/** The job must stop: the service is shutting down. */
class Stopped extends Error {}
/** Another process declared the job dead (its lease ran out) and failed it. */
class LeaseLost extends Error {}
/** A job of this process, running, and how to stop it when its archive is forgotten. */
interface RunningJob {
  done: Promise<void>;
  drop: AbortController;
}

/** A file's records could not be read. */
class ReadFailed extends Error {
  constructor(
    readonly what: string,
    cause: unknown,
  ) {
    super(`could not read ${what}`, { cause });
  }
}

/**
 * A tenant's full export (docs/decisions.md "Tenant export"): jobs run in the identity service
 * process that accepted them, write their archive into the store chunk by chunk, and hold a lease they renew as
 * they go. Every process runs a maintenance pass, at start-up and then at least every minute:
 * a queued or running job whose lease ran out belonged to a process that died and is marked
 * failed (its owner can start a new one at once), and jobs finished more than 7 days ago are
 * removed with their archives. A tenant keeps its newest archive only, and none after a customer erase.
 */
export class TenantExports {
  readonly jobs: ExportJobStore;
  private readonly owner = `proc_${randomUUID()}`;
  private readonly now: () => number;
  private readonly maxRunning: number;
  private readonly running = new Map<string, RunningJob>();
  /** Slots taken by requests between their check and their job's launch. */
  private reserved = 0;
  private readonly stopping = new AbortController();
  private readonly maintenance: ExportMaintenance;

  constructor(private readonly deps: TenantExportDeps) {
    this.jobs = new ExportJobStore(deps.store);
    this.now = deps.now ?? Date.now;
    this.maxRunning = deps.maxRunning ?? MAX_RUNNING_PER_PROCESS;
    this.maintenance = new ExportMaintenance(this.jobs, this.now, deps.logger);
  }

  /** Ensures the indexes and runs the first maintenance pass (the start-up recovery), then keeps it running. */
  async start(): Promise<void> {
    await this.jobs.ensureIndexes();
    this.maintenance.start();
  }

  /**
   * Starts an export of the tenant for `userId`, unless one is running (or this process is full).
   * `teamEmails`: the owners' and admins' addresses, which the notification settings' file shows
   * as their default business addresses (the gateway hands them along, as on its settings route).
   */
  async request(tenantId: string, userId: string, teamEmails: readonly string[] = []): Promise<StartAnswer> {
    if (this.running.size + this.reserved >= this.maxRunning) return { busy: true };
    this.reserved++;
    try {
      const created = await this.jobs.create(tenantId, userId, this.owner, this.now());
      if ('job' in created) this.launch(created.job, teamEmails);
      return created;
    } finally {
      this.reserved--;
    }
  }

  /**
   * The tenant's job as it stands (null: none of this tenant's, or removed). A queued or running job whose
   * lease ran out is marked failed first, so nobody waits for an export nobody runs.
   */
  async status(tenantId: string, jobId: string): Promise<ExportJobDoc | null> {
    const job = await this.jobs.get(tenantId, jobId);
    const nowMs = this.now();
    // Past its 7 days it is gone, whether or not the sweep came by yet.
    if (job?.removeAtMs != null && job.removeAtMs <= nowMs) return null;
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return job;
    if ((job.leaseUntilMs ?? 0) >= nowMs) return job;
    await this.jobs.finishFailed(job, nowMs, PROCESS_STOPPED, { leaseUntilMs: job.leaseUntilMs });
    return this.jobs.get(tenantId, jobId);
  }

  /** A download token for a ready job, valid for an hour from now, and when it ends. */
  downloadToken(job: ExportJobDoc): { token: string; expiresAtMs: number } {
    const expiresAtMs = this.now() + DOWNLOAD_LINK_TTL_MS;
    return { token: mintDownloadToken(this.deps.linkSecret, job.tenantId, job._id, expiresAtMs), expiresAtMs };
  }

  checkToken(job: ExportJobDoc, token: string): TokenVerdict {
    return checkDownloadToken(this.deps.linkSecret, job.tenantId, job._id, token, this.now());
  }

  /**
   * Chunks `fromSeq` … `fromSeq + count − 1` of the tenant's job's archive, in order (fewer when
   * some are gone: the reader ends early rather than a truncated zip looking whole); null when the
   * tenant has no such job.
   */
  async readChunks(tenantId: string, jobId: string, fromSeq: number, count: number): Promise<Buffer[] | null> {
    const job = await this.jobs.get(tenantId, jobId);
    if (!job) return null;
    return this.jobs.chunks(job._id, fromSeq, count);
  }

  /**
   * Removes every archive of the tenant, for a customer just erased: customers.ndjson and
   * bookings.ndjson may hold them (docs/decisions.md "Tenant export", "Privacy"). Ready jobs lose
   * their archive, queued and running ones fail; a job of this process is stopped and waited for, so
   * it writes nothing after; then the store is scrubbed. Idempotent: again, it finds nothing more to
   * remove. With `createdBeforeMs`, only the exports asked for before then (erased-customers.ts).
   * Answers how many jobs it ended.
   */
  async forgetArchives(tenantId: string, createdBeforeMs?: number): Promise<number> {
    const ended = await this.jobs.forget(
      tenantId,
      this.now(),
      { ready: ERASED_AFTER, active: ERASED_WHILE_RUNNING },
      createdBeforeMs,
    );
    for (const job of ended) {
      const running = this.running.get(job._id);
      running?.drop.abort();
      await running?.done;
    }
    await this.deps.store.scrubFreed();
    if (ended.length > 0)
      this.deps.logger.info({ ended: ended.length }, 'tenant export archives removed after an erase');
    return ended.length;
  }

  /** Stops the maintenance, lets the running jobs notice (they end failed) and waits for them. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.maintenance.stop();
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  private launch(job: ExportJobDoc, teamEmails: readonly string[]): void {
    const drop = new AbortController();
    // Detached: the job outlives the request that started it and is no part of its trace.
    const done = detached(() => this.run(job, teamEmails, drop.signal))
      .catch((err: unknown) => this.deps.logger.error({ err, jobId: job._id }, 'tenant export could not be finished'))
      .finally(() => this.running.delete(job._id));
    this.running.set(job._id, { done, drop });
  }

  /** `dropped`: the job's archive was forgotten (it is failed already); it stops and removes what it wrote. */
  private async run(job: ExportJobDoc, teamEmails: readonly string[], dropped: AbortSignal): Promise<void> {
    const { logger } = this.deps;
    if (!(await this.jobs.start(job._id, this.owner, this.now()))) return;
    const counts = new Map<string, number>();
    const files = (): ExportFileCount[] => [...counts].map(([name, records]) => ({ name, records }));
    let recordedAt = this.now();
    let leaseUntil = recordedAt + EXPORT_LEASE_MS;
    const checkpoint = async () => {
      if (dropped.aborted) throw new LeaseLost();
      if (this.stopping.signal.aborted) throw new Stopped();
      const nowMs = this.now();
      if (nowMs - recordedAt < PROGRESS_EVERY_MS && leaseUntil - nowMs > EXPORT_LEASE_MS / 2) return;
      if (!(await this.jobs.renew(job._id, this.owner, nowMs, files()))) throw new LeaseLost();
      recordedAt = nowMs;
      leaseUntil = nowMs + EXPORT_LEASE_MS;
    };
    const sources = exportFiles(this.deps.downstream, { tenantId: job.tenantId, teamEmails }, {
      checkpoint,
      // Either ends a wait between retries at once.
      signal: AbortSignal.any([this.stopping.signal, dropped]),
    });
    const entries: ArchiveEntry[] = sources.map((file) => ({
      name: file.name,
      content: () => ndjson(file, counts),
    }));
    entries.push({ name: 'manifest.json', content: () => manifest(job, files) });
    const writer = new ChunkWriter((seq, bytes) => this.jobs.appendChunk(job._id, seq, bytes), CHUNK_BYTES);
    try {
      await writeZip(entries, new Date(job.createdAtMs), (bytes) => writer.write(bytes));
      await writer.end();
      const result = { files: files(), sizeBytes: writer.totalBytes, chunkCount: writer.chunkCount };
      if (!(await this.jobs.finishReady(job, this.owner, this.now(), result))) throw new LeaseLost();
      logger.info({ jobId: job._id, sizeBytes: result.sizeBytes }, 'tenant export ready');
    } catch (err) {
      if (err instanceof LeaseLost || dropped.aborted) {
        // Failed by another process or an erase meanwhile, which removed the chunks it saw: remove the rest.
        logger.warn({ jobId: job._id }, 'tenant export was ended elsewhere; its archive is dropped');
        await this.jobs.removeChunks(job._id);
        return;
      }
      const stopped = err instanceof Stopped || this.stopping.signal.aborted;
      if (!stopped) logger.warn({ err, jobId: job._id }, 'tenant export failed');
      const message = stopped
        ? SERVICE_STOPPED
        : err instanceof ReadFailed
          ? `Could not read ${err.what}; start a new export.`
          : 'The export could not be written; start a new export.';
      await this.jobs.finishFailed(job, this.now(), message, { owner: this.owner }, files());
      return;
    }
    // One archive per tenant: the earlier ones go (docs/decisions.md "Tenant export").
    const replaced = await this.jobs.replaceOlder(job, this.now());
    if (replaced > 0) logger.info({ jobId: job._id, replaced }, 'earlier tenant exports replaced');
  }
}

/** A file's records as NDJSON, one buffer per page, counted as they go out. */
async function* ndjson(file: ExportFile, counts: Map<string, number>): AsyncGenerator<Buffer> {
  counts.set(file.name, 0);
  try {
    for await (const records of file.pages()) {
      if (records.length === 0) continue;
      counts.set(file.name, (counts.get(file.name) ?? 0) + records.length);
      yield Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join(''), 'utf8');
    }
  } catch (err) {
    if (err instanceof Stopped || err instanceof LeaseLost) throw err;
    throw new ReadFailed(file.what, err);
  }
}

/** The archive's last file: what it holds, written once every other file is complete. */
async function* manifest(job: ExportJobDoc, files: () => ExportFileCount[]): AsyncGenerator<Buffer> {
  const doc = {
    kind: 'tenant-export',
    version: 1,
    jobId: job._id,
    tenantId: job.tenantId,
    createdAtMs: job.createdAtMs,
    files: files(),
  };
  yield Buffer.from(`${JSON.stringify(doc, null, 2)}\n`, 'utf8');
}

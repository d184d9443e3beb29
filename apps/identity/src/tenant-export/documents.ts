import type { IndexSpec } from '@svc/store';

/**
 * A tenant's full export in the identity service's store (docs/decisions.md "Tenant export"): the
 * job, its archive's bytes in chunks (the store is the one place every process of both profiles
 * shares; a pod's disk is not), and the per-tenant marker that lets one export run at a time.
 */
export const EXPORT_JOBS = 'export_jobs';
export const EXPORT_CHUNKS = 'export_chunks';
export const EXPORT_TENANT_LOCKS = 'export_tenant_locks';

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** A job still holding its tenant's marker (and a lease). */
export const ACTIVE_STATUSES: readonly ExportStatus[] = ['queued', 'running'];

/** One file of the archive and the records (NDJSON lines) written to it so far. */
export interface ExportFileCount {
  name: string;
  records: number;
}

export interface ExportJobDoc {
  [key: string]: unknown;
  /** `exp_<uuid>`. */
  _id: string;
  tenantId: string;
  /** The owner who asked for it (user id). */
  requestedBy: string;
  status: ExportStatus;
  createdAtMs: number;
  startedAtMs: number | null;
  finishedAtMs: number | null;
  /** The service process running it (a random id per process start). */
  owner: string;
  /**
   * Until when `owner` holds the job: renewed as the job makes progress; a queued or running job
   * past it belongs to a process that died and is marked failed. Null once finished.
   */
  leaseUntilMs: number | null;
  files: ExportFileCount[];
  /** The archive's size and its number of chunks (0 until ready). */
  sizeBytes: number;
  chunkCount: number;
  /** Why it failed, in words a client may see; null otherwise. */
  error: string | null;
  /** When the sweep removes the job and its archive (7 days after it finished); null while active. */
  removeAtMs: number | null;
}

/** Up to CHUNK_BYTES of the archive, base64 (the store holds JSON documents). */
export interface ExportChunkDoc {
  [key: string]: unknown;
  /** `<jobId>:<seq>`. */
  _id: string;
  jobId: string;
  /** 0, 1, 2, … in archive order. */
  seq: number;
  data: string;
}

/** Present while a tenant has a queued or running export: `_id` is the tenant id, so a second insert clashes. */
export interface TenantExportLockDoc {
  [key: string]: unknown;
  _id: string;
  jobId: string;
}

/** A chunk's size: small enough for any store document (MongoDB's limit is 16 MiB), large enough to keep them few. */
export const CHUNK_BYTES = 256 * 1024;

export const EXPORT_INDEXES: IndexSpec[] = [
  // The start-up and periodic check for jobs whose process died (status, lease end).
  { collection: EXPORT_JOBS, fields: ['status', 'leaseUntilMs'], name: 'by_status_lease' },
  // A tenant's ready and running jobs: a customer erase and a newer archive remove their archives.
  { collection: EXPORT_JOBS, fields: ['tenantId', 'status'], name: 'by_tenant_status' },
  // The 7-day sweep.
  { collection: EXPORT_JOBS, fields: ['removeAtMs'], name: 'by_remove_at' },
  { collection: EXPORT_CHUNKS, fields: ['jobId', 'seq'], unique: true, name: 'by_job_seq' },
  // Also creates the collection before the first transaction writes it (store port rule).
  { collection: EXPORT_TENANT_LOCKS, fields: ['jobId'], name: 'by_job' },
];

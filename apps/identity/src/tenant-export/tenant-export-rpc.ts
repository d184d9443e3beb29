/** identity.v1.TenantExportService: request checks and mapping around the tenant export (docs/decisions.md "Tenant export"). */
import { DomainError, requireTenantId, throwIfViolations, type FieldViolation } from '@svc/errors';
import { bindService, type ServiceBinding } from '@svc/grpc';
import { tenantExportV1 } from '@svc/proto';
import { MAX_BUSINESS_EMAILS } from '@svc/rules';
import type { ExportJobDoc } from './documents.js';
import type { TenantExports } from './tenant-exports.js';

/** Chunks one read may ask for: 4 × 256 KiB stays well under gRPC's 4 MiB message bound. */
export const MAX_CHUNKS_PER_READ = 4;
/** A job id, a user id, a token, an address: anything longer is refused. */
const MAX_TEXT = 320;

const noSuchExport = () => new DomainError('NOT_FOUND', 'No such export in this workspace.');

function toMessage(job: ExportJobDoc, download?: tenantExportV1.ExportDownload): tenantExportV1.ExportJob {
  return {
    jobId: job._id,
    tenantId: job.tenantId,
    status: job.status,
    createdAtMs: job.createdAtMs,
    ...(job.startedAtMs === null ? {} : { startedAtMs: job.startedAtMs }),
    ...(job.finishedAtMs === null ? {} : { finishedAtMs: job.finishedAtMs }),
    files: job.files,
    sizeBytes: job.sizeBytes,
    chunkCount: job.chunkCount,
    ...(job.error === null ? {} : { error: job.error }),
    ...(job.removeAtMs === null ? {} : { removeAtMs: job.removeAtMs }),
    ...(download ? { download } : {}),
  };
}

function checkText(violations: FieldViolation[], fields: Record<string, string>): void {
  for (const [path, value] of Object.entries(fields)) {
    if (value === '') violations.push({ path, message: 'is required' });
    else if (value.length > MAX_TEXT) violations.push({ path, message: `must be at most ${MAX_TEXT} characters` });
  }
}

export function tenantExportService(exports: TenantExports): ServiceBinding {
  /** The tenant's job as it stands (a stale lease failed first); NOT_FOUND for none. */
  const jobOf = async (tenantId: string, jobId: string): Promise<ExportJobDoc> => {
    const violations: FieldViolation[] = [];
    checkText(violations, { jobId });
    throwIfViolations(violations);
    const job = await exports.status(requireTenantId(tenantId), jobId);
    if (!job) throw noSuchExport();
    return job;
  };

  return bindService(tenantExportV1.TenantExportServiceService, {
    startTenantExport: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      checkText(violations, { requestedBy: req.requestedBy });
      if (req.teamEmails.length > MAX_BUSINESS_EMAILS)
        violations.push({ path: 'teamEmails', message: `must hold at most ${MAX_BUSINESS_EMAILS} addresses` });
      checkText(violations, Object.fromEntries(req.teamEmails.map((e, i) => [`teamEmails.${i}`, e])));
      throwIfViolations(violations);
      const answer = await exports.request(tenantId, req.requestedBy, req.teamEmails);
      if ('busy' in answer) return { answer: { $case: 'busy', value: true } };
      if ('running' in answer) return { answer: { $case: 'running', value: toMessage(answer.running) } };
      return { answer: { $case: 'job', value: toMessage(answer.job) } };
    },

    getTenantExport: async (req) => {
      const job = await jobOf(req.tenantId, req.jobId);
      return { job: toMessage(job, job.status === 'ready' ? exports.downloadToken(job) : undefined) };
    },

    openTenantExportDownload: async (req) => {
      const job = await jobOf(req.tenantId, req.jobId);
      const verdict = req.token.length > MAX_TEXT ? 'invalid' : exports.checkToken(job, req.token);
      if (verdict === 'invalid') {
        throw new DomainError('FORBIDDEN', 'This download link is not valid; ask the export’s status for a new one.');
      }
      if (verdict === 'expired') {
        throw new DomainError('FORBIDDEN', 'This download link has expired; ask the export’s status for a new one.');
      }
      // A valid token is only handed out for a ready job, and a finished job stays so.
      if (job.status !== 'ready') throw new DomainError('NOT_FOUND', 'This export has no archive.');
      return { job: toMessage(job) };
    },

    readTenantExportChunks: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      checkText(violations, { jobId: req.jobId });
      if (!(Number.isSafeInteger(req.fromSeq) && req.fromSeq >= 0))
        violations.push({ path: 'fromSeq', message: 'must be an integer of at least 0' });
      if (!(Number.isSafeInteger(req.count) && req.count >= 1 && req.count <= MAX_CHUNKS_PER_READ))
        violations.push({ path: 'count', message: `must be an integer from 1 to ${MAX_CHUNKS_PER_READ}` });
      throwIfViolations(violations);
      const chunks = await exports.readChunks(tenantId, req.jobId, req.fromSeq, req.count);
      if (!chunks) throw noSuchExport();
      return { chunks };
    },

    forgetTenantArchives: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      return { ended: await exports.forgetArchives(tenantId, req.createdBeforeMs) };
    },
  });
}

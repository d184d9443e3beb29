import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import type { TenantExportClient } from '@svc/grpc';
import type { tenantExportV1 } from '@svc/proto';
import { idSchema, MAX_BUSINESS_EMAILS } from '@svc/rules';
import { principalOf, WRITE_ROLES, type GuardOptions } from '../../auth/principal.js';
import { attachment, streamed } from '../../http/attachment.js';
import { routeGroup } from '../../http/route-group.js';
import { linksTo } from '../../http/openapi-links.js';
import type { GatewayIdentity } from '../../identity/identity-client.js';
import { noBody } from '../../api/field-schemas.js';
import { present } from '../../api/present.js';
import { tenantOf } from '../../api/request-tenant.js';

/** queued, running, then ready or failed (identity.v1 ExportJob.status). */
const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
/** Chunks asked per read while a download streams (1 MiB; TenantExportService allows at most 4). */
const DOWNLOAD_READ_AHEAD = 4;

const TAGS = ['tenant export'];
const COLLECTION = '/api/tenant/export';
const JOB = `${COLLECTION}/:jobId`;
const DOWNLOAD = `${JOB}/download`;
/** Retry-After of a request this gateway process has no room for. */
const BUSY_RETRY_AFTER_S = 60;
const ZIP = 'application/zip';

/**
 * Owners only, whatever the workspace's status: a suspended or disabled business can still leave
 * with its data (docs/decisions.md "Tenant export").
 */
const OWNERS: GuardOptions = { ownerOnly: true, tenant: 'any' };

const jobSchema = z
  .object({
    jobId: z.string(),
    status: z
      .enum(EXPORT_STATUSES)
      .describe('queued, running, then ready (the archive can be downloaded) or failed (see `error`).'),
    createdAtMs: z.number().int(),
    startedAtMs: z.number().int().nullable(),
    finishedAtMs: z.number().int().nullable(),
    files: z
      .array(z.object({ name: z.string(), records: z.number().int().describe('NDJSON lines written so far.') }))
      .describe('The archive’s files begun so far, in archive order; complete once ready.'),
    sizeBytes: z.number().int().nullable().describe('The archive’s size once ready; null before.'),
    error: z.string().nullable().describe('Why it failed; null unless failed.'),
    keptUntilMs: z
      .number()
      .int()
      .nullable()
      .describe('When the job and its archive are removed: 7 days after it finished; null while it runs.'),
    download: z
      .object({
        url: z.string().describe('GET it with the session (owners): the archive, application/zip.'),
        token: z.string().describe('The `token` of the URL.'),
        expiresAtMs: z
          .number()
          .int()
          .describe('The link works until then (an hour); ask the status again for a new one.'),
      })
      .nullable()
      .describe('Once ready: a fresh link on every answer.'),
  })
  .describe("An export of the workspace's catalog, customers, bookings and settings as NDJSON files in a zip.");

type JobView = z.input<typeof jobSchema>;

const jobParams = z.strictObject({ jobId: idSchema });
const downloadQuery = z.strictObject({
  token: z.string().max(256).describe('The `download.token` of the job’s status answer.'),
});

const FILES_RULE =
  'The archive (zip) holds `tenant.ndjson`; `catalog/services.ndjson`, `staff`, `resources`, `availability-rules`, ' +
  '`date-overrides`, `blocked-times`, `holidays`; `customers.ndjson`; `bookings.ndjson`; `settings/webhook-subscriptions.ndjson` ' +
  '(without signing secrets), `notification-settings`, `integration-settings` and `calendar-connections` (without credentials); ' +
  'and `manifest.json` with the count of each file. Each line is the record the dashboard API answers for it.';

/** A ready job's archive as the identity service stores it, a few chunks per read. */
async function* archive(exports: TenantExportClient, job: tenantExportV1.ExportJob): AsyncGenerator<Uint8Array> {
  for (let seq = 0; seq < job.chunkCount; seq += DOWNLOAD_READ_AHEAD) {
    const count = Math.min(DOWNLOAD_READ_AHEAD, job.chunkCount - seq);
    const read = await exports.readTenantExportChunks({
      tenantId: job.tenantId,
      jobId: job.jobId,
      fromSeq: seq,
      count,
    });
    // Removed while it streamed (the sweep, a newer archive, an erase): the connection ends
    // early rather than a truncated zip looking whole.
    if (read.chunks.length !== count)
      throw new Error(`the archive of ${job.jobId} was removed while it was downloaded`);
    yield* read.chunks;
  }
}

/**
 * /api/tenant/export (docs/api-conventions.md "Tenant export"): an owner starts an export job, asks
 * its status and, once ready, downloads its archive through a link that works for an hour. The
 * jobs run in the identity service (TenantExportService); these routes are their HTTP side.
 */
export function registerTenantExportRoutes(
  app: FastifyInstance,
  deps: { exports: TenantExportClient; identity: GatewayIdentity; baseUrl: string },
): void {
  const { exports, identity, baseUrl } = deps;
  const route = routeGroup(app, { tags: TAGS, guard: OWNERS });

  const view = (answer: tenantExportV1.ExportJob | undefined): JobView => {
    const job = present(answer, 'job');
    const ready = job.status === 'ready';
    const link = ready ? (job.download ?? null) : null;
    return {
      jobId: job.jobId,
      status: job.status as JobView['status'],
      createdAtMs: job.createdAtMs,
      startedAtMs: job.startedAtMs ?? null,
      finishedAtMs: job.finishedAtMs ?? null,
      files: job.files,
      sizeBytes: ready ? job.sizeBytes : null,
      error: job.error ?? null,
      keptUntilMs: job.removeAtMs ?? null,
      download: link && {
        url: `${baseUrl}${COLLECTION}/${job.jobId}/download?token=${encodeURIComponent(link.token)}`,
        token: link.token,
        expiresAtMs: link.expiresAtMs,
      },
    };
  };

  route({
    method: 'POST',
    url: COLLECTION,
    summary: "Start an export of the workspace's data (owners only)",
    description:
      `Answers the job, queued; ask its status until it is ready. ${FILES_RULE} At most one export of a workspace ` +
      'runs at a time: another while one is queued or running is QUOTA_EXCEEDED 409. A gateway already running as ' +
      `many exports as it may answers RATE_LIMITED 429 with Retry-After. The archive is kept 7 days.`,
    access: 'dashboard:write',
    body: noBody,
    status: 202,
    response: jobSchema,
    links: linksTo([`GET ${JOB}`], 'jobId', 'jobId'),
    handler: async (_input, request, reply) => {
      const tenantId = tenantOf(request);
      // The team's addresses go along as on GET /api/notification-settings (the notification settings' file).
      const teamEmails = await identity.teamEmails(tenantId, WRITE_ROLES, MAX_BUSINESS_EMAILS);
      const { answer } = await exports.startTenantExport({
        tenantId,
        requestedBy: principalOf(request).userId,
        teamEmails,
      });
      if (answer?.$case === 'busy') {
        reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
        throw new DomainError('RATE_LIMITED', 'This server is running as many exports as it may; retry in a minute.');
      }
      if (answer?.$case === 'running') {
        throw new DomainError(
          'QUOTA_EXCEEDED',
          `An export of this workspace is already ${answer.value.status} (${answer.value.jobId}); wait for it to finish.`,
        );
      }
      return view(answer?.value);
    },
  });

  route({
    method: 'GET',
    url: JOB,
    summary: 'The status of an export (owners only)',
    description:
      'Once ready, `download` holds a link to the archive that works for an hour; every answer hands out a fresh one. ' +
      "Another workspace's export is NOT_FOUND.",
    access: 'dashboard:read',
    params: jobParams,
    response: jobSchema,
    links: [{ to: `GET ${DOWNLOAD}`, parameters: { jobId: 'jobId', token: 'download/token' } }],
    handler: async ({ params }, request) =>
      view((await exports.getTenantExport({ tenantId: tenantOf(request), jobId: params.jobId })).job),
  });

  // The archive is binary: its scope gives it its media type without the `charset` that
  // defineRoute adds to text answers.
  void app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith(ZIP)) reply.header('content-type', ZIP);
      return payload;
    });
    routeGroup(scope, { tags: TAGS, guard: OWNERS })({
      method: 'GET',
      url: DOWNLOAD,
      summary: "Download an export's archive (owners only)",
      description:
        'The zip, streamed. The session must be an owner of the export’s workspace (another workspace’s export is ' +
        'NOT_FOUND), and `token` the one a status answer handed out within the hour: a wrong one is FORBIDDEN, ' +
        'and so is one past its hour (ask the status again for a new link).',
      access: 'dashboard:read',
      params: jobParams,
      querystring: downloadQuery,
      produces: ZIP,
      response: z.string().meta({ format: 'binary' }).describe('The archive.'),
      handler: async ({ params, query }, request, reply) => {
        // The service checks the job (NOT_FOUND), the token (FORBIDDEN) and that it is ready.
        const { job } = await exports.openTenantExportDownload({
          tenantId: tenantOf(request),
          jobId: params.jobId,
          token: query.token,
        });
        const ready = present(job, 'job');
        reply.header('content-length', String(ready.sizeBytes));
        attachment(reply, `export-${ready.tenantId}-${ready.jobId}.zip`, 'private, no-store');
        return streamed(archive(exports, ready));
      },
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import type { EventBus } from '@svc/events';
import { idSchema } from '@svc/rules';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { principalOf, type GuardOptions } from '../../auth/principal.js';
import type { Downstream } from '../../downstream/services.js';
import { defineRoute } from '../../http/route.js';
import { linksTo } from '../../http/openapi-links.js';
import type { GatewayIdentity } from '../../identity/identity-client.js';
import { EXPORT_STATUSES, type ExportJobDoc } from '../../tenant-export/documents.js';
import { consumeErasures } from '../../tenant-export/erased-customers.js';
import { TenantExports } from '../../tenant-export/tenant-exports.js';
import { tenantOf } from '../catalog/admin-resource.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's tenant exports: a customer erase removes the tenant's archives through it. */
    tenantExports: TenantExports;
  }
}

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
const noBody = z.strictObject({}).optional().describe('No body, or `{}`.');
const downloadQuery = z.strictObject({
  token: z.string().max(256).describe('The `download.token` of the job’s status answer.'),
});

const FILES_RULE =
  'The archive (zip) holds `tenant.ndjson`; `catalog/services.ndjson`, `staff`, `resources`, `availability-rules`, ' +
  '`date-overrides`, `blocked-times`, `holidays`; `customers.ndjson`; `bookings.ndjson`; `settings/webhook-subscriptions.ndjson` ' +
  '(without signing secrets), `notification-settings`, `integration-settings` and `calendar-connections` (without credentials); ' +
  'and `manifest.json` with the count of each file. Each line is the record the dashboard API answers for it.';

/**
 * The tenant export of this gateway process: its jobs' runner and maintenance (started here, with
 * the start-up recovery, and stopped when the gateway closes) and its routes.
 */
export async function registerTenantExport(
  app: FastifyInstance,
  deps: {
    store: DocumentStore;
    downstream: Downstream;
    /** The team's addresses in the export (the identity service's). */
    identity: GatewayIdentity;
    logger: Logger;
    linkSecret: string;
    baseUrl: string;
    /** The booking topic's bus: archives of an erased customer go however the erase ends (erased-customers.ts). */
    bus?: EventBus;
  },
): Promise<void> {
  const exports = new TenantExports({
    store: deps.store,
    downstream: deps.downstream,
    identity: deps.identity,
    logger: deps.logger,
    linkSecret: deps.linkSecret,
  });
  await exports.start();
  app.addHook('onClose', () => exports.stop());
  if (deps.bus) {
    const stopping = new AbortController();
    const erasures = await consumeErasures(deps.bus, {
      exports,
      customer: deps.downstream.customer,
      logger: deps.logger,
      signal: stopping.signal,
    });
    // Before the exports stop: a handler waiting for an erase ends first.
    app.addHook('preClose', async () => {
      stopping.abort();
      await erasures.stop();
    });
  }
  // For the customer erase (routes/customers/customer-privacy-routes.ts), registered before this.
  app.decorate('tenantExports', exports);
  registerTenantExportRoutes(app, { exports, baseUrl: deps.baseUrl });
}

/**
 * /api/tenant/export (docs/api-conventions.md "Tenant export"): an owner starts an export job, asks
 * its status and, once ready, downloads its archive through a link that works for an hour.
 */
export function registerTenantExportRoutes(
  app: FastifyInstance,
  deps: { exports: TenantExports; baseUrl: string },
): void {
  const { exports, baseUrl } = deps;

  const view = (job: ExportJobDoc): JobView => {
    const ready = job.status === 'ready';
    const link = ready ? exports.downloadToken(job) : null;
    return {
      jobId: job._id,
      status: job.status,
      createdAtMs: job.createdAtMs,
      startedAtMs: job.startedAtMs,
      finishedAtMs: job.finishedAtMs,
      files: job.files,
      sizeBytes: ready ? job.sizeBytes : null,
      error: job.error,
      keptUntilMs: job.removeAtMs,
      download: link && {
        url: `${baseUrl}${COLLECTION}/${job._id}/download?token=${encodeURIComponent(link.token)}`,
        token: link.token,
        expiresAtMs: link.expiresAtMs,
      },
    };
  };

  const jobOf = async (tenantId: string, jobId: string): Promise<ExportJobDoc> => {
    const job = await exports.status(tenantId, jobId);
    if (!job) throw new DomainError('NOT_FOUND', 'No such export in this workspace.');
    return job;
  };

  defineRoute(app, {
    method: 'POST',
    url: COLLECTION,
    summary: "Start an export of the workspace's data (owners only)",
    description:
      `Answers the job, queued; ask its status until it is ready. ${FILES_RULE} At most one export of a workspace ` +
      'runs at a time: another while one is queued or running is QUOTA_EXCEEDED 409. A gateway already running as ' +
      `many exports as it may answers RATE_LIMITED 429 with Retry-After. The archive is kept 7 days.`,
    tags: TAGS,
    access: 'dashboard:write',
    guard: OWNERS,
    body: noBody,
    status: 202,
    response: jobSchema,
    links: linksTo([`GET ${JOB}`], 'jobId', 'jobId'),
    handler: async (_input, request, reply) => {
      const answer = await exports.request(tenantOf(request), principalOf(request).userId);
      if ('busy' in answer) {
        reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
        throw new DomainError('RATE_LIMITED', 'This server is running as many exports as it may; retry in a minute.');
      }
      if ('running' in answer) {
        throw new DomainError(
          'QUOTA_EXCEEDED',
          `An export of this workspace is already ${answer.running.status} (${answer.running._id}); wait for it to finish.`,
        );
      }
      return view(answer.job);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: JOB,
    summary: 'The status of an export (owners only)',
    description:
      'Once ready, `download` holds a link to the archive that works for an hour; every answer hands out a fresh one. ' +
      "Another workspace's export is NOT_FOUND.",
    tags: TAGS,
    access: 'dashboard:read',
    guard: OWNERS,
    params: jobParams,
    response: jobSchema,
    links: [{ to: `GET ${DOWNLOAD}`, parameters: { jobId: 'jobId', token: 'download/token' } }],
    handler: async ({ params }, request) => view(await jobOf(tenantOf(request), params.jobId)),
  });

  // The archive is binary: its scope gives it its media type without the `charset` that
  // defineRoute adds to text answers.
  void app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith(ZIP)) reply.header('content-type', ZIP);
      return payload;
    });
    defineRoute(scope, {
      method: 'GET',
      url: DOWNLOAD,
      summary: "Download an export's archive (owners only)",
      description:
        'The zip, streamed. The session must be an owner of the export’s workspace (another workspace’s export is ' +
        'NOT_FOUND), and `token` the one a status answer handed out within the hour: a wrong one is FORBIDDEN, ' +
        'and so is one past its hour (ask the status again for a new link).',
      tags: TAGS,
      access: 'dashboard:read',
      guard: OWNERS,
      params: jobParams,
      querystring: downloadQuery,
      produces: ZIP,
      response: z.string().meta({ format: 'binary' }).describe('The archive.'),
      handler: async ({ params, query }, request, reply) => {
        const job = await jobOf(tenantOf(request), params.jobId);
        const verdict = exports.checkToken(job, query.token);
        if (verdict === 'invalid') {
          throw new DomainError('FORBIDDEN', 'This download link is not valid; ask the export’s status for a new one.');
        }
        if (verdict === 'expired') {
          throw new DomainError('FORBIDDEN', 'This download link has expired; ask the export’s status for a new one.');
        }
        // A valid token is only handed out for a ready job, and a finished job stays so.
        if (job.status !== 'ready') throw new DomainError('NOT_FOUND', 'This export has no archive.');
        reply.header('content-length', String(job.sizeBytes));
        reply.header('content-disposition', `attachment; filename="export-${job.tenantId}-${job._id}.zip"`);
        reply.header('cache-control', 'private, no-store');
        // Fastify sends a stream as it is; the route's declared string type is what the document shows.
        return exports.archive(job) as unknown as string;
      },
    });
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ChangeRecorder, idsInAnswer, idsInInput, tenantIdIn, type AuditClient, type Completion } from '@svc/grpc';
import type { auditV1 } from '@svc/proto';
import type { Logger } from '@svc/telemetry';
import { operationIdOf } from '../http/openapi.js';
import { changeContextOf } from './change-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How the audit log sees the route (docs/decisions.md "Audit log"). By default a request with
     * a session, an API key or a platform key and a method other than GET or HEAD is a change; `change` makes a
     * GET one too (the OAuth callback that stores a connection); `self` leaves it to the route
     * (MCP records each tool call that writes).
     */
    audit?: 'change' | 'self';
  }
  interface FastifyInstance {
    /** Records changes through the identity service's AuditService (MCP records each tool call with it). */
    auditLog: ChangeRecorder;
  }
  interface FastifyRequest {
    /** The pending record of this request's change, between preHandler and onSend. */
    auditChange?: auditV1.PendingChange;
  }
}

const READS = new Set(['GET', 'HEAD']);

/** Whether the request asks for a change the hooks record. */
function isChange(request: FastifyRequest): boolean {
  const declared = request.routeOptions.config.audit;
  if (declared === 'self') return false;
  return declared === 'change' || !READS.has(request.method);
}

/**
 * How the answer ended the change: the envelope's data ids (and its tenant, for a change that
 * created one: the platform API's tenant create), or its error code.
 */
function completionOf(status: number, payload: unknown): Completion {
  const body = parsed(payload);
  if (status < 400) {
    const data = body?.data;
    return { outcome: 'succeeded', targetIds: idsInAnswer(data), tenantId: tenantIdIn(data) };
  }
  const code = typeof body?.error?.code === 'string' ? body.error.code : `HTTP_${status}`;
  // A 4xx is a refusal (nothing changed); a 5xx may come after the service committed.
  return { outcome: status < 500 ? 'failed' : 'unknown', errorCode: code };
}

function parsed(payload: unknown): { data?: unknown; error?: { code?: unknown } } | null {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

export interface AuditDeps {
  audit: AuditClient;
  logger: Logger;
}

/**
 * The audit log of every change made through the dashboard and the partner API
 * (docs/decisions.md "Audit log"), kept by the identity service (AuditService). For each request
 * with a session or an API key that asks for a change (isChange): after its input is valid and
 * before the handler calls any service (preHandler), the record is written `pending` with the
 * path's ids; when the answer is ready and before it is sent (onSend), the record gets its outcome
 * and the answer's ids. A request refused before its handler (auth, limits, validation) is not
 * recorded: nothing was asked of a service. Writing the pending record failing refuses the
 * request, so no change goes unrecorded. The service marks records a stopped process left pending
 * as `unknown` and enforces each tenant's retention.
 */
export function registerAuditLog(app: FastifyInstance, deps: AuditDeps): ChangeRecorder {
  const log = new ChangeRecorder(deps.audit, (err) =>
    deps.logger.warn({ err }, 'could not complete an audit record; it stays pending until a sweep marks it unknown'),
  );
  app.decorate('auditLog', log);
  app.decorateRequest('auditChange', undefined);
  app.addHook('preHandler', async (request) => {
    if (!isChange(request)) return;
    const ctx = changeContextOf(request);
    if (!ctx) return;
    const operation = operationIdOf(request.method, request.routeOptions.url ?? request.url);
    request.auditChange = await log.begin(ctx, operation, idsInInput(request.params));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const change = request.auditChange;
    if (change === undefined) return payload;
    request.auditChange = undefined;
    await log.completeOrLog(change, completionOf(reply.statusCode, payload));
    return payload;
  });
  return log;
}

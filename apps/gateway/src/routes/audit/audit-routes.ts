import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { epochMsQuerySchema, idSchema } from '@svc/rules';
import { ACTOR_TYPES, OUTCOMES, SURFACES, type AuditClient } from '@svc/grpc';
import type { auditV1 } from '@svc/proto';
import { ROLES } from '../../auth/principal.js';
import { defineRoute } from '../../http/route.js';
import { ascending } from '../../api/field-schemas.js';
import { pageOf, pageQueryShapeFor, pageRequest, toPage } from '../../api/paging.js';
import { tenantOf } from '../../api/request-tenant.js';

const TAGS = ['audit'];

export const auditEventSchema = z
  .object({
    auditEventId: z.string(),
    tenantId: z.string(),
    occurredAtMs: z.number().int().describe('When the change was asked for.'),
    actor: z.object({
      type: z.enum(ACTOR_TYPES),
      id: z
        .string()
        .describe('The user id, the API key id, the platform key id, `operator` (the operator CLI) or `system`.'),
      role: z.enum(ROLES).nullable().describe("A user's role at the time; null for the others."),
    }),
    operation: z.string().describe('The operationId of the route (/openapi.json), the MCP tool or the CLI command.'),
    surface: z.enum(SURFACES),
    targetIds: z
      .array(z.string())
      .describe('The ids the path (or the tool arguments) and the answer name, at most 10.'),
    requestId: z.string(),
    clientAddress: z.string().nullable().describe('IPv4 as it is, IPv6 cut to its /64; null for the CLI.'),
    outcome: z
      .enum(OUTCOMES)
      .describe(
        'pending: asked for, not answered yet; succeeded; failed: refused, nothing changed; unknown: the change may ' +
          'or may not have happened (a 5xx, or a process that stopped before the answer).',
      ),
    errorCode: z.string().nullable().describe('The error code of a failed or unknown change.'),
    completedAtMs: z.number().int().nullable(),
  })
  .describe('One change made through the dashboard, the partner API, MCP, the operator CLI or the platform API.');

const actorIdSchema = z
  .union([idSchema, z.enum(['operator', 'system'])])
  .describe('Only changes by this user id, API key id or platform key id (or `operator`, `system`).');

export const listAuditEventsQuery = z
  .strictObject({
    ...pageQueryShapeFor('audit'),
    actorId: actorIdSchema.optional(),
    targetId: idSchema.optional().describe('Only changes that name this id (a booking, a customer, a member, …).'),
    fromMs: epochMsQuerySchema.optional().describe('Only changes asked for at or after this instant.'),
    toMs: epochMsQuerySchema.optional().describe('Only changes asked for before this instant.'),
  })
  .superRefine(ascending('fromMs', 'toMs', 'toMs must be greater than fromMs.', { at: 'toMs' }));

/** A record as GET /api/audit-events answers it. */
export type AuditEventRecord = z.input<typeof auditEventSchema>;

/** A record as the route answers it: what proto3 leaves unset is null. */
const toRecord = (e: auditV1.AuditEvent): AuditEventRecord => ({
  auditEventId: e.auditEventId,
  tenantId: e.tenantId,
  occurredAtMs: e.occurredAtMs,
  actor: {
    type: e.actor?.type as AuditEventRecord['actor']['type'],
    id: e.actor?.id ?? '',
    role: (e.actor?.role ?? null) as AuditEventRecord['actor']['role'],
  },
  operation: e.operation,
  surface: e.surface as AuditEventRecord['surface'],
  targetIds: e.targetIds,
  requestId: e.requestId,
  clientAddress: e.clientAddress ?? null,
  outcome: e.outcome as AuditEventRecord['outcome'],
  errorCode: e.errorCode ?? null,
  completedAtMs: e.completedAtMs ?? null,
});

/**
 * `GET /api/audit-events` (docs/api-conventions.md "Audit log"): the workspace's audit log,
 * newest first, for owners and admins (like the API key list, it tells who can and did act), read
 * from the identity service's AuditService.
 */
export function registerAuditRoutes(app: FastifyInstance, audit: AuditClient): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/audit-events',
    summary: "List the workspace's audit log (newest first)",
    description:
      'Every change made through the dashboard, the partner API, MCP, the operator CLI and the platform API, one ' +
      'record each, newest ' +
      'first; filtered by actor, target id and time ([fromMs, toMs)). Owner and admin roles only. Records are kept ' +
      "for the tenant's retention.auditDays (365 by default).",
    tags: TAGS,
    access: 'dashboard:read',
    guard: { writeRole: true },
    querystring: listAuditEventsQuery,
    response: pageOf(auditEventSchema),
    handler: async ({ query }, request) => {
      const { limit, cursor, ...filter } = query;
      const page = toPage(await audit.listAuditEvents({ tenantId: tenantOf(request), page: pageRequest({ limit, cursor }), ...filter }));
      return { ...page, items: page.items.map(toRecord) };
    },
  });
}

/** identity.v1.AuditService: request checks and mapping around the audit log (docs/decisions.md "Audit log"). */
import { requireTenantId } from '@svc/errors';
import { bindService, type ServiceBinding } from '@svc/grpc';
import { auditV1 } from '@svc/proto';
import type { AuditEvent, AuditLog } from './audit-log.js';
import { parseBegin, parseComplete, parseList } from './audit-requests.js';

const toMessage = (e: AuditEvent): auditV1.AuditEvent => ({
  auditEventId: e.auditEventId,
  tenantId: e.tenantId,
  occurredAtMs: e.occurredAtMs,
  actor: { type: e.actor.type, id: e.actor.id, ...(e.actor.role === null ? {} : { role: e.actor.role }) },
  operation: e.operation,
  surface: e.surface,
  targetIds: e.targetIds,
  requestId: e.requestId,
  ...(e.clientAddress === null ? {} : { clientAddress: e.clientAddress }),
  outcome: e.outcome,
  ...(e.errorCode === null ? {} : { errorCode: e.errorCode }),
  ...(e.completedAtMs === null ? {} : { completedAtMs: e.completedAtMs }),
});

export function auditService(log: AuditLog): ServiceBinding {
  return bindService(auditV1.AuditServiceService, {
    beginChange: async (req) => {
      const { context, operation, targetIds } = parseBegin(req);
      return { change: await log.begin(context, operation, targetIds) };
    },
    completeChange: async (req) => {
      const { change, completion } = parseComplete(req);
      return { completed: await log.complete(change, completion) };
    },
    listAuditEvents: async (req) => {
      // '': the records that name no tenant (platform keys, a tenant:create that failed), for the operator.
      const tenantId = req.tenantId === '' ? '' : requireTenantId(req.tenantId);
      const { filter, page } = parseList(req);
      const found = await log.list(tenantId, filter, page);
      return { items: found.items.map(toMessage), page: { nextCursor: found.nextCursor ?? '' } };
    },
  });
}

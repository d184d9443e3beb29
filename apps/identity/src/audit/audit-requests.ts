// AuditService's requests checked (docs/decisions.md "Audit log"): the service checks its own
// fields again, every violation at once; pure, no I/O.
import { throwIfViolations, type FieldViolation } from '@svc/errors';
import type { Completion } from '@svc/grpc';
import type { auditV1 } from '@svc/proto';
import { pageLimit, pageLimitMessage } from '@svc/rules';
import { decodePageCursor, PAGE_CURSOR_MESSAGE } from '@svc/store';
import { ACTOR_TYPES, OUTCOMES, SURFACES, type ActorType, type Outcome, type Surface } from './audit-documents.js';
import type { AuditFilter, ChangeContext, PendingChange } from './audit-log.js';

/** Operations, request ids, roles and the ids a filter names are short; anything longer is refused. */
const MAX_TEXT = 200;

const oneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function text(violations: FieldViolation[], path: string, value: string, required = true): void {
  if (value.length > MAX_TEXT) violations.push({ path, message: `must be at most ${MAX_TEXT} characters` });
  else if (required && value === '') violations.push({ path, message: 'is required' });
}

function enumerated<T extends string>(violations: FieldViolation[], path: string, list: readonly T[], value: string): T {
  if (!oneOf(list, value)) violations.push({ path, message: `must be one of ${list.join(', ')}` });
  return value as T;
}

/** A BeginChange request as the log takes it. */
export function parseBegin(req: auditV1.BeginChangeRequest): { context: ChangeContext; operation: string; targetIds: string[] } {
  const violations: FieldViolation[] = [];
  const ctx = req.context;
  const actor = ctx?.actor;
  const actorType: ActorType = enumerated(violations, 'context.actor.type', ACTOR_TYPES, actor?.type ?? '');
  const surface: Surface = enumerated(violations, 'context.surface', SURFACES, ctx?.surface ?? '');
  text(violations, 'context.tenantId', ctx?.tenantId ?? '', false);
  text(violations, 'context.actor.id', actor?.id ?? '');
  text(violations, 'context.actor.role', actor?.role ?? '', false);
  text(violations, 'context.requestId', ctx?.requestId ?? '', false);
  text(violations, 'context.clientAddress', ctx?.clientAddress ?? '', false);
  text(violations, 'operation', req.operation);
  throwIfViolations(violations);
  return {
    context: {
      tenantId: ctx?.tenantId ?? '',
      actor: { type: actorType, id: actor?.id ?? '', role: actor?.role ?? null },
      surface,
      requestId: ctx?.requestId ?? '',
      clientAddress: ctx?.clientAddress ?? null,
    },
    operation: req.operation,
    targetIds: req.targetIds,
  };
}

const COMPLETIONS: readonly Outcome[] = OUTCOMES.filter((o) => o !== 'pending');

/** A CompleteChange request: the pending change as BeginChange answered it, and how it ended. */
export function parseComplete(req: auditV1.CompleteChangeRequest): { change: PendingChange; completion: Completion } {
  const violations: FieldViolation[] = [];
  const change = req.change;
  text(violations, 'change.eventId', change?.eventId ?? '');
  const outcome = enumerated(violations, 'outcome', COMPLETIONS, req.outcome);
  if (outcome !== 'succeeded') text(violations, 'errorCode', req.errorCode);
  throwIfViolations(violations);
  const pending: PendingChange = {
    eventId: change?.eventId ?? '',
    tenantId: change?.tenantId ?? '',
    actorId: change?.actorId ?? '',
    createdAtMs: change?.createdAtMs ?? 0,
    targetIds: change?.targetIds ?? [],
  };
  const completion: Completion =
    outcome === 'succeeded'
      ? { outcome, targetIds: req.targetIds, tenantId: req.tenantId }
      : { outcome: outcome as 'failed' | 'unknown', errorCode: req.errorCode };
  return { change: pending, completion };
}

/** A ListAuditEvents request: the page and the filter. */
export function parseList(req: auditV1.ListAuditEventsRequest): {
  filter: AuditFilter;
  page: { limit: number; cursor: string | undefined };
} {
  const violations: FieldViolation[] = [];
  const limit = pageLimit(req.page?.limit ?? 0, 'audit');
  if (limit === null) violations.push({ path: 'page.limit', message: pageLimitMessage('audit') });
  const cursor = req.page?.cursor ?? '';
  if (cursor !== '' && decodePageCursor(cursor) === null) violations.push({ path: 'page.cursor', message: PAGE_CURSOR_MESSAGE });
  text(violations, 'actorId', req.actorId ?? '', false);
  text(violations, 'targetId', req.targetId ?? '', false);
  throwIfViolations(violations);
  return {
    filter: { actorId: req.actorId, targetId: req.targetId, fromMs: req.fromMs, toMs: req.toMs },
    page: { limit: limit ?? 0, cursor: cursor || undefined },
  };
}

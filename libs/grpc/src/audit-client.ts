// The caller's side of identity.v1 AuditService (docs/decisions.md "Audit log"): the ids a change
// names, picked from its input and its answer, and a change run under its record. One module for
// the gateway (HTTP hooks, MCP) and the operator CLI; the service keeps only ids in the id shape,
// at most 10 (apps/identity/src/audit/target-ids.ts).
import { DomainError } from '@svc/errors';
import type { auditV1 } from '@svc/proto';
import type { AuditClient } from './clients.js';

/** `platform_key`: an operator's platform through /platform/v1 (docs/decisions.md "Platform provisioning"). */
export const ACTOR_TYPES = ['user', 'api_key', 'platform_key', 'operator', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/**
 * Where the change came in: the dashboard (/api), the partner API (/v1), MCP, the operator CLI, the
 * platform API (/platform/v1), the first start's setup wizard (/setup).
 */
export const SURFACES = ['dashboard', 'partner', 'mcp', 'cli', 'platform', 'setup'] as const;
export type Surface = (typeof SURFACES)[number];

/**
 * `pending` from before the change is asked for until its answer; then `succeeded`, `failed` (a
 * refusal: nothing changed) or `unknown` (the change may or may not have happened: a 5xx, or a
 * pending record left by a crash).
 */
export const OUTCOMES = ['pending', 'succeeded', 'failed', 'unknown'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** How a change ended: `succeeded` with the ids its answer names, or the error it answered. */
export type Completion =
  | { outcome: 'succeeded'; targetIds: string[]; tenantId?: string }
  | { outcome: 'failed' | 'unknown'; errorCode: string };

/** `…Id` members holding a string, the tenant's own aside (every record names its tenant already). */
function idMembers(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([name, v]) =>
    name !== 'tenantId' && name.endsWith('Id') && typeof v === 'string' ? [v] : [],
  );
}

/** The ids a route's path parameters (or a tool's arguments) name: what the change is asked to act on. */
export const idsInInput = (input: unknown): string[] => idMembers(input);

/**
 * The ids an answer names: its own `…Id` members and those of the records it carries one level
 * down (`{ booking: { bookingId, customerId, … } }`, `{ apiKey: { apiKeyId } }`), never secrets
 * or other values (the service keeps only strings in the id shape).
 */
export function idsInAnswer(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  return [...idMembers(data), ...Object.values(data).flatMap(idMembers)];
}

/** The answer's own tenant id (an operator's tenant:create, the platform API's tenant create), or ''. */
export function tenantIdIn(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '';
  const tenantId = (data as { tenantId?: unknown }).tenantId;
  return typeof tenantId === 'string' ? tenantId : '';
}

/**
 * How a change that threw ended: a refusal (a 4xx: the services check before they write, so
 * nothing changed) is `failed`; an outage or crash (a 5xx) may come after the service committed
 * (a deadline that ran out), so it is `unknown`.
 */
export function completionOfError(err: unknown): Completion {
  if (err instanceof DomainError)
    return { outcome: err.httpStatus < 500 ? 'failed' : 'unknown', errorCode: err.code };
  return { outcome: 'unknown', errorCode: 'INTERNAL_ERROR' };
}

/**
 * Records changes through AuditService: `begin` stores the record `pending` before the change is
 * asked for (a failure refuses the change), `completeOrLog` sets how it ended once, a failure
 * reported rather than thrown (the change happened or was refused either way; the record stays
 * pending until a sweep marks it `unknown`).
 */
export class ChangeRecorder {
  constructor(
    private readonly audit: Pick<AuditClient, 'beginChange' | 'completeChange'>,
    /** Sees a completion that could not be written. */
    private readonly onCompleteError: (err: unknown) => void = () => {},
  ) {}

  async begin(
    context: auditV1.ChangeContext,
    operation: string,
    targetIds: string[],
  ): Promise<auditV1.PendingChange> {
    const { change } = await this.audit.beginChange({ context, operation, targetIds });
    if (!change) throw new Error('the audit service answered without the pending change');
    return change;
  }

  async completeOrLog(change: auditV1.PendingChange, completion: Completion): Promise<void> {
    const request =
      completion.outcome === 'succeeded'
        ? {
            change,
            outcome: completion.outcome,
            targetIds: completion.targetIds,
            tenantId: completion.tenantId ?? '',
            errorCode: '',
          }
        : { change, outcome: completion.outcome, targetIds: [], tenantId: '', errorCode: completion.errorCode };
    await this.audit.completeChange(request).catch(this.onCompleteError);
  }

  /**
   * Runs a change under its record: `begin`, the change, the completion with its answer's ids or
   * its error (which is rethrown). The MCP tools and the operator CLI; HTTP routes use the hooks,
   * which wrap the handler the same way.
   */
  async record<T>(
    context: auditV1.ChangeContext,
    operation: string,
    targetIds: string[],
    run: () => Promise<T>,
  ): Promise<T> {
    const change = await this.begin(context, operation, targetIds);
    let result: T;
    try {
      result = await run();
    } catch (err) {
      await this.completeOrLog(change, completionOfError(err));
      throw err;
    }
    await this.completeOrLog(change, { outcome: 'succeeded', targetIds: idsInAnswer(result), tenantId: tenantIdIn(result) });
    return result;
  }
}

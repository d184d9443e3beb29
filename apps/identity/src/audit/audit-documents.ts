import type { ActorType, Outcome, Surface } from '@svc/grpc';
import { listIndex, type IndexSpec } from '@svc/store';

/** Collections of the audit log, in the identity service's store beside the identity data. */
export const AUDIT_EVENTS = 'audit_events';
/** One row per (event, target id): the store has no array match, so the target filter reads these. */
export const AUDIT_TARGETS = 'audit_targets';

export { ACTOR_TYPES, OUTCOMES, SURFACES, type ActorType, type Outcome, type Surface } from '@svc/grpc';

export interface AuditEventDoc {
  [key: string]: unknown;
  _id: string;
  /** '' until known: an operator's tenant:create learns it from the answer. */
  tenantId: string;
  /** When the change was asked for (the record was written), epoch ms. */
  createdAtMs: number;
  actorType: ActorType;
  /** The user id, the API key id, the platform key id, `operator` or `system`: what the actor filter matches. */
  actorId: string;
  /** The member's role at the time (users only). */
  actorRole: string | null;
  /** The route's operationId, the MCP tool's name or the CLI command. */
  operation: string;
  surface: Surface;
  /** Ids from the path (or tool arguments) and from the answer, at most MAX_TARGET_IDS. */
  targetIds: string[];
  requestId: string;
  /** IPv4 as it is, IPv6 cut to its /64; null for the CLI. */
  clientAddress: string | null;
  outcome: Outcome;
  /** The error code of a `failed` or `unknown` answer. */
  errorCode: string | null;
  completedAtMs: number | null;
}

export interface AuditTargetDoc {
  [key: string]: unknown;
  /** `<event id>_<n>`. */
  _id: string;
  tenantId: string;
  targetId: string;
  /** The event's actor and time, so the target list filters and pages without opening events. */
  actorId: string;
  createdAtMs: number;
  eventId: string;
}

export const AUDIT_INDEXES: IndexSpec[] = [
  // The tenant's log newest first, and its retention sweep (createdAtMs below the cut-off).
  listIndex(AUDIT_EVENTS),
  { collection: AUDIT_EVENTS, name: 'by_actor_created', fields: ['tenantId', 'actorId', 'createdAtMs', '_id'] },
  // Pending records a crash left behind (start-up and every sweep).
  { collection: AUDIT_EVENTS, name: 'by_outcome_created', fields: ['outcome', 'createdAtMs'] },
  { collection: AUDIT_TARGETS, name: 'by_target_created', fields: ['tenantId', 'targetId', 'createdAtMs', '_id'] },
  listIndex(AUDIT_TARGETS),
];

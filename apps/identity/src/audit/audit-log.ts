import { randomBytes } from 'node:crypto';
import type { Completion } from '@svc/grpc';
import { findPage, type Collection, type DocumentStore, type Filter, type Page } from '@svc/store';
import {
  AUDIT_EVENTS,
  AUDIT_INDEXES,
  AUDIT_TARGETS,
  type ActorType,
  type AuditEventDoc,
  type AuditTargetDoc,
  type Surface,
} from './audit-documents.js';
import { nextCursorOf, pageRequestOf, type CursorPage } from '../store/cursor-page.js';
import { mergeTargets, tenantIdOf } from './target-ids.js';

export interface AuditActor {
  type: ActorType;
  /** The user id, the API key id, the platform key id, `operator` or `system`. */
  id: string;
  role: string | null;
}

/** Who asks for a change, where, and in which request. */
export interface ChangeContext {
  /** '' when the change creates the tenant (taken from the answer then). */
  tenantId: string;
  actor: AuditActor;
  surface: Surface;
  requestId: string;
  clientAddress: string | null;
}

/** A record as GET /api/audit-events answers it: the stored one, its id, time and actor renamed. */
export interface AuditEvent extends Pick<
  AuditEventDoc,
  'operation' | 'surface' | 'targetIds' | 'requestId' | 'clientAddress' | 'outcome' | 'errorCode' | 'completedAtMs'
> {
  auditEventId: string;
  tenantId: string;
  occurredAtMs: number;
  actor: AuditActor;
}

/** What `begin` wrote that `complete` needs, so completing reads nothing. */
export interface PendingChange {
  eventId: string;
  tenantId: string;
  actorId: string;
  createdAtMs: number;
  targetIds: string[];
}

export interface AuditFilter {
  actorId?: string | undefined;
  targetId?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

/** A pending record older than this was left by a process that stopped mid-request. */
export const ABANDONED_AFTER_MS = 60_000;
const BATCH = 500;

const toAuditEvent = (d: AuditEventDoc): AuditEvent => ({
  auditEventId: d._id,
  tenantId: d.tenantId,
  occurredAtMs: d.createdAtMs,
  actor: { type: d.actorType, id: d.actorId, role: d.actorRole },
  operation: d.operation,
  surface: d.surface,
  targetIds: d.targetIds,
  requestId: d.requestId,
  clientAddress: d.clientAddress,
  outcome: d.outcome,
  errorCode: d.errorCode,
  completedAtMs: d.completedAtMs,
});

/**
 * The audit log over the DocumentStore port (docs/decisions.md "Audit log"), in the identity
 * service's store; AuditService (audit-rpc.ts) is how the gateway and the operator CLI write it. Write-ahead: `begin` stores the record as `pending`
 * before the change is asked for, `complete` sets how it ended once, so no change is without its
 * record, and a record whose change may not have happened says so (`pending` from a crash becomes
 * `unknown`). Nothing else changes a record; the retention sweep is the only delete.
 */
export class AuditLog {
  private readonly events: Collection<AuditEventDoc>;
  private readonly targets: Collection<AuditTargetDoc>;

  constructor(
    private readonly store: DocumentStore,
    private readonly now: () => number = Date.now,
  ) {
    this.events = store.collection<AuditEventDoc>(AUDIT_EVENTS);
    this.targets = store.collection<AuditTargetDoc>(AUDIT_TARGETS);
  }

  async ensureIndexes(): Promise<void> {
    await this.store.ensureIndexes(AUDIT_INDEXES);
  }

  /** Stores the record of a change about to be asked for, `pending`; answers what `complete` needs. */
  async begin(ctx: ChangeContext, operation: string, targetIds: string[]): Promise<PendingChange> {
    const doc: AuditEventDoc = {
      _id: `aud_${randomBytes(16).toString('base64url')}`,
      tenantId: ctx.tenantId,
      createdAtMs: this.now(),
      actorType: ctx.actor.type,
      actorId: ctx.actor.id,
      actorRole: ctx.actor.role,
      operation,
      surface: ctx.surface,
      targetIds: mergeTargets(targetIds),
      requestId: ctx.requestId,
      clientAddress: ctx.clientAddress,
      outcome: 'pending',
      errorCode: null,
      completedAtMs: null,
    };
    const rows = this.targetRows(doc, doc.tenantId, 0);
    if (rows.length === 0) {
      await this.events.insertOne(doc);
    } else {
      await this.store.withTransaction(async (tx) => {
        await this.events.insertOne(doc, tx);
        for (const row of rows) await this.targets.insertOne(row, tx);
      });
    }
    const { _id: eventId, tenantId, actorId, createdAtMs } = doc;
    return { eventId, tenantId, actorId, createdAtMs, targetIds: doc.targetIds };
  }

  /**
   * Sets how the change ended, with the ids its answer names; false when the record has ended
   * already. One conditional update, no read: a record a sweep marked `unknown` while its request
   * was still running gets its real outcome, an ended one is left as it is.
   */
  async complete(change: PendingChange, completion: Completion): Promise<boolean> {
    const succeeded = completion.outcome === 'succeeded';
    const tenantId = change.tenantId || (succeeded ? tenantIdOf(completion.tenantId ?? '') : '');
    const targetIds = succeeded ? mergeTargets(change.targetIds, completion.targetIds) : change.targetIds;
    // Rows for the ids that are new here (all of them when the tenant was only now learnt).
    const rows = this.targetRows(
      { ...change, _id: change.eventId, targetIds },
      tenantId,
      change.tenantId === '' ? 0 : change.targetIds.length,
    );
    return this.store.withTransaction(async (tx) => {
      const updated = await this.events.updateOne(
        // Not completed yet: pending, or marked unknown by a sweep (which leaves completedAtMs null).
        { _id: change.eventId, completedAtMs: null },
        {
          tenantId,
          targetIds,
          outcome: completion.outcome,
          errorCode: succeeded ? null : completion.errorCode,
          completedAtMs: this.now(),
        },
        tx,
      );
      if (updated === 0) return false;
      for (const row of rows) await this.targets.insertOne(row, tx);
      return true;
    });
  }

  /** The tenant's records, newest first, filtered by actor, target and time ([fromMs, toMs)). */
  async list(
    tenantId: string,
    filter: AuditFilter,
    page: CursorPage,
  ): Promise<{ items: AuditEvent[]; nextCursor: string | null }> {
    const request = pageRequestOf(page);
    const options = { descending: true, within: { from: filter.fromMs, to: filter.toMs } };
    const actor: Filter = filter.actorId === undefined ? {} : { actorId: filter.actorId };
    let found: Page<AuditEventDoc>;
    if (filter.targetId === undefined) {
      found = await findPage(this.events, { tenantId, ...actor }, request, options);
    } else {
      const rows = await findPage(this.targets, { tenantId, targetId: filter.targetId, ...actor }, request, options);
      const ids = rows.items.map((r) => r.eventId);
      const docs = ids.length === 0 ? [] : await this.events.find({ _id: { $in: ids } });
      const byId = new Map(docs.map((d) => [d._id, d]));
      // A record the retention sweep removed between the two reads is left out.
      found = { items: ids.flatMap((id) => byId.get(id) ?? []), next: rows.next };
    }
    return { items: found.items.map(toAuditEvent), nextCursor: nextCursorOf(found) };
  }

  /**
   * Marks `unknown` every record still pending ABANDONED_AFTER_MS after it was written: its
   * process stopped between writing it and the answer (start-up and every sweep). Answers how many.
   */
  async markAbandoned(): Promise<number> {
    const cutoff = this.now() - ABANDONED_AFTER_MS;
    let marked = 0;
    for (;;) {
      const batch = await this.events.find(
        { outcome: 'pending', createdAtMs: { $lt: cutoff } },
        { sort: [['createdAtMs', 1]], limit: BATCH },
      );
      for (const doc of batch)
        marked += await this.events.updateOne({ _id: doc._id, outcome: 'pending' }, { outcome: 'unknown' });
      if (batch.length < BATCH) return marked;
    }
  }

  /** Removes the tenant's records written before `cutoffMs` (retention); answers how many. */
  async sweepTenant(tenantId: string, cutoffMs: number): Promise<number> {
    const older = { tenantId, createdAtMs: { $lt: cutoffMs } };
    await this.targets.deleteMany(older);
    return this.events.deleteMany(older);
  }

  /** The target rows of `targetIds` from position `from` on (none while the tenant is unknown). */
  private targetRows(
    event: { _id: string; actorId: string; createdAtMs: number; targetIds: string[] },
    tenantId: string,
    from: number,
  ): AuditTargetDoc[] {
    if (tenantId === '') return [];
    return event.targetIds.slice(from).map((targetId, i) => ({
      _id: `${event._id}_${from + i}`,
      tenantId,
      targetId,
      actorId: event.actorId,
      createdAtMs: event.createdAtMs,
      eventId: event._id,
    }));
  }
}

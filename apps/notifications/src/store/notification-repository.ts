import { randomUUID } from 'node:crypto';
import {
  findPage,
  type Collection,
  type DocumentStore,
  type Filter,
  type Page,
  type PageRequest,
  type Tx,
} from '@svc/store';
import { COLLECTIONS, type NotificationDoc, type SendStatus } from './records.js';

export interface NotificationFilter {
  bookingId?: string | undefined;
  customerId?: string | undefined;
  status?: SendStatus | undefined;
}

/** What an attempt came to, as the worker records it. */
export interface SendRecord {
  status: SendStatus;
  nextAttemptAtMs: number | null;
  error: string | null;
  nowMs: number;
}

/** A record a worker holds the lease of. */
export type ClaimedNotification = NotificationDoc & { leaseToken: string };

/**
 * Send records (docs/architecture.md "Notifications"). Workers claim a due record by
 * compare-and-set on its `revision`, which sets a lease: until it runs out the record is due for
 * nobody else. The outcome is recorded, and the lease released, in a write that matches the
 * lease token, so a worker that lost its lease records nothing.
 */
export class NotificationRepository {
  private readonly docs: Collection<NotificationDoc>;

  constructor(private readonly store: DocumentStore) {
    this.docs = store.collection<NotificationDoc>(COLLECTIONS.notifications);
  }

  /**
   * Stores the records that are new, inside the caller's transaction; one whose (event, template,
   * channel, recipient) is stored already, before or earlier in the list, is skipped (looked up
   * rather than caught: a failed insert would doom the transaction). Answers how many were new.
   */
  async insertAbsent(docs: readonly NotificationDoc[], tx: Tx): Promise<number> {
    let stored = 0;
    for (const doc of docs) {
      const key = { eventId: doc.eventId, template: doc.template, channel: doc.channel, recipient: doc.recipient };
      if (await this.docs.findOne(key, tx)) continue;
      await this.docs.insertOne(doc, tx);
      stored++;
    }
    return stored;
  }

  get(tenantId: string, id: string): Promise<NotificationDoc | null> {
    return this.docs.findOne({ _id: id, tenantId });
  }

  /** The send log, newest first. */
  page(tenantId: string, filter: NotificationFilter, page: PageRequest): Promise<Page<NotificationDoc>> {
    const where: Filter = { tenantId };
    for (const [field, value] of Object.entries(filter)) if (value !== undefined) where[field] = value;
    return findPage(this.docs, where, page, { descending: true });
  }

  /** Records due at `nowMs`, earliest first. */
  due(nowMs: number, limit: number): Promise<NotificationDoc[]> {
    return this.docs.find({ dueAtMs: { $lte: nowMs } }, { sort: [['dueAtMs', 1]], limit });
  }

  /** When the earliest record falls due (leased ones at their lease's end); null when none is pending. */
  async nextDueAtMs(): Promise<number | null> {
    const [first] = await this.docs.find({ dueAtMs: { $gte: 0 } }, { sort: [['dueAtMs', 1]], limit: 1 });
    return first?.dueAtMs ?? null;
  }

  /** Takes the lease of each record as read, in one transaction; those changed meanwhile are left out. */
  async claimAll(docs: readonly NotificationDoc[], nowMs: number, leaseMs: number): Promise<ClaimedNotification[]> {
    if (docs.length === 0) return [];
    return this.store.withTransaction(async (tx) => {
      const claimed: ClaimedNotification[] = [];
      for (const doc of docs) {
        const lease = { leaseToken: randomUUID(), leaseUntilMs: nowMs + leaseMs, dueAtMs: nowMs + leaseMs };
        const matched = await this.docs.updateOne(
          { _id: doc._id, revision: doc.revision, status: 'pending' },
          { ...lease, revision: doc.revision + 1 },
          tx,
        );
        if (matched === 1) claimed.push({ ...doc, ...lease, revision: doc.revision + 1 });
      }
      return claimed;
    });
  }

  /**
   * Records the outcomes of several attempts in one transaction (the worker's group commit). A
   * record resent meanwhile keeps its new series due; one whose lease was lost is not written.
   */
  async recordAll(items: ReadonlyArray<{ claimed: ClaimedNotification; outcome: SendRecord }>): Promise<boolean[]> {
    if (items.length === 0) return [];
    return this.store.withTransaction(async (tx) => {
      const results: boolean[] = [];
      for (const { claimed, outcome } of items) results.push(await this.recordIn(tx, claimed, outcome));
      return results;
    });
  }

  private async recordIn(tx: Tx, claimed: ClaimedNotification, outcome: SendRecord): Promise<boolean> {
    const lease = { _id: claimed._id, leaseToken: claimed.leaseToken };
    const released = { leaseToken: null, leaseUntilMs: null, updatedAtMs: outcome.nowMs };
    const sameSeries =
      (await this.docs.updateOne(
        { ...lease, series: claimed.series },
        {
          ...released,
          revision: claimed.revision + 1,
          status: outcome.status,
          attemptCount: claimed.attemptCount + 1,
          nextAttemptAtMs: outcome.nextAttemptAtMs,
          dueAtMs: outcome.nextAttemptAtMs,
          lastError: outcome.error,
          ...(outcome.status === 'sent' ? { sentAtMs: outcome.nowMs } : {}),
        },
        tx,
      )) === 1;
    if (sameSeries) return true;
    const current = await this.docs.findOne(lease, tx);
    // The lease ran out and another worker took the record: this attempt is not recorded.
    if (!current) return false;
    // Resent meanwhile: the new series is due now; this attempt only leaves its error behind.
    await this.docs.updateOne(
      lease,
      {
        ...released,
        revision: current.revision + 1,
        dueAtMs: current.nextAttemptAtMs,
        ...(outcome.status === 'sent' ? { sentAtMs: outcome.nowMs } : {}),
      },
      tx,
    );
    return true;
  }

  /**
   * Sends the record again as a new series, due now (its Message-ID changes with the series). While
   * an attempt is in flight the worker keeps its lease and the new series is due once it is
   * recorded. Null when the record does not exist in the tenant.
   */
  async resend(
    tenantId: string,
    id: string,
    nowMs: number,
    messageIdOf: (series: number) => string,
  ): Promise<NotificationDoc | null> {
    for (;;) {
      const doc = await this.get(tenantId, id);
      if (!doc) return null;
      const leased = doc.leaseToken !== null;
      const series = doc.series + 1;
      const next: NotificationDoc = {
        ...doc,
        status: 'pending',
        series,
        attemptCount: 0,
        nextAttemptAtMs: nowMs,
        dueAtMs: leased ? doc.dueAtMs : nowMs,
        lastError: null,
        messageId: doc.channel === 'email' ? messageIdOf(series) : '',
        revision: doc.revision + 1,
        updatedAtMs: nowMs,
      };
      const { _id, ...set } = next;
      if ((await this.docs.updateOne({ _id, tenantId, revision: doc.revision }, set)) === 1) return next;
      // A worker claimed or recorded it in between: read it again.
    }
  }
}

import { LeasedLog } from '@svc/background';
import { findPage, type Collection, type DocumentStore, type Page, type PageRequest, type Tx } from '@svc/store';
import { COLLECTIONS, type ErasedBookingDoc, type NotificationDoc, type SendStatus } from './records.js';
import { bodyRemoval, erasure, FINAL_STATUSES, isFinal } from './redaction.js';

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
 * How an outcome was recorded: `erased` when its customer was erased meanwhile, so the record was
 * erased as it reached its final state (docs/decisions.md "Privacy").
 */
export type RecordResult = 'recorded' | 'erased' | 'lost';

/** A booking's or customer's erase marker in a set of them. */
const erasedKey = (tenantId: string, kind: 'booking' | 'customer', id: string): string => `${kind}:${tenantId}:${id}`;

/** What resend found: the record due again, none in the tenant, or one whose message was removed. */
export type ResendResult = NotificationDoc | 'not_found' | 'body_removed';

/**
 * Send records (docs/architecture.md "Notifications"). Workers claim a due record by
 * compare-and-set on its `revision`, which sets a lease: until it runs out the record is due for
 * nobody else. The outcome is recorded, and the lease released, in a write that matches the
 * lease token, so a worker that lost its lease records nothing.
 */
export class NotificationRepository extends LeasedLog<NotificationDoc, NotificationFilter> {
  private readonly erased: Collection<ErasedBookingDoc>;

  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.notifications);
    this.erased = store.collection<ErasedBookingDoc>(COLLECTIONS.erasedBookings);
  }

  /**
   * Stores the records that are new, inside the caller's transaction; one whose (event, template,
   * channel, recipient) is stored already, before or earlier in the list, is skipped (looked up
   * rather than caught: a failed insert would doom the transaction). A customer has one address
   * per channel, so a customer's record is also stored already when the event's customer record
   * is there under an erased address: a redelivered event mails no erased customer again.
   * Answers how many were new.
   */
  async insertAbsent(docs: readonly NotificationDoc[], tx: Tx): Promise<number> {
    let stored = 0;
    for (const doc of docs) {
      const key = { eventId: doc.eventId, template: doc.template, channel: doc.channel };
      const same = await this.records.find(key, {}, tx);
      const customer = doc.recipientKind === 'customer';
      if (same.some((d) => d.recipient === doc.recipient || (customer && d.recipientKind === 'customer'))) continue;
      await this.records.insertOne(doc, tx);
      stored++;
    }
    return stored;
  }

  /** A customer's records for their export, oldest first (index by_tenant_customer_created). */
  customerPage(tenantId: string, customerId: string, page: PageRequest): Promise<Page<NotificationDoc>> {
    return findPage(this.records, { tenantId, customerId }, page, {});
  }

  /**
   * A tenant's records made before `beforeMs` whose body is still held, oldest first (index
   * by_tenant_body_created): the retention sweeper's work, pending ones included (it skips them).
   */
  heldBodies(tenantId: string, beforeMs: number, page: PageRequest): Promise<Page<NotificationDoc>> {
    return findPage(this.records, { tenantId, bodyRemovedAtMs: null }, page, { within: { to: beforeMs } });
  }

  /**
   * Removes the bodies of these records (retention) in one transaction, each only while it is
   * still final and unchanged: a record resent since (pending again) keeps its message. Answers
   * the records whose bodies were removed, as read (their .eml copies go next).
   */
  async removeBodies(docs: readonly NotificationDoc[], nowMs: number): Promise<NotificationDoc[]> {
    const final = docs.filter((d) => isFinal(d.status) && d.bodyRemovedAtMs == null);
    if (final.length === 0) return [];
    return this.store.withTransaction(async (tx) => {
      const removed: NotificationDoc[] = [];
      for (const doc of final) {
        const matched = await this.records.updateOne(
          { _id: doc._id, revision: doc.revision, status: { $in: [...FINAL_STATUSES] } },
          bodyRemoval(doc, nowMs),
          tx,
        );
        if (matched === 1) removed.push(doc);
      }
      return removed;
    });
  }

  /**
   * Records the outcomes of several attempts in one transaction (the worker's group commit). A
   * record resent meanwhile keeps its new series due; one whose lease was lost is not written.
   */
  recordAll(items: ReadonlyArray<{ claimed: ClaimedNotification; outcome: SendRecord }>): Promise<RecordResult[]> {
    // The erase markers of the whole batch in one read per tenant, inside the transaction.
    const final = items.filter((i) => isFinal(i.outcome.status)).map((i) => i.claimed);
    return this.recordEach(
      items,
      (tx, { claimed, outcome }, erased: ReadonlySet<string>) => this.recordIn(tx, claimed, outcome, erased),
      (tx) => this.erasedAmong(tx, final),
    );
  }

  /**
   * Which of these records' bookings or customers were erased (their markers, keyed by
   * erasedKey): read inside the recording transaction, so an erase committing meanwhile either
   * is seen here or sees the final record.
   */
  private async erasedAmong(tx: Tx, docs: readonly NotificationDoc[]): Promise<ReadonlySet<string>> {
    const found = new Set<string>();
    for (const tenantId of new Set(docs.map((d) => d.tenantId))) {
      const mine = docs.filter((d) => d.tenantId === tenantId);
      const bookingIds = [...new Set(mine.map((d) => d.bookingId))];
      const customerIds = [...new Set(mine.map((d) => d.customerId).filter((c) => c !== ''))];
      for (const marker of await this.erased.find({ _id: { $in: bookingIds }, tenantId }, {}, tx)) {
        found.add(erasedKey(tenantId, 'booking', marker._id));
      }
      if (customerIds.length === 0) continue;
      const customers = await this.erased.find({ tenantId, customerId: { $in: customerIds } }, {}, tx);
      for (const marker of customers) found.add(erasedKey(tenantId, 'customer', marker.customerId));
    }
    return found;
  }

  private async recordIn(
    tx: Tx,
    claimed: ClaimedNotification,
    outcome: SendRecord,
    erased: ReadonlySet<string>,
  ): Promise<RecordResult> {
    const lease = { _id: claimed._id, leaseToken: claimed.leaseToken };
    const released = { leaseToken: null, leaseUntilMs: null, updatedAtMs: outcome.nowMs };
    // Sent normally, erased as it reaches its final state (docs/decisions.md "Privacy").
    const erase =
      isFinal(outcome.status) &&
      (erased.has(erasedKey(claimed.tenantId, 'booking', claimed.bookingId)) ||
        (claimed.customerId !== '' && erased.has(erasedKey(claimed.tenantId, 'customer', claimed.customerId))));
    const sameSeries =
      (await this.records.updateOne(
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
          ...(erase ? erasure(claimed, outcome.nowMs) : {}),
        },
        tx,
      )) === 1;
    if (sameSeries) return erase ? 'erased' : 'recorded';
    const current = await this.records.findOne(lease, tx);
    // The lease ran out and another worker took the record: this attempt is not recorded.
    if (!current) return 'lost';
    // Resent meanwhile: the new series is due now; this attempt only leaves its error behind.
    await this.records.updateOne(
      lease,
      {
        ...released,
        revision: current.revision + 1,
        dueAtMs: current.nextAttemptAtMs,
        ...(outcome.status === 'sent' ? { sentAtMs: outcome.nowMs } : {}),
      },
      tx,
    );
    return 'recorded';
  }

  /**
   * Sends the record again as a new series, due now (its Message-ID changes with the series). While
   * an attempt is in flight the worker keeps its lease and the new series is due once it is
   * recorded. A record whose message was removed (retention, an erase) has nothing to send.
   */
  async resend(
    tenantId: string,
    id: string,
    nowMs: number,
    messageIdOf: (series: number) => string,
  ): Promise<ResendResult> {
    for (;;) {
      const doc = await this.get(tenantId, id);
      if (!doc) return 'not_found';
      if (doc.bodyRemovedAtMs != null) return 'body_removed';
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
      if ((await this.records.updateOne({ _id, tenantId, revision: doc.revision }, set)) === 1) return next;
      // A worker claimed or recorded it in between: read it again.
    }
  }
}

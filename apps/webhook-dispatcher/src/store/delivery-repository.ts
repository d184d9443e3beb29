import { randomUUID } from 'node:crypto';
import {
  DuplicateKeyError,
  findPage,
  type Collection,
  type DocumentStore,
  type Filter,
  type Page,
  type PageRequest,
  type Tx,
} from '@svc/store';
import { COLLECTIONS, EVENT_SUBSCRIPTION_INDEX } from './collections.js';
import { attemptId, type AttemptDoc, type DeliveryDoc, type DeliveryStatus } from './records.js';

export interface DeliveryFilter {
  subscriptionId?: string | undefined;
  status?: DeliveryStatus | undefined;
  eventType?: string | undefined;
  bookingId?: string | undefined;
}

/** What an attempt came to, as the worker records it. */
export interface AttemptRecord {
  startedAtMs: number;
  durationMs: number;
  responseStatus: number | null;
  error: string | null;
  /** The delivery's state afterwards. */
  status: DeliveryStatus;
  nextAttemptAtMs: number | null;
}

/** A delivery a worker holds the lease of. */
export type ClaimedDelivery = DeliveryDoc & { leaseToken: string };

/**
 * Deliveries and their attempts. Workers claim a due delivery by compare-and-set on its
 * `revision` (only one claimer matches), which sets a lease: until the lease runs out the
 * delivery is not due for anyone else. The attempt is recorded, and the lease released, in one
 * transaction that matches the lease token, so a worker that lost its lease records nothing.
 */
export class DeliveryRepository {
  private readonly deliveries: Collection<DeliveryDoc>;
  private readonly attempts: Collection<AttemptDoc>;

  constructor(private readonly store: DocumentStore) {
    this.deliveries = store.collection<DeliveryDoc>(COLLECTIONS.deliveries);
    this.attempts = store.collection<AttemptDoc>(COLLECTIONS.attempts);
  }

  /** Stores a new delivery; false when the (event, subscription) pair has one already. */
  async insertIfAbsent(doc: DeliveryDoc): Promise<boolean> {
    try {
      await this.deliveries.insertOne(doc);
      return true;
    } catch (err) {
      if (err instanceof DuplicateKeyError && err.index === EVENT_SUBSCRIPTION_INDEX) return false;
      throw err;
    }
  }

  /**
   * Stores the new deliveries of many events in one transaction (one commit however many); a
   * delivery whose (event, subscription) pair has one already, stored before or earlier in the
   * list, is skipped. Answers how many were stored. All or nothing: on failure none is.
   */
  async insertAllAbsent(docs: readonly DeliveryDoc[]): Promise<number> {
    if (docs.length === 0) return 0;
    if (docs.length === 1) return (await this.insertIfAbsent(docs[0]!)) ? 1 : 0;
    return this.store.withTransaction(async (tx) => {
      let stored = 0;
      for (const doc of docs) {
        // Looked up rather than caught: a failed insert would doom the whole transaction.
        const pair = { eventId: doc.eventId, subscriptionId: doc.subscriptionId };
        if (await this.deliveries.findOne(pair, tx)) continue;
        await this.deliveries.insertOne(doc, tx);
        stored++;
      }
      return stored;
    });
  }

  get(tenantId: string, deliveryId: string): Promise<DeliveryDoc | null> {
    return this.deliveries.findOne({ _id: deliveryId, tenantId });
  }

  /** The delivery log, newest first, as a dashboard reads it (docs/decisions.md "Webhooks"). */
  page(tenantId: string, filter: DeliveryFilter, page: PageRequest): Promise<Page<DeliveryDoc>> {
    const where: Filter = { tenantId };
    for (const [field, value] of Object.entries(filter)) if (value !== undefined) where[field] = value;
    return findPage(this.deliveries, where, page, { descending: true });
  }

  /** Every attempt of the delivery, oldest first. */
  async attemptsOf(tenantId: string, deliveryId: string): Promise<AttemptDoc[]> {
    return this.attempts.find(
      { deliveryId, tenantId },
      {
        sort: [
          ['series', 1],
          ['attemptNo', 1],
        ],
      },
    );
  }

  /** Deliveries due at `nowMs`, earliest first. */
  due(nowMs: number, limit: number): Promise<DeliveryDoc[]> {
    return this.deliveries.find({ dueAtMs: { $lte: nowMs } }, { sort: [['dueAtMs', 1]], limit });
  }

  /** When the earliest delivery falls due (leased ones at their lease's end); null when none is pending. */
  async nextDueAtMs(): Promise<number | null> {
    const [first] = await this.deliveries.find({ dueAtMs: { $gte: 0 } }, { sort: [['dueAtMs', 1]], limit: 1 });
    return first?.dueAtMs ?? null;
  }

  /**
   * Takes the lease of each due delivery as read, all in one transaction (one commit however
   * many); a delivery another worker (or a replay) changed first is left out.
   */
  async claimAll(docs: readonly DeliveryDoc[], nowMs: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    if (docs.length === 0) return [];
    return this.store.withTransaction(async (tx) => {
      const claimed: ClaimedDelivery[] = [];
      for (const doc of docs) {
        const lease = { leaseToken: randomUUID(), leaseUntilMs: nowMs + leaseMs, dueAtMs: nowMs + leaseMs };
        const matched = await this.deliveries.updateOne(
          { _id: doc._id, revision: doc.revision, status: 'pending' },
          { ...lease, revision: doc.revision + 1 },
          tx,
        );
        if (matched === 1) claimed.push({ ...doc, ...lease, revision: doc.revision + 1 });
      }
      return claimed;
    });
  }

  /** Takes the lease of one due delivery as read; null when another worker (or a replay) changed it first. */
  async claim(doc: DeliveryDoc, nowMs: number, leaseMs: number): Promise<ClaimedDelivery | null> {
    return (await this.claimAll([doc], nowMs, leaseMs))[0] ?? null;
  }

  /**
   * Records the attempt the claim was for and releases the lease. If the delivery was replayed
   * meanwhile, the attempt is kept in its old series and the new series stays due. False when
   * the lease was lost (it ran out and another worker took the delivery): nothing is written.
   */
  async record(claimed: ClaimedDelivery, attempt: AttemptRecord, nowMs: number): Promise<boolean> {
    return (await this.recordAll([{ claimed, attempt, nowMs }]))[0]!;
  }

  /** `record` for several attempts in one transaction (the worker's group commit). */
  async recordAll(
    items: ReadonlyArray<{ claimed: ClaimedDelivery; attempt: AttemptRecord; nowMs: number }>,
  ): Promise<boolean[]> {
    if (items.length === 0) return [];
    return this.store.withTransaction(async (tx) => {
      const results: boolean[] = [];
      for (const item of items) results.push(await this.recordIn(tx, item.claimed, item.attempt, item.nowMs));
      return results;
    });
  }

  private async recordIn(tx: Tx, claimed: ClaimedDelivery, attempt: AttemptRecord, nowMs: number): Promise<boolean> {
    const attemptNo = claimed.attemptCount + 1;
    const lease = { _id: claimed._id, leaseToken: claimed.leaseToken };
    const released = { leaseToken: null, leaseUntilMs: null, updatedAtMs: nowMs };
    // The usual case in one write: still our lease, still the series the attempt belongs to
    // (only a replay changes the series, or the revision, while we hold the lease).
    const sameSeries =
      (await this.deliveries.updateOne(
        { ...lease, series: claimed.series },
        {
          ...released,
          revision: claimed.revision + 1,
          status: attempt.status,
          attemptCount: attemptNo,
          nextAttemptAtMs: attempt.nextAttemptAtMs,
          dueAtMs: attempt.nextAttemptAtMs,
        },
        tx,
      )) === 1;
    if (!sameSeries) {
      const current = await this.deliveries.findOne(lease, tx);
      // The lease ran out and another worker took the delivery: this attempt is not recorded.
      if (!current) return false;
      // Replayed meanwhile: the new series is due now; the attempt stays in its old series.
      await this.deliveries.updateOne(
        lease,
        { ...released, revision: current.revision + 1, dueAtMs: current.nextAttemptAtMs },
        tx,
      );
    }
    await this.attempts.insertOne(
      {
        _id: attemptId(claimed._id, claimed.series, attemptNo),
        tenantId: claimed.tenantId,
        deliveryId: claimed._id,
        series: claimed.series,
        attemptNo,
        startedAtMs: attempt.startedAtMs,
        durationMs: attempt.durationMs,
        responseStatus: attempt.responseStatus,
        error: attempt.error,
        nextAttemptAtMs: sameSeries ? attempt.nextAttemptAtMs : null,
      },
      tx,
    );
    return true;
  }

  /**
   * Starts a new series of attempts for the delivery, due now; its attempts so far stay. While
   * an attempt is in flight the worker keeps its lease, and the new series is due once that
   * attempt is recorded. Null when the delivery does not exist in the tenant.
   */
  async replay(tenantId: string, deliveryId: string, nowMs: number): Promise<DeliveryDoc | null> {
    for (;;) {
      const doc = await this.get(tenantId, deliveryId);
      if (!doc) return null;
      const leased = doc.leaseToken !== null;
      const next: DeliveryDoc = {
        ...doc,
        status: 'pending',
        series: doc.series + 1,
        attemptCount: 0,
        nextAttemptAtMs: nowMs,
        dueAtMs: leased ? doc.dueAtMs : nowMs,
        revision: doc.revision + 1,
        updatedAtMs: nowMs,
      };
      const { _id, ...set } = next;
      if ((await this.deliveries.updateOne({ _id, tenantId, revision: doc.revision }, set)) === 1) return next;
      // A worker claimed or recorded it in between: read it again.
    }
  }
}

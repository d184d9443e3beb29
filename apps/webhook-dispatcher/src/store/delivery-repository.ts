import { LeasedLog } from '@svc/background';
import { DuplicateKeyError, type Collection, type DocumentStore, type Tx } from '@svc/store';
import { COLLECTIONS, EVENT_SUBSCRIPTION_INDEX } from './collections.js';
import { attemptId, type AttemptDoc, type DeliveryDoc, type DeliveryStatus, type ErasedBookingDoc } from './records.js';

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

/** What recording an attempt came to. */
export interface RecordOutcome {
  /** False when the lease was lost: nothing was written. */
  recorded: boolean;
  /** The delivery became final and its booking's customer was erased: its body is gone. */
  bodyRemoved: boolean;
}

/** A delivery with its attempts, oldest first (the customer export). */
export interface DeliveryWithAttempts {
  delivery: DeliveryDoc;
  attempts: AttemptDoc[];
}

/** A replay of a delivery whose body was removed: there is nothing left to send. */
export class BodyRemovedError extends Error {
  override readonly name = 'BodyRemovedError';
  constructor(readonly bodyRemovedAtMs: number) {
    super('the delivery has no body any more');
  }
}

/** The statuses whose deliveries are done: only they lose their bodies (docs/decisions.md "Privacy"). */
const FINAL_STATUSES: DeliveryStatus[] = ['succeeded', 'failed'];

/** Bookings whose deliveries one redaction or export transaction reads at most. */
const BOOKINGS_PER_STEP = 50;
/** Deliveries whose attempts one export read fetches at most. */
const DELIVERIES_PER_READ = 100;
/** Bodies one retention transaction removes at most. */
const SWEEP_BATCH = 100;

/** The fields that remove a body (kept: ids, status, times, attempts). */
const removedBody = (nowMs: number) => ({ body: '', bodyRemovedAtMs: nowMs });

/**
 * Deliveries and their attempts. Workers claim a due delivery by compare-and-set on its
 * `revision` (only one claimer matches), which sets a lease: until the lease runs out the
 * delivery is not due for anyone else. The attempt is recorded, and the lease released, in one
 * transaction that matches the lease token, so a worker that lost its lease records nothing.
 */
export class DeliveryRepository extends LeasedLog<DeliveryDoc, DeliveryFilter> {
  private readonly attempts: Collection<AttemptDoc>;
  private readonly erased: Collection<ErasedBookingDoc>;

  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.deliveries);
    this.attempts = store.collection<AttemptDoc>(COLLECTIONS.attempts);
    this.erased = store.collection<ErasedBookingDoc>(COLLECTIONS.erasedBookings);
  }

  /** Stores a new delivery; false when the (event, subscription) pair has one already. */
  async insertIfAbsent(doc: DeliveryDoc): Promise<boolean> {
    try {
      await this.records.insertOne(doc);
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
        if (await this.records.findOne(pair, tx)) continue;
        await this.records.insertOne(doc, tx);
        stored++;
      }
      return stored;
    });
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
    return (await this.recordAll([{ claimed, attempt, nowMs }]))[0]!.recorded;
  }

  /**
   * `record` for several attempts in one transaction (the worker's group commit). A delivery that
   * becomes final while its booking's customer is erased loses its body in the same write.
   */
  recordAll(
    items: ReadonlyArray<{ claimed: ClaimedDelivery; attempt: AttemptRecord; nowMs: number }>,
  ): Promise<RecordOutcome[]> {
    return this.recordEach(items, (tx, item) => this.recordIn(tx, item.claimed, item.attempt, item.nowMs));
  }

  private async recordIn(
    tx: Tx,
    claimed: ClaimedDelivery,
    attempt: AttemptRecord,
    nowMs: number,
  ): Promise<RecordOutcome> {
    const attemptNo = claimed.attemptCount + 1;
    const lease = { _id: claimed._id, leaseToken: claimed.leaseToken };
    const released = { leaseToken: null, leaseUntilMs: null, updatedAtMs: nowMs };
    // A pending delivery of an erased customer's booking was sent as it was; once final its body
    // goes (docs/decisions.md "Privacy"). Read in this transaction: see redactErased for why
    // an erasure running at the same moment cannot slip between.
    const erased =
      attempt.status !== 'pending' &&
      (await this.erased.findOne({ _id: claimed.bookingId, tenantId: claimed.tenantId }, tx)) !== null;
    // The usual case in one write: still our lease, still the series the attempt belongs to
    // (only a replay changes the series, or the revision, while we hold the lease).
    const sameSeries =
      (await this.records.updateOne(
        { ...lease, series: claimed.series },
        {
          ...released,
          revision: claimed.revision + 1,
          status: attempt.status,
          attemptCount: attemptNo,
          nextAttemptAtMs: attempt.nextAttemptAtMs,
          dueAtMs: attempt.nextAttemptAtMs,
          ...(erased ? removedBody(nowMs) : {}),
        },
        tx,
      )) === 1;
    if (!sameSeries) {
      const current = await this.records.findOne(lease, tx);
      // The lease ran out and another worker took the delivery: this attempt is not recorded.
      if (!current) return { recorded: false, bodyRemoved: false };
      // Replayed meanwhile: the new series is due now; the attempt stays in its old series.
      await this.records.updateOne(
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
    return { recorded: true, bodyRemoved: sameSeries && erased };
  }

  /**
   * Starts a new series of attempts for the delivery, due now; its attempts so far stay. While
   * an attempt is in flight the worker keeps its lease, and the new series is due once that
   * attempt is recorded. Null when the delivery does not exist in the tenant; BodyRemovedError
   * when its body was removed (nothing to send: an empty body would be a lie to the receiver).
   */
  async replay(tenantId: string, deliveryId: string, nowMs: number): Promise<DeliveryDoc | null> {
    for (;;) {
      const doc = await this.get(tenantId, deliveryId);
      if (!doc) return null;
      // Removing a body counts the revision up, so it cannot slip in before the write below.
      if (doc.bodyRemovedAtMs != null) throw new BodyRemovedError(doc.bodyRemovedAtMs);
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
      if ((await this.records.updateOne({ _id, tenantId, revision: doc.revision }, set)) === 1) return next;
      // A worker claimed or recorded it in between: read it again.
    }
  }

  /**
   * Erasure (docs/decisions.md "Privacy"): the final deliveries of the tenant's bookings lose
   * their bodies; pending ones are marked and keep theirs until they are final (recordIn).
   * Answers how many bodies were removed. Idempotent.
   *
   * Call it only after the bookings' erasure markers are committed (ErasureRepository.mark).
   * Then nothing escapes on MongoDB either, where transactions read a snapshot: a recording
   * that starts after the markers commit sees its marker; one that started before either
   * committed before this transaction's snapshot (this sees the delivery final and redacts it)
   * or writes the delivery after that snapshot, where this transaction writes it too (the mark
   * of a pending one), so one of the two conflicts and runs again, seeing the other's result.
   * A transaction per BOOKINGS_PER_STEP bookings keeps each one small.
   */
  async redactErased(
    tenantId: string,
    bookingIds: readonly string[],
    erasedAtMs: number,
    nowMs: number,
  ): Promise<number> {
    let removed = 0;
    for (let i = 0; i < bookingIds.length; i += BOOKINGS_PER_STEP) {
      const chunk = bookingIds.slice(i, i + BOOKINGS_PER_STEP);
      removed += await this.store.withTransaction(async (tx) => {
        let n = 0;
        for (const doc of await this.records.find({ tenantId, bookingId: { $in: chunk } }, {}, tx)) {
          if (doc.status === 'pending') {
            if (doc.erasedAtMs === undefined) await this.records.updateOne({ _id: doc._id }, { erasedAtMs }, tx);
          } else if (doc.bodyRemovedAtMs == null) {
            await this.records.updateOne({ _id: doc._id }, { ...removedBody(nowMs), revision: doc.revision + 1 }, tx);
            n++;
          }
        }
        return n;
      });
    }
    return removed;
  }

  /**
   * Retention (docs/decisions.md "Privacy"): removes the bodies of the tenant's final deliveries
   * created before `cutoffMs`, oldest first, through the (tenant, held, created) index; a
   * pending delivery keeps its body whatever its age. Each removal is a compare-and-set on the
   * revision, so a replay in between wins and keeps the body. Answers how many were removed.
   */
  async removeBodiesBefore(
    tenantId: string,
    cutoffMs: number,
    nowMs: number,
    keepGoing: () => boolean = () => true,
  ): Promise<number> {
    let removed = 0;
    while (keepGoing()) {
      const batch = await this.records.find(
        { tenantId, bodyRemovedAtMs: null, createdAtMs: { $lt: cutoffMs }, status: { $in: FINAL_STATUSES } },
        { sort: [['createdAtMs', 1]], limit: SWEEP_BATCH },
      );
      const n = await this.store.withTransaction(async (tx) => {
        let changed = 0;
        for (const doc of batch) {
          changed += await this.records.updateOne(
            { _id: doc._id, revision: doc.revision, status: doc.status },
            { ...removedBody(nowMs), revision: doc.revision + 1 },
            tx,
          );
        }
        return changed;
      });
      removed += n;
      if (batch.length < SWEEP_BATCH || n === 0) break;
    }
    return removed;
  }

  /**
   * The tenant's deliveries of the bookings with their attempts (the customer export), a step of
   * BOOKINGS_PER_STEP bookings at a time so a caller can stop before holding too much; in each
   * step by booking, each booking's oldest first.
   */
  async *exportOf(tenantId: string, bookingIds: readonly string[]): AsyncGenerator<DeliveryWithAttempts[]> {
    for (let i = 0; i < bookingIds.length; i += BOOKINGS_PER_STEP) {
      const chunk = bookingIds.slice(i, i + BOOKINGS_PER_STEP);
      const deliveries = await this.records.find(
        { tenantId, bookingId: { $in: chunk } },
        {
          sort: [
            ['bookingId', 1],
            ['createdAtMs', 1],
            ['_id', 1],
          ],
        },
      );
      const attemptsOf = new Map<string, AttemptDoc[]>();
      for (let j = 0; j < deliveries.length; j += DELIVERIES_PER_READ) {
        const ids = deliveries.slice(j, j + DELIVERIES_PER_READ).map((d) => d._id);
        const attempts = await this.attempts.find(
          { tenantId, deliveryId: { $in: ids } },
          {
            sort: [
              ['series', 1],
              ['attemptNo', 1],
            ],
          },
        );
        for (const attempt of attempts) {
          const list = attemptsOf.get(attempt.deliveryId) ?? [];
          list.push(attempt);
          attemptsOf.set(attempt.deliveryId, list);
        }
      }
      yield deliveries.map((delivery) => ({ delivery, attempts: attemptsOf.get(delivery._id) ?? [] }));
    }
  }
}

import { createHash } from 'node:crypto';
import { DAY_MS } from '@svc/rules';
import {
  DuplicateKeyError,
  findPage,
  type Collection,
  type DocumentStore,
  type Filter,
  type Page,
  type PagePosition,
  type PageRequest,
  type Tx,
} from '@svc/store';
import { occupiedKeys } from './occupied-keys.js';
import { STRIPPED_BOOKING } from '../domain/erasure.js';
import { hasPendingWork, type BookingPayment } from '../domain/payment.js';
import { EraseJobRepository } from './erase-job-repository.js';
import { dayOf, OccupancyCache, splitByDay } from './occupancy-cache.js';
import {
  BOOKING_COLLECTIONS,
  OCCUPANCY_FIELDS,
  type BookingDoc,
  type IdempotencyDoc,
  type LeaseDoc,
  type OccupancyDoc,
  type OccupancyVersionDoc,
  type OutboxDoc,
} from './records.js';

/** No booking lasts longer (durationMin ≤ 1440), which bounds the index range of overlap scans. */
const MAX_BOOKING_SPAN_MS = DAY_MS;
/** docs/api-conventions.md "Public booking": keys are per tenant and live 24 hours. */
const IDEMPOTENCY_TTL_MS = DAY_MS;

/** Held and confirmed bookings take up time; every other status frees it. */
const OCCUPYING_STATUSES = ['held', 'confirmed'] as const;
const occupies = (b: BookingDoc): boolean => (OCCUPYING_STATUSES as readonly string[]).includes(b.status);

/** The dashboard list's filters (docs/decisions.md "Lists and paging"); absent = any. */
export interface BookingListQuery {
  tenantId: string;
  status?: string | undefined;
  serviceId?: string | undefined;
  staffId?: string | undefined;
  customerId?: string | undefined;
  /** startsAtMs in [fromMs, toMs). */
  fromMs?: number | undefined;
  toMs?: number | undefined;
  limit: number;
  after: PagePosition | null;
}

/** The request an Idempotency-Key was first used for. */
export interface IdempotentRequest {
  key: string;
  /** SHA-256 of the canonical request body. */
  fingerprint: string;
}

/**
 * The booking service's data: bookings, idempotency records and the outbox. The application
 * layer says what it wants (the bookings overlapping an interval, a new held booking with its
 * event and key); the collections, their ids and how rows relate stay here.
 */
export class BookingStore {
  private readonly bookings: Collection<BookingDoc>;
  private readonly idempotency: Collection<IdempotencyDoc>;
  private readonly outbox: Collection<OutboxDoc>;
  private readonly leases: Collection<LeaseDoc>;
  private readonly versions: Collection<OccupancyVersionDoc>;
  /** The occupancy rows read, per (tenant, UTC day), kept exact by the tenant's bookings version. */
  private readonly occupancy: OccupancyCache;
  /** The erase jobs of customers (docs/decisions.md "Privacy"). */
  readonly eraseJobs: EraseJobRepository;

  constructor(
    private readonly store: DocumentStore,
    occupancy = new OccupancyCache(),
  ) {
    this.occupancy = occupancy;
    this.eraseJobs = new EraseJobRepository(store);
    this.bookings = store.collection<BookingDoc>(BOOKING_COLLECTIONS.bookings);
    this.idempotency = store.collection<IdempotencyDoc>(BOOKING_COLLECTIONS.idempotency);
    this.outbox = store.collection<OutboxDoc>(BOOKING_COLLECTIONS.outbox);
    this.leases = store.collection<LeaseDoc>(BOOKING_COLLECTIONS.leases);
    this.versions = store.collection<OccupancyVersionDoc>(BOOKING_COLLECTIONS.occupancyVersions);
  }

  async ensureIndexes(): Promise<void> {
    const { bookings, outbox, idempotency, leases, occupancyVersions } = BOOKING_COLLECTIONS;
    await this.store.ensureIndexes([
      // The list's order (tenant, start, id) and then every field of the occupancy read, so that
      // read is answered from the index alone (a covering index; docs/architecture.md).
      {
        collection: bookings,
        // With the seats of a session and a collective booking's staff (docs/decisions.md
        // "Seats", "Staff assignment"); replaces by_tenant_start_occupancy.
        name: 'by_tenant_start_occupancy_v2',
        fields: ['tenantId', 'startsAtMs', '_id', ...OCCUPANCY_FIELDS.filter((f) => f !== 'startsAtMs')],
        covering: true,
      },
      // The hold-expiry sweeper's scan: held bookings by expiry.
      { collection: bookings, name: 'by_status_hold', fields: ['status', 'holdExpiresAtMs'] },
      // Its other scan: holds of automatic services their create did not confirm (hold-expiry.ts).
      { collection: bookings, name: 'by_status_confirmation', fields: ['status', 'confirmation', 'createdAtMs'] },
      // The payment worker's scans (payment-worker.ts), and the return URL's key.
      { collection: bookings, name: 'by_payment_pending', fields: ['paymentPending', 'status', 'holdExpiresAtMs'] },
      { collection: bookings, name: 'by_tenant_return_key', fields: ['tenantId', 'paymentReturnKey'] },
      { collection: outbox, name: 'by_state', fields: ['state', '_id'] },
      // A booking's history (ListBookingEvents): its rows, oldest first.
      { collection: outbox, name: 'by_key', fields: ['key', '_id'] },
      { collection: idempotency, name: 'by_expiry', fields: ['expiresAtMs'] },
      { collection: leases, name: 'by_expiry', fields: ['expiresAtMs'] },
      // Transactions write it first, so it must exist before any (DocumentStore.ensureIndexes).
      { collection: occupancyVersions, name: 'by_tenant', fields: ['tenantId'] },
      // The occupancy cache's stamps: a tenant's days, answered from the index alone.
      { collection: occupancyVersions, name: 'by_tenant_day', fields: ['tenantId', 'day', 'version'], covering: true },
      // A customer's bookings in creation order: their export and erase page through them.
      {
        collection: bookings,
        name: 'by_tenant_customer_created',
        fields: ['tenantId', 'customerId', 'createdAtMs', '_id'],
      },
      ...EraseJobRepository.INDEXES,
    ]);
    // Its prefix is the index above, which replaces it (a no-op once dropped); and the index
    // above before it held the seats.
    await this.store.dropIndex(bookings, 'by_tenant_start');
    await this.store.dropIndex(bookings, 'by_tenant_start_occupancy');
  }

  withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    return this.store.withTransaction(fn);
  }

  /**
   * Held and confirmed bookings of the tenant that overlap [fromMs, toMs). Expiry is the engine's
   * call. Outside a transaction through the occupancy cache: one point read of the tenant's
   * bookings version, and the rows only of the days a write touched since they were kept. Inside
   * one (a create's or change's final check) always the rows themselves, so the decision that
   * commits never rests on a kept copy (docs/architecture.md "Occupancy cache").
   */
  async overlapping(tenantId: string, fromMs: number, toMs: number, tx?: Tx): Promise<OccupancyDoc[]> {
    const rowsOf = (from: number, to: number) =>
      this.bookings.find(
        { tenantId, status: { $in: [...OCCUPYING_STATUSES] }, startsAtMs: { $gte: from, $lt: to } },
        { sort: [['startsAtMs', 1]], fields: OCCUPANCY_FIELDS },
        tx,
      );
    const overlaps = (row: OccupancyDoc) => row.startsAtMs < toMs && row.endsAtMs > fromMs;
    if (tx) return (await rowsOf(fromMs - MAX_BOOKING_SPAN_MS, toMs)).filter(overlaps);
    const firstDay = dayOf(fromMs - MAX_BOOKING_SPAN_MS);
    const lastDay = dayOf(toMs - 1);
    // Read before the rows: a write the rows miss counts its day up, so the day is read again.
    const stamps = await this.dayStamps(tenantId, firstDay, lastDay);
    const readAtMs = Date.now();
    const { rows, missing } = this.occupancy.lookup(tenantId, firstDay, lastDay, stamps, readAtMs);
    for (const [from, to] of missing) {
      const byDay = splitByDay(from, to, await rowsOf(from * DAY_MS, (to + 1) * DAY_MS));
      this.occupancy.fill(tenantId, byDay, stamps, readAtMs);
      for (const [day, dayRows] of byDay) rows.set(day, dayRows);
    }
    const out: OccupancyDoc[] = [];
    for (let day = firstDay; day <= lastDay; day++) for (const row of rows.get(day)!) if (overlaps(row)) out.push(row);
    return out;
  }

  /**
   * Each UTC day's stamp: the sum of the versions of the tenant's occupancy documents of the day
   * (every owner's). A write that adds or changes a booking counts up a document of the day its
   * booking starts on (its buffered interval includes that day), so the stamp of that day grows.
   */
  private async dayStamps(tenantId: string, firstDay: number, lastDay: number): Promise<Map<number, number>> {
    const docs = await this.versions.find(
      { tenantId, day: { $gte: firstDay, $lte: lastDay } },
      { fields: ['day', 'version'] },
    );
    const stamps = new Map<number, number>();
    for (const { day, version } of docs) stamps.set(day!, (stamps.get(day!) ?? 0) + version);
    return stamps;
  }

  /**
   * Up to `limit` bookings of any tenant made before buffers were stored on bookings (no
   * `bufferBeforeMin`). Unindexed: only the start-up migration asks, and once it has run the
   * answer is empty.
   */
  withoutStoredBuffers(limit: number): Promise<BookingDoc[]> {
    return this.bookings.find({ bufferBeforeMin: null }, { sort: [['_id', 1]], limit });
  }

  /** Stores a booking's buffers unless it has some already (they never change once stored). */
  async storeBuffers(
    booking: Pick<BookingDoc, '_id' | 'tenantId'>,
    buffers: { bufferBeforeMin: number; bufferAfterMin: number },
    nowMs: number,
  ): Promise<void> {
    const { _id, tenantId } = booking;
    await this.store.withTransaction(async (tx) => {
      // Its occupied time changes with them (docs/architecture.md "Occupancy cache").
      if ((await this.bookings.updateOne({ _id, tenantId, bufferBeforeMin: null }, buffers, tx)) > 0) {
        const doc = await this.bookings.findOne({ _id, tenantId }, tx);
        if (doc) await this.markBusy([doc], nowMs, tx);
      }
    });
  }

  booking(tenantId: string, bookingId: string, tx?: Tx): Promise<BookingDoc | null> {
    return this.bookings.findOne({ _id: bookingId, tenantId }, tx);
  }

  /** A page of the tenant's bookings in (startsAtMs, bookingId) order. */
  list(q: BookingListQuery): Promise<Page<BookingDoc>> {
    const filter: Filter = { tenantId: q.tenantId };
    if (q.status) filter.status = q.status;
    if (q.serviceId) filter.serviceId = q.serviceId;
    if (q.staffId) filter.staffId = q.staffId;
    if (q.customerId) filter.customerId = q.customerId;
    return findPage(
      this.bookings,
      filter,
      { limit: q.limit, after: q.after },
      { orderBy: 'startsAtMs', within: { from: q.fromMs, to: q.toMs } },
    );
  }

  /** A page of the customer's bookings in (createdAtMs, bookingId) order (by_tenant_customer_created). */
  customerBookings(tenantId: string, customerId: string, page: PageRequest): Promise<Page<BookingDoc>> {
    return findPage(this.bookings, { tenantId, customerId }, page);
  }

  /**
   * Removes answers and notes from the bookings (docs/decisions.md "Privacy"), in one transaction.
   * A transition's compare-and-set reads and writes the booking in its own transaction, so it
   * never writes back what this removed.
   */
  async strip(tenantId: string, bookingIds: readonly string[]): Promise<void> {
    if (bookingIds.length === 0) return;
    await this.store.withTransaction(async (tx) => {
      for (const _id of bookingIds) await this.bookings.updateOne({ _id, tenantId }, { ...STRIPPED_BOOKING }, tx);
    });
  }

  /** Every not yet redacted event of the bookings (by_key), oldest first. */
  unredactedEventsOf(bookingIds: readonly string[]): Promise<OutboxDoc[]> {
    if (bookingIds.length === 0) return Promise.resolve([]);
    return this.outbox.find({ key: { $in: [...bookingIds] }, redactedAtMs: null }, { sort: [['_id', 1]] });
  }

  /**
   * Replaces the data of published events by their redacted data, in one transaction. A row still
   * pending is left as it is: the relay has yet to publish what it holds.
   */
  async redactPublished(
    rows: ReadonlyArray<{ _id: string; data: Record<string, unknown> }>,
    nowMs: number,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.store.withTransaction(async (tx) => {
      for (const row of rows) {
        await this.outbox.updateOne({ _id: row._id, state: 'published' }, { data: row.data, redactedAtMs: nowMs }, tx);
      }
    });
  }

  /** An event of the service's own (not a booking's change), in `tx`. */
  async appendEvent(event: OutboxDoc, tx: Tx): Promise<void> {
    await this.outbox.insertOne(event, tx);
  }

  /** Makes what the erase removed unreadable in the store's files too (DocumentStore.scrubFreed). */
  scrubFreed(): Promise<void> {
    return this.store.scrubFreed();
  }

  /** Up to `limit` held bookings (of any tenant) whose hold ran out at or before nowMs, oldest first. */
  expiredHolds(nowMs: number, limit: number): Promise<BookingDoc[]> {
    return this.bookings.find(
      { status: 'held', holdExpiresAtMs: { $lte: nowMs } },
      { sort: [['holdExpiresAtMs', 1]], limit },
    );
  }

  /**
   * Up to `limit` held bookings (of any tenant) of automatic services made at or before
   * `createdUpToMs` whose hold still runs at nowMs, oldest first: their create did not confirm
   * them (docs/decisions.md "Confirmation policy").
   */
  unconfirmedAutomatic(createdUpToMs: number, nowMs: number, limit: number): Promise<BookingDoc[]> {
    return this.bookings.find(
      {
        status: 'held',
        confirmation: 'automatic',
        createdAtMs: { $lte: createdUpToMs },
        holdExpiresAtMs: { $gt: nowMs },
      },
      { sort: [['createdAtMs', 1]], limit },
    );
  }

  /** Up to `limit` held bookings whose checkout is open and whose hold still runs, the nearest end first. */
  awaitingPayment(nowMs: number, limit: number): Promise<BookingDoc[]> {
    return this.bookings.find(
      { paymentPending: true, status: 'held', holdExpiresAtMs: { $gt: nowMs } },
      { sort: [['holdExpiresAtMs', 1]], limit },
    );
  }

  /** Up to `limit` bookings no longer held whose payment has work pending (hasPendingWork). */
  unsettledPayments(limit: number): Promise<BookingDoc[]> {
    return this.bookings.find({ paymentPending: true, status: { $ne: 'held' } }, { limit });
  }

  /** The booking a return key names, or null. */
  async byReturnKey(tenantId: string, returnKey: string): Promise<BookingDoc | null> {
    const [found] = await this.bookings.find({ tenantId, paymentReturnKey: returnKey }, { limit: 1 });
    return found ?? null;
  }

  /**
   * Writes a booking's payment without a status change or an event, in `tx`, as a
   * compare-and-set on its revision and status: false when it changed since it was read.
   */
  async savePayment(before: BookingDoc, payment: BookingPayment, tx: Tx): Promise<boolean> {
    const matched = await this.bookings.updateOne(
      { _id: before._id, tenantId: before.tenantId, status: before.status, revision: before.revision ?? null },
      { payment, paymentPending: hasPendingWork(payment) },
      tx,
    );
    return matched > 0;
  }

  /**
   * Replaces `before` by `after` and writes the change's outbox row, in `tx`: a compare-and-set
   * on the status and revision read, so of two concurrent changes of one booking only one
   * applies. False (nothing written) when the booking changed since it was read. A change that
   * leaves the booking occupying time (confirm, reschedule) marks its owners busy (markBusy).
   */
  async transition(before: BookingDoc, after: BookingDoc, event: OutboxDoc, tx: Tx): Promise<boolean> {
    const { _id, tenantId, ...changes } = after;
    const matched = await this.bookings.updateOne(
      { _id: before._id, tenantId: before.tenantId, status: before.status, revision: before.revision ?? null },
      changes,
      tx,
    );
    if (matched === 0) return false;
    await this.outbox.insertOne(event, tx);
    await this.markBusy([before, after].filter(occupies), after.updatedAtMs, tx);
    return true;
  }

  /**
   * Counts up the occupancy version of every (owner, UTC day) the bookings occupy, in `tx`
   * (docs/architecture.md "Booking create"): a change's booking before and after it, a new
   * booking. The conflict of two transactions that each found the slot free is then a write to
   * one document, which MongoDB refuses to commit twice (WriteConflict; the loser retries and its
   * recheck sees the winner); on SQLite transactions never overlap, so it only counts. The counts
   * are also the occupancy cache's day stamps (dayStamps): a cancel counts its days up too. The
   * last write of its transaction: on MongoDB a process that dies inside a transaction leaves it
   * open, its documents locked, until the server's transactionLifetimeLimitSeconds; these
   * documents are every booking's of that owner and day.
   */
  private async markBusy(bookings: readonly BookingDoc[], updatedAtMs: number, tx: Tx): Promise<void> {
    const keys = new Set(bookings.flatMap((b) => occupiedKeys(b)));
    for (const _id of [...keys].sort()) {
      const day = dayOf(Date.parse(_id.slice(-10)));
      const seen = await this.versions.findOne({ _id }, tx);
      if (seen) await this.versions.updateOne({ _id }, { version: seen.version + 1, day, updatedAtMs }, tx);
      else await this.versions.insertOne({ _id, tenantId: bookings[0]!.tenantId, day, version: 1, updatedAtMs }, tx);
    }
  }

  /** The live idempotency record of (tenant, key), or null when absent or older than 24 hours. */
  async idempotencyRecord(tenantId: string, key: string, nowMs: number, tx?: Tx): Promise<IdempotencyDoc | null> {
    const rec = await this.idempotency.findOne({ _id: idempotencyId(tenantId, key) }, tx);
    return rec && rec.expiresAtMs > nowMs ? rec : null;
  }

  /**
   * A new held booking, its first event and the record of the key it was created with, written
   * together in `tx`, its owners marked busy (markBusy). An expired record of the same key is
   * replaced, so the key can be used again; a live one is a DuplicateKeyError (another create won
   * the key).
   */
  async insertHeld(booking: BookingDoc, event: OutboxDoc, request: IdempotentRequest, tx: Tx): Promise<void> {
    if (booking.status !== 'held') throw new Error(`insertHeld takes a held booking, not ${booking.status}`);
    const id = idempotencyId(booking.tenantId, request.key);
    await this.idempotency.deleteMany({ _id: id, expiresAtMs: { $lte: booking.createdAtMs } }, tx);
    await this.bookings.insertOne(booking, tx);
    await this.outbox.insertOne(event, tx);
    await this.idempotency.insertOne(
      {
        _id: id,
        tenantId: booking.tenantId,
        fingerprint: request.fingerprint,
        bookingId: booking._id,
        originalStatus: booking.status,
        createdAtMs: booking.createdAtMs,
        expiresAtMs: booking.createdAtMs + IDEMPOTENCY_TTL_MS,
      },
      tx,
    );
    await this.markBusy([booking], booking.createdAtMs, tx);
  }

  /**
   * Takes or renews the lease on `job` for `owner` until nowMs + ttlMs: true when `owner` holds
   * it now. A lease held by another owner is taken over only once it has expired.
   */
  async claimLease(job: string, owner: string, nowMs: number, ttlMs: number): Promise<boolean> {
    const expiresAtMs = nowMs + ttlMs;
    if ((await this.leases.updateOne({ _id: job, owner }, { expiresAtMs })) === 1) return true;
    if ((await this.leases.updateOne({ _id: job, expiresAtMs: { $lte: nowMs } }, { owner, expiresAtMs })) === 1) {
      return true;
    }
    if (await this.leases.findOne({ _id: job })) return false;
    try {
      await this.leases.insertOne({ _id: job, owner, expiresAtMs });
      return true;
    } catch (err) {
      // Another owner holds it (or took it just now).
      if (err instanceof DuplicateKeyError) return false;
      throw err;
    }
  }

  /** Gives the lease up at once (a clean stop), so another owner need not wait for it to expire. */
  async releaseLease(job: string, owner: string): Promise<void> {
    await this.leases.updateOne({ _id: job, owner }, { expiresAtMs: 0 });
  }

  /** The booking's events, oldest first, at most `limit` (its history; the tenant checked on each row). */
  async eventsOf(tenantId: string, bookingId: string, limit: number): Promise<OutboxDoc[]> {
    const rows = await this.outbox.find({ key: bookingId }, { sort: [['_id', 1]], limit });
    return rows.filter((row) => row.tenantId === tenantId);
  }

  /**
   * The events of several bookings at once (the export's page), each booking's oldest first and at
   * most `limit` of them: one indexed read (by_key) instead of one per booking.
   */
  async eventsOfMany(
    tenantId: string,
    bookingIds: readonly string[],
    limit: number,
  ): Promise<Map<string, OutboxDoc[]>> {
    const byBooking = new Map<string, OutboxDoc[]>(bookingIds.map((id) => [id, []]));
    if (bookingIds.length === 0) return byBooking;
    const rows = await this.outbox.find({ key: { $in: [...bookingIds] } }, { sort: [['_id', 1]] });
    for (const row of rows) {
      const events = byBooking.get(row.key);
      if (events && row.tenantId === tenantId && events.length < limit) events.push(row);
    }
    return byBooking;
  }

  /** Up to `limit` events not yet published, oldest first (event ids sort by time). */
  pendingEvents(limit: number): Promise<OutboxDoc[]> {
    return this.outbox.find({ state: 'pending' }, { sort: [['_id', 1]], limit });
  }

  /**
   * Marks the events published; one already marked stays as it was. One transaction for the
   * batch: on SQLite each write outside one is a commit (an fsync) of its own.
   */
  async markPublished(eventIds: readonly string[], nowMs: number): Promise<void> {
    await this.store.withTransaction(async (tx) => {
      for (const id of eventIds) {
        await this.outbox.updateOne({ _id: id, state: 'pending' }, { state: 'published', publishedAtMs: nowMs }, tx);
      }
    });
  }
}

/** Keys are up to 255 characters of anything printable: hash them into a fixed-size id. */
export function idempotencyId(tenantId: string, key: string): string {
  return `${tenantId}:${createHash('sha256').update(key).digest('base64url')}`;
}

import { createHash } from 'node:crypto';
import { DAY_MS } from '@svc/rules';
import type { Collection, DocumentStore, Filter, Tx } from '@svc/store';
import { BOOKING_COLLECTIONS, type BookingDoc, type IdempotencyDoc, type OutboxDoc } from './records.js';

/** No booking lasts longer (durationMin ≤ 1440), which bounds the index range of overlap scans. */
const MAX_BOOKING_SPAN_MS = DAY_MS;
/** docs/api-conventions.md "Public booking": keys are per tenant and live 24 hours. */
const IDEMPOTENCY_TTL_MS = DAY_MS;

/** Held and confirmed bookings take up time; every other status frees it. */
const OCCUPYING_STATUSES = ['held', 'confirmed'] as const;

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

  constructor(private readonly store: DocumentStore) {
    this.bookings = store.collection<BookingDoc>(BOOKING_COLLECTIONS.bookings);
    this.idempotency = store.collection<IdempotencyDoc>(BOOKING_COLLECTIONS.idempotency);
    this.outbox = store.collection<OutboxDoc>(BOOKING_COLLECTIONS.outbox);
  }

  ensureIndexes(): Promise<void> {
    const { bookings, outbox, idempotency } = BOOKING_COLLECTIONS;
    return this.store.ensureIndexes([
      { collection: bookings, name: 'by_tenant_start', fields: ['tenantId', 'startsAtMs', '_id'] },
      { collection: outbox, name: 'by_state', fields: ['state', '_id'] },
      { collection: idempotency, name: 'by_expiry', fields: ['expiresAtMs'] },
    ]);
  }

  withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    return this.store.withTransaction(fn);
  }

  /** Held and confirmed bookings of the tenant that overlap [fromMs, toMs). Expiry is the engine's call. */
  overlapping(tenantId: string, fromMs: number, toMs: number, tx?: Tx): Promise<BookingDoc[]> {
    const filter: Filter = {
      tenantId,
      status: { $in: [...OCCUPYING_STATUSES] },
      startsAtMs: { $gte: fromMs - MAX_BOOKING_SPAN_MS, $lt: toMs },
      endsAtMs: { $gt: fromMs },
    };
    return this.bookings.find(filter, { sort: [['startsAtMs', 1]] }, tx);
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
    tenantId: string,
    bookingId: string,
    buffers: { bufferBeforeMin: number; bufferAfterMin: number },
  ): Promise<void> {
    await this.bookings.updateOne({ _id: bookingId, tenantId, bufferBeforeMin: null }, buffers);
  }

  booking(tenantId: string, bookingId: string, tx?: Tx): Promise<BookingDoc | null> {
    return this.bookings.findOne({ _id: bookingId, tenantId }, tx);
  }

  /** The live idempotency record of (tenant, key), or null when absent or older than 24 hours. */
  async idempotencyRecord(tenantId: string, key: string, nowMs: number, tx?: Tx): Promise<IdempotencyDoc | null> {
    const rec = await this.idempotency.findOne({ _id: idempotencyId(tenantId, key) }, tx);
    return rec && rec.expiresAtMs > nowMs ? rec : null;
  }

  /**
   * A new held booking, its first event and the record of the key it was created with, written
   * together in `tx`. An expired record of the same key is replaced, so the key can be used
   * again; a live one is a DuplicateKeyError (another create won the key).
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
  }

  /** Up to `limit` events not yet published, oldest first (event ids sort by time). */
  pendingEvents(limit: number): Promise<OutboxDoc[]> {
    return this.outbox.find({ state: 'pending' }, { sort: [['_id', 1]], limit });
  }

  /** Marks the events published; one already marked stays as it was. */
  async markPublished(eventIds: readonly string[], nowMs: number): Promise<void> {
    for (const id of eventIds) {
      await this.outbox.updateOne({ _id: id, state: 'pending' }, { state: 'published', publishedAtMs: nowMs });
    }
  }
}

/** Keys are up to 255 characters of anything printable: hash them into a fixed-size id. */
export function idempotencyId(tenantId: string, key: string): string {
  return `${tenantId}:${createHash('sha256').update(key).digest('base64url')}`;
}

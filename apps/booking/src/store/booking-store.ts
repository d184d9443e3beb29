import { createHash } from 'node:crypto';
import type { DocumentStore, Filter, Tx } from '@svc/store';
import type { BookingDoc, IdempotencyDoc, OutboxDoc } from './records.js';

/** No booking lasts longer (durationMin ≤ 1440), which bounds the index range of overlap scans. */
const MAX_BOOKING_SPAN_MS = 86_400_000;
export const IDEMPOTENCY_TTL_MS = 86_400_000;

export const OCCUPYING_STATUSES = ['held', 'confirmed'] as const;

/** The booking service's data: bookings, idempotency records and the outbox. */
export class BookingStore {
  readonly bookings;
  readonly idempotency;
  readonly outbox;

  constructor(private readonly store: DocumentStore) {
    this.bookings = store.collection<BookingDoc>('bookings');
    this.idempotency = store.collection<IdempotencyDoc>('idempotency_keys');
    this.outbox = store.collection<OutboxDoc>('outbox');
  }

  ensureIndexes(): Promise<void> {
    return this.store.ensureIndexes([
      { collection: 'bookings', name: 'by_tenant_start', fields: ['tenantId', 'startsAtMs', '_id'] },
      { collection: 'outbox', name: 'by_state', fields: ['state', '_id'] },
      { collection: 'idempotency_keys', name: 'by_expiry', fields: ['expiresAtMs'] },
    ]);
  }

  withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    return this.store.withTransaction(fn);
  }

  /** Held and confirmed bookings of the tenant that overlap [fromMs, toMs). Expiry is the engine's call. */
  async occupying(tenantId: string, fromMs: number, toMs: number, tx?: Tx): Promise<BookingDoc[]> {
    const filter: Filter = {
      tenantId,
      status: { $in: [...OCCUPYING_STATUSES] },
      startsAtMs: { $gte: fromMs - MAX_BOOKING_SPAN_MS, $lt: toMs },
      endsAtMs: { $gt: fromMs },
    };
    return this.bookings.find(filter, { sort: [['startsAtMs', 1]] }, tx);
  }

  async booking(tenantId: string, bookingId: string, tx?: Tx): Promise<BookingDoc | null> {
    return this.bookings.findOne({ _id: bookingId, tenantId }, tx);
  }

  /** The live idempotency record of (tenant, key), or null when absent or older than 24 hours. */
  async idempotencyRecord(tenantId: string, key: string, nowMs: number, tx?: Tx): Promise<IdempotencyDoc | null> {
    const rec = await this.idempotency.findOne({ _id: idempotencyId(tenantId, key) }, tx);
    return rec && rec.expiresAtMs > nowMs ? rec : null;
  }

  /** Removes an expired record so the key can be used again. */
  forgetExpiredKey(tenantId: string, key: string, nowMs: number, tx: Tx): Promise<number> {
    return this.idempotency.deleteMany({ _id: idempotencyId(tenantId, key), expiresAtMs: { $lte: nowMs } }, tx);
  }

  unpublishedEvents(limit: number): Promise<OutboxDoc[]> {
    return this.outbox.find({ state: 'pending' }, { sort: [['_id', 1]], limit });
  }

  markPublished(eventId: string, nowMs: number): Promise<number> {
    return this.outbox.updateOne({ _id: eventId, state: 'pending' }, { state: 'published', publishedAtMs: nowMs });
  }
}

/** Keys are up to 255 characters of anything printable: hash them into a fixed-size id. */
export function idempotencyId(tenantId: string, key: string): string {
  return `${tenantId}:${createHash('sha256').update(key).digest('base64url')}`;
}

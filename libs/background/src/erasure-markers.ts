import { DuplicateKeyError, type Collection, type DocumentStore } from '@svc/store';

/**
 * A booking whose customer was erased (`_id` the booking id): what a service keeps of a
 * `customer.erased` event so that work still pending for the booking is erased when it ends
 * (docs/decisions.md "Privacy").
 */
export type ErasedBookingDoc = {
  _id: string;
  tenantId: string;
  customerId: string;
  erasedAtMs: number;
};

/** A service's erasure markers, written `perTx` to a transaction at most. */
export class ErasureMarkers {
  private readonly markers: Collection<ErasedBookingDoc>;

  constructor(
    private readonly store: DocumentStore,
    collection: string,
    private readonly perTx: number,
  ) {
    this.markers = store.collection<ErasedBookingDoc>(collection);
  }

  get(tenantId: string, bookingId: string): Promise<ErasedBookingDoc | null> {
    return this.markers.findOne({ _id: bookingId, tenantId });
  }

  /**
   * Records a marker per booking; one marked already keeps its first marker, so a redelivered
   * event changes nothing. Answers how many were new.
   */
  async mark(tenantId: string, customerId: string, bookingIds: readonly string[], erasedAtMs: number): Promise<number> {
    let added = 0;
    for (let i = 0; i < bookingIds.length; i += this.perTx) {
      const chunk = bookingIds.slice(i, i + this.perTx);
      try {
        added += await this.markChunk(tenantId, customerId, chunk, erasedAtMs);
      } catch (err) {
        // Another replica handled the same event at the same moment (a rebalance): its markers
        // are there now, and a second look skips them.
        if (!(err instanceof DuplicateKeyError)) throw err;
        added += await this.markChunk(tenantId, customerId, chunk, erasedAtMs);
      }
    }
    return added;
  }

  private markChunk(tenantId: string, customerId: string, chunk: string[], erasedAtMs: number): Promise<number> {
    return this.store.withTransaction(async (tx) => {
      // Looked up rather than caught: a failed insert would doom the whole transaction.
      const known = new Set((await this.markers.find({ _id: { $in: chunk } }, {}, tx)).map((m) => m._id));
      let added = 0;
      for (const _id of chunk) {
        if (known.has(_id)) continue;
        await this.markers.insertOne({ _id, tenantId, customerId, erasedAtMs }, tx);
        added++;
      }
      return added;
    });
  }
}

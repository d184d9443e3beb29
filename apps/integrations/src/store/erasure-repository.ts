import { DuplicateKeyError, type Collection, type DocumentStore } from '@svc/store';
import { COLLECTIONS, type ErasedBookingDoc } from './records.js';

/** Markers written per transaction at most (an erasure notice names up to 500 bookings). */
const MARKERS_PER_TX = 100;

/** Erasure markers of bookings whose customer was erased (records.ts ErasedBookingDoc). */
export class ErasureRepository {
  private readonly markers: Collection<ErasedBookingDoc>;

  constructor(private readonly store: DocumentStore) {
    this.markers = store.collection<ErasedBookingDoc>(COLLECTIONS.erasedBookings);
  }

  get(tenantId: string, bookingId: string): Promise<ErasedBookingDoc | null> {
    return this.markers.findOne({ _id: bookingId, tenantId });
  }

  /**
   * Records a marker per booking (the first one of a booking stays: a redelivered notice
   * changes nothing). A transaction per hundred, so a notice's markers never make one large write.
   */
  async record(tenantId: string, customerId: string, bookingIds: readonly string[], erasedAtMs: number): Promise<void> {
    for (let i = 0; i < bookingIds.length; i += MARKERS_PER_TX) {
      const chunk = bookingIds.slice(i, i + MARKERS_PER_TX);
      const insertMissing = () =>
        this.store.withTransaction(async (tx) => {
          const known = new Set((await this.markers.find({ _id: { $in: chunk } }, {}, tx)).map((m) => m._id));
          for (const _id of chunk) {
            if (known.has(_id)) continue;
            await this.markers.insertOne({ _id, tenantId, customerId, erasedAtMs }, tx);
          }
        });
      try {
        await insertMissing();
      } catch (err) {
        // The same notice handled at once elsewhere (a redelivery): its markers are there now.
        if (!(err instanceof DuplicateKeyError)) throw err;
        await insertMissing();
      }
    }
  }
}

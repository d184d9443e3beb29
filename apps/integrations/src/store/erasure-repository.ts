import { ErasureMarkers } from '@svc/background';
import type { DocumentStore } from '@svc/store';
import { COLLECTIONS } from './records.js';

/** Markers written per transaction at most, so a notice's markers (up to 500) never make one large write. */
const MARKERS_PER_TX = 100;

/** Erasure markers of bookings whose customer was erased (@svc/background ErasedBookingDoc). */
export class ErasureRepository extends ErasureMarkers {
  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.erasedBookings, MARKERS_PER_TX);
  }
}

import { ErasureMarkers } from '@svc/background';
import type { DocumentStore } from '@svc/store';
import { COLLECTIONS } from './collections.js';

/** Markers written in one transaction at most (a customer.erased event names up to 500 bookings). */
const MARKERS_PER_TX = 500;

/** The erasure markers: bookings whose customer was erased (@svc/background ErasedBookingDoc). */
export class ErasureRepository extends ErasureMarkers {
  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.erasedBookings, MARKERS_PER_TX);
  }
}

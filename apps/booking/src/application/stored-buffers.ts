// docs/decisions.md "Availability", the buffer rule: a booking occupies its owner with the buffers
// stored on it when it was made. Bookings made before buffers were stored have none; they take
// their service's buffers as the catalog has them when first read, and the start-up migration
// (buffer-migration.ts) writes those in, after which they never move again.

import { DomainError } from '@svc/errors';
import type { BookingDoc } from '../store/records.js';
import type { ServiceLookup } from './ports.js';

export interface Buffers {
  bufferBeforeMin: number;
  bufferAfterMin: number;
}

const NONE: Buffers = { bufferBeforeMin: 0, bufferAfterMin: 0 };

/** What the buffer rule reads of a booking: its service and its stored buffers, if any. */
type BufferedBooking = Pick<BookingDoc, 'serviceId'> & {
  bufferBeforeMin?: number | null | undefined;
  bufferAfterMin?: number | null | undefined;
};

/** True when the booking carries its own buffers (every booking made since they are stored). */
export function hasStoredBuffers(doc: BufferedBooking): doc is BufferedBooking & Buffers {
  return typeof doc.bufferBeforeMin === 'number' && typeof doc.bufferAfterMin === 'number';
}

/**
 * The buffers of one tenant's services, asked of the catalog at most once per service for the
 * lifetime of this object (one request, or one migration pass). A service the catalog no longer
 * knows has none.
 */
export class ServiceBuffers {
  private readonly known = new Map<string, Promise<Buffers>>();

  constructor(
    private readonly services: ServiceLookup,
    private readonly tenantId: string,
    /** The service the request is about, whose current buffers are already at hand. */
    current?: { serviceId: string } & Buffers,
  ) {
    if (current) this.known.set(current.serviceId, Promise.resolve(buffersOf(current)));
  }

  of(serviceId: string): Promise<Buffers> {
    let found = this.known.get(serviceId);
    if (!found) {
      found = this.services.byId(this.tenantId, serviceId).then(buffersOf, (err: unknown) => {
        if (err instanceof DomainError && err.code === 'NOT_FOUND') return NONE;
        throw err;
      });
      // A failure (an outage) is not remembered: the next request asks again.
      found.catch(() => this.known.delete(serviceId));
      this.known.set(serviceId, found);
    }
    return found;
  }

  /** The buffers a booking occupies its owner with: its own, else its service's (above). */
  async forBooking(doc: BufferedBooking): Promise<Buffers> {
    const { bufferBeforeMin, bufferAfterMin } = doc;
    if (typeof bufferBeforeMin === 'number' && typeof bufferAfterMin === 'number')
      return { bufferBeforeMin, bufferAfterMin };
    return this.of(doc.serviceId);
  }
}

const buffersOf = (s: Buffers): Buffers => ({ bufferBeforeMin: s.bufferBeforeMin, bufferAfterMin: s.bufferAfterMin });

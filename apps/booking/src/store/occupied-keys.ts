import { MINUTE_MS } from '@svc/rules';
import { LOCAL_DAY_REACH_MS } from '../domain/availability/index.js';
import { lockKeysFor, MAX_BUFFER_MS } from '../domain/lock-keys.js';
import { staffOfBooking, type BookingDoc } from './records.js';

/**
 * The (owner, UTC day) keys a booking makes busy, in the locks' format: its staff member, its
 * resource, or its service when it has neither, for every UTC day its buffered interval touches.
 * Its occupancy documents (BookingStore) go by them, so two bookings that could collide write a
 * common document (docs/architecture.md "Booking create"). A booking made before buffers were
 * stored counts the longest buffer: more days, never fewer.
 */
export function occupiedKeys(
  b: Pick<
    BookingDoc,
    | 'tenantId'
    | 'serviceId'
    | 'staffId'
    | 'resourceId'
    | 'startsAtMs'
    | 'endsAtMs'
    | 'bufferBeforeMin'
    | 'bufferAfterMin'
    | 'maxBookingsPerDay'
    | 'collectiveStaffIds'
  >,
): string[] {
  const buffer = (min: number | undefined) => (typeof min === 'number' ? min * MINUTE_MS : MAX_BUFFER_MS);
  // A booking decided under a daily limit counted its whole local day: it marks every day that
  // day can touch, so a booking made on it meanwhile shares a document with it.
  const day = (b.maxBookingsPerDay ?? 0) > 0 ? LOCAL_DAY_REACH_MS : 0;
  const owners = {
    serviceId: b.serviceId,
    // A collective booking makes every one of its staff busy.
    staffIds: staffOfBooking(b),
    resourceIds: b.resourceId ? [b.resourceId] : [],
  };
  return lockKeysFor(
    b.tenantId,
    owners,
    b.startsAtMs - buffer(b.bufferBeforeMin) - day,
    b.endsAtMs + buffer(b.bufferAfterMin) + day,
  );
}

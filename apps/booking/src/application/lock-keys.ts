import { DAY_MS, MINUTE_MS } from '@svc/rules';
import { staffOfBooking, type BookingDoc } from '../store/records.js';
import { LOCAL_DAY_REACH_MS } from '../domain/availability/index.js';
import { MAX_BUFFER_MS } from './existing-bookings.js';

/**
 * The locks guarding one booking's capacity: one per contested owner (each listed staff
 * member and resource, or the service itself when it lists neither) and per UTC day touched by
 * the buffered interval. Two bookings that could collide touch a common instant, hence a
 * common day, hence a common key. Sorted, so contenders take them in the same order.
 */
export function lockKeysFor(
  tenantId: string,
  service: { serviceId: string; staffIds: string[]; resourceIds: string[] },
  fromMs: number,
  toMs: number,
): string[] {
  const owners = [...service.staffIds.map((id) => `staff:${id}`), ...service.resourceIds.map((id) => `resource:${id}`)];
  if (owners.length === 0) owners.push(`service:${service.serviceId}`);
  const days: string[] = [];
  for (let day = Math.floor(fromMs / DAY_MS); day * DAY_MS < toMs; day++) {
    days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
  }
  return owners.flatMap((owner) => days.map((d) => `${tenantId}:${owner}:${d}`)).sort();
}

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

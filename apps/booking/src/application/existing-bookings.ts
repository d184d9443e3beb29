import type { Tx } from '@svc/store';
import type { ExistingBooking } from '../domain/availability/index.js';
import { MAX_BUFFER_MS } from '../domain/lock-keys.js';
import type { BookingStore } from '../store/booking-store.js';
import { staffOfBooking, type OccupancyDoc } from '../store/records.js';
import { hasStoredBuffers, type Buffers, type ServiceBuffers } from './stored-buffers.js';

/**
 * The held and confirmed bookings of the tenant whose occupied interval (the booking with its
 * buffers, docs/decisions.md "Availability") may overlap `[fromMs, toMs)`, as the engine sees
 * them: each with its stored buffers, or its service's for a booking made before they were stored.
 */
export async function occupyingBookings(
  deps: { store: BookingStore },
  buffers: ServiceBuffers,
  q: { tenantId: string; fromMs: number; toMs: number },
  tx?: Tx,
): Promise<ExistingBooking[]> {
  const docs = await deps.store.overlapping(q.tenantId, q.fromMs - MAX_BUFFER_MS, q.toMs + MAX_BUFFER_MS, tx);
  // Bookings carry their buffers (all made since they are stored): no promise per booking for them.
  const out: ExistingBooking[] = [];
  const older: Array<Promise<ExistingBooking>> = [];
  for (const doc of docs) {
    if (!hasStoredBuffers(doc)) older.push(buffers.forBooking(doc).then((b) => toExistingBooking(doc, b)));
    else if (tx) out.push(toExistingBooking(doc, doc));
    else out.push(keptView(doc));
  }
  return older.length === 0 ? out : [...out, ...(await Promise.all(older))];
}

/**
 * The engine's view of each row the occupancy cache keeps, made once: the cache hands out the same
 * row objects until a write to their day replaces them, and a row with its buffers stored always
 * converts the same way. Keyed weakly, so a view goes when the cache lets its row go; a 31-day
 * window otherwise made ≈ 2,000 objects per request (docs/benchmarks.md "Round 5").
 */
const keptViews = new WeakMap<OccupancyDoc, ExistingBooking>();

function keptView(doc: OccupancyDoc & Buffers): ExistingBooking {
  let view = keptViews.get(doc);
  if (view === undefined) {
    view = toExistingBooking(doc, doc);
    keptViews.set(doc, view);
  }
  return view;
}

/** A stored booking as the availability engine sees it, with the buffers it occupies its owner with. */
export function toExistingBooking(b: OccupancyDoc, buffers: Buffers): ExistingBooking {
  return {
    bookingId: b._id,
    serviceId: b.serviceId,
    ...(b.staffId ? { staffId: b.staffId } : {}),
    ...(b.resourceId ? { resourceId: b.resourceId } : {}),
    startsAtMs: b.startsAtMs,
    endsAtMs: b.endsAtMs,
    status: b.status,
    ...(b.holdExpiresAtMs !== null ? { holdExpiresAtMs: b.holdExpiresAtMs } : {}),
    bufferBeforeMin: buffers.bufferBeforeMin,
    bufferAfterMin: buffers.bufferAfterMin,
    ...(typeof b.partySize === 'number' ? { partySize: b.partySize } : {}),
    ...(typeof b.seats === 'number' ? { seats: b.seats } : {}),
    ...(b.collectiveStaffIds ? { staffIds: staffOfBooking(b) } : {}),
    createdAtMs: b.createdAtMs,
  };
}

// Which bookings take up time, and over which interval, indexed per staff member / resource /
// service so that "how many occupied intervals overlap [a, b)?" is two binary searches.

import { MINUTE_MS } from '@svc/rules';
import { lastIndexAtOrBefore, lastIndexBefore } from './intervals.js';
import type { ExistingBooking } from './types.js';

/**
 * `confirmed` bookings occupy; `held` ones only while the hold runs (docs/decisions.md "Availability": an
 * expired hold stops blocking at once, before any sweeper runs), so the test is against the
 * caller's `nowMs`, not the stored status. A held booking without an expiry is treated as
 * occupying: never sell time that might be taken. Every other status frees its time.
 */
export function occupies(booking: ExistingBooking, nowMs: number): boolean {
  if (booking.status === 'confirmed') return true;
  if (booking.status !== 'held') return false;
  return booking.holdExpiresAtMs === undefined || booking.holdExpiresAtMs > nowMs;
}

const bufferMs = (min: number | undefined): number =>
  min !== undefined && Number.isFinite(min) && min > 0 ? min * MINUTE_MS : 0;

/**
 * The interval a booking takes from its owner: `[start − bufferBefore, end + bufferAfter)` with
 * the buffers stored on the booking (docs/decisions.md "Availability", the buffer rule), so an
 * existing booking's after-buffer keeps the next customer out whichever was booked first.
 */
export function occupiedInterval(booking: ExistingBooking): { startMs: number; endMs: number } {
  return {
    startMs: booking.startsAtMs - bufferMs(booking.bufferBeforeMin),
    endMs: booking.endsAtMs + bufferMs(booking.bufferAfterMin),
  };
}

/**
 * The occupied intervals of one owner, as two independently sorted arrays: starts and ends.
 *
 * Every booking that ends by `a` also starts before `b` (when a < b), so the bookings overlapping
 * `[a, b)` number exactly #{start < b} − #{end ≤ a}: two binary searches, whatever the bookings
 * look like, and both arrays sort with the native numeric sort (no comparator callbacks).
 */
export class BookingIndex {
  static readonly EMPTY = new BookingIndex([], []);

  private readonly starts: Float64Array;
  private readonly ends: Float64Array;

  /** Parallel lists; every end must lie after its start. */
  constructor(starts: readonly number[], ends: readonly number[]) {
    this.starts = new Float64Array(starts).sort();
    this.ends = new Float64Array(ends).sort();
  }

  get size(): number {
    return this.starts.length;
  }

  /**
   * How many occupied intervals overlap `[a, b)`. This counts bookings, not peak concurrency: it is the
   * count the create recheck does in its store transaction, and it never over-sells.
   */
  countOverlapping(a: number, b: number): number {
    return lastIndexBefore(this.starts, b) - lastIndexAtOrBefore(this.ends, a);
  }
}

interface Spans {
  starts: number[];
  ends: number[];
}

export interface BookingIndexes {
  byStaff: Map<string, BookingIndex>;
  byResource: Map<string, BookingIndex>;
  /** Bookings of the service itself, for a service that needs neither staff nor resources. */
  ofService: BookingIndex;
  /** Per listed staff member, the starts of their bookings of `countedServiceId` (the daily limit). */
  startsByStaff: Map<string, number[]>;
}

/**
 * One pass over the bookings, keeping only those that occupy at `nowMs`, are not
 * `ignoreBookingId`, and belong to one of the owners asked about. A booking counts against its
 * staff member and its resource whatever service it is for.
 */
export function indexBookings(
  bookings: readonly ExistingBooking[],
  options: {
    nowMs: number;
    ignoreBookingId?: string | undefined;
    staffIds: ReadonlySet<string>;
    resourceIds: ReadonlySet<string>;
    serviceId: string | undefined;
    /** The service whose bookings a daily limit counts; absent when it has none. */
    countedServiceId?: string | undefined;
  },
): BookingIndexes {
  const staff = new Map<string, Spans>();
  const resources = new Map<string, Spans>();
  const service: Spans = { starts: [], ends: [] };
  const startsByStaff = new Map<string, number[]>();
  const push = (spans: Spans, span: { startMs: number; endMs: number }): void => {
    spans.starts.push(span.startMs);
    spans.ends.push(span.endMs);
  };
  const add = (map: Map<string, Spans>, key: string, span: { startMs: number; endMs: number }): void => {
    let spans = map.get(key);
    if (!spans) map.set(key, (spans = { starts: [], ends: [] }));
    push(spans, span);
  };
  for (const b of bookings) {
    // A booking without length is malformed and takes nothing, buffers included.
    if (!(b.endsAtMs > b.startsAtMs) || !occupies(b, options.nowMs)) continue;
    if (options.ignoreBookingId !== undefined && b.bookingId === options.ignoreBookingId) continue;
    const span = occupiedInterval(b);
    if (b.staffId && options.staffIds.has(b.staffId)) {
      add(staff, b.staffId, span);
      if (b.serviceId === options.countedServiceId) {
        const starts = startsByStaff.get(b.staffId);
        if (starts) starts.push(b.startsAtMs);
        else startsByStaff.set(b.staffId, [b.startsAtMs]);
      }
    }
    if (b.resourceId && options.resourceIds.has(b.resourceId)) add(resources, b.resourceId, span);
    if (options.serviceId !== undefined && b.serviceId === options.serviceId) push(service, span);
  }
  const toIndexes = (map: Map<string, Spans>): Map<string, BookingIndex> =>
    new Map([...map].map(([key, spans]) => [key, new BookingIndex(spans.starts, spans.ends)]));
  return {
    byStaff: toIndexes(staff),
    byResource: toIndexes(resources),
    ofService: new BookingIndex(service.starts, service.ends),
    startsByStaff,
  };
}

/**
 * Whether nothing else takes what `booking` holds at `nowMs`: its staff member, its resource
 * below `resourceCapacity`, or, for a booking with neither, its service, over its occupied
 * interval. A confirm asks it in its transaction, so a hold that one replica's clock still
 * counts as running cannot be confirmed onto time that another replica, seeing it run out,
 * has booked since (docs/decisions.md "Booking lifecycle").
 */
export function keepsItsPlace(
  booking: ExistingBooking,
  others: readonly ExistingBooking[],
  nowMs: number,
  resourceCapacity: number,
): boolean {
  const ownsNeither = !booking.staffId && !booking.resourceId;
  const indexes = indexBookings(others, {
    nowMs,
    ignoreBookingId: booking.bookingId,
    staffIds: new Set(booking.staffId ? [booking.staffId] : []),
    resourceIds: new Set(booking.resourceId ? [booking.resourceId] : []),
    serviceId: ownsNeither ? booking.serviceId : undefined,
  });
  const { startMs, endMs } = occupiedInterval(booking);
  const overlapping = (index: BookingIndex | undefined) => index?.countOverlapping(startMs, endMs) ?? 0;
  if (booking.staffId && overlapping(indexes.byStaff.get(booking.staffId)) > 0) return false;
  if (booking.resourceId && overlapping(indexes.byResource.get(booking.resourceId)) >= resourceCapacity) return false;
  return !ownsNeither || overlapping(indexes.ofService) === 0;
}

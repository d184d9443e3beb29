// Which bookings take up time, and over which interval, indexed per staff member / resource /
// service so that "how many occupied intervals overlap [a, b)?" is two searches (SortedCursor:
// a step or two each for computeSlots' ascending starts).

import { MINUTE_MS } from '@svc/rules';
import { SortedCursor } from './intervals.js';
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
  // Stryker disable next-line EqualityOperator: equivalent, a buffer of 0 minutes is 0 ms either way (docs/testing.md)
  min !== undefined && Number.isFinite(min) && min > 0 ? min * MINUTE_MS : 0;

/** occupiedInterval's start: the booking's start less its buffer before. */
const occupiedStartMs = (booking: ExistingBooking): number => booking.startsAtMs - bufferMs(booking.bufferBeforeMin);

/** occupiedInterval's end: the booking's end plus its buffer after. */
const occupiedEndMs = (booking: ExistingBooking): number => booking.endsAtMs + bufferMs(booking.bufferAfterMin);

/**
 * The interval a booking takes from its owner: `[start − bufferBefore, end + bufferAfter)` with
 * the buffers stored on the booking (docs/decisions.md "Availability", the buffer rule), so an
 * existing booking's after-buffer keeps the next customer out whichever was booked first.
 */
export function occupiedInterval(booking: ExistingBooking): { startMs: number; endMs: number } {
  return { startMs: occupiedStartMs(booking), endMs: occupiedEndMs(booking) };
}

/**
 * `values` sorted, as a typed array. A list already in order (the store reads bookings in start
 * order) is only copied: the native sort costs as much on it as on any other
 * (docs/benchmarks.md "Step 2: the engine over a month").
 */
function sortedCopy(values: readonly number[]): Float64Array {
  // Copied by index: the typed array's constructor walks a list by its iterator.
  const copy = new Float64Array(values.length);
  let inOrder = true;
  for (let i = 0; i < values.length; i++) {
    copy[i] = values[i] as number;
    if (i > 0 && (values[i - 1] as number) > (values[i] as number)) inOrder = false;
  }
  return inOrder ? copy : copy.sort();
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

  private readonly starts: SortedCursor;
  private readonly ends: SortedCursor;
  /** How many occupied intervals there are. */
  readonly size: number;

  /** Parallel lists; every end must lie after its start. */
  constructor(starts: readonly number[], ends: readonly number[]) {
    this.starts = new SortedCursor(sortedCopy(starts));
    this.ends = new SortedCursor(sortedCopy(ends));
    this.size = starts.length;
  }

  /**
   * How many occupied intervals overlap `[a, b)`. This counts bookings, not peak concurrency: it is the
   * count the create recheck does in its store transaction, and it never over-sells.
   */
  countOverlapping(a: number, b: number): number {
    return this.starts.lastBefore(b) - this.ends.lastAtOrBefore(a);
  }
}

type Span = { startMs: number; endMs: number };

/** The seats a booking takes: a positive whole number, else 1. */
export const partyOf = (b: ExistingBooking): number =>
  b.partySize !== undefined && Number.isInteger(b.partySize) && b.partySize > 0 ? b.partySize : 1;

/** Booked as part of a session: its service had more than one seat then (docs/decisions.md "Seats"). */
export const isSeated = (b: ExistingBooking): boolean => b.seats !== undefined && b.seats > 1;

/**
 * One owner's occupied intervals before indexing. The bookings of one session (same service and
 * start) occupy the owner once, over the union of their intervals, whoever is in it.
 */
class OwnerSpans {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly sessions = new Map<string, Span>();

  add(b: ExistingBooking, startMs: number, endMs: number): void {
    if (!isSeated(b)) {
      this.starts.push(startMs);
      this.ends.push(endMs);
      return;
    }
    const key = `${b.serviceId}|${b.startsAtMs}`;
    const seen = this.sessions.get(key);
    this.sessions.set(
      key,
      seen ? { startMs: Math.min(seen.startMs, startMs), endMs: Math.max(seen.endMs, endMs) } : { startMs, endMs },
    );
  }

  index(): BookingIndex {
    for (const span of this.sessions.values()) {
      this.starts.push(span.startMs);
      this.ends.push(span.endMs);
    }
    return new BookingIndex(this.starts, this.ends);
  }
}

/** The staff a booking occupies: its staff member, and every one of a collective booking. */
export function staffOf(b: ExistingBooking): string[] {
  const all = b.staffId ? [b.staffId, ...(b.staffIds ?? [])] : [...(b.staffIds ?? [])];
  return [...new Set(all)].filter((id) => id !== '');
}

/** A staff member's bookings of a round-robin service around a start (docs/decisions.md "Staff assignment"). */
export interface Rotation {
  /** Its bookings there, a session once. */
  count: number;
  /** When the latest of them was made; -Infinity for none. */
  lastBookedAtMs: number;
}

/** A session of the service asked about on one owner at one start: its seats taken, and its resource. */
export interface Session {
  seatsTaken: number;
  /** The resource its bookings use (a service listing staff and resources); undefined when none. */
  resourceId: string | undefined;
}

/** Whose sessions a seated service has: its staff members', else its resources', else its own. */
export type SessionOwner = 'staff' | 'resource' | 'service';

export interface BookingIndexes {
  byStaff: Map<string, BookingIndex>;
  byResource: Map<string, BookingIndex>;
  /** Bookings of the service itself, for a service that needs neither staff nor resources. */
  ofService: BookingIndex;
  /**
   * Per listed staff member, the starts of their bookings of `countedServiceId` (the daily limit);
   * a session's start once.
   */
  startsByStaff: Map<string, number[]>;
  /** The asked service's sessions, per owner id ('' for the service itself) and start. */
  sessions: Map<string, Map<number, Session>>;
  /** Per staff member, their bookings of `rotationOf`'s service starting in its window. */
  rotation: Map<string, Rotation>;
}

/**
 * One pass over the bookings, keeping only those that occupy at `nowMs`, are not
 * `ignoreBookingId`, and belong to one of the owners asked about. A booking counts against its
 * staff member and its resource whatever service it is for; a session counts once.
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
    /** A seated service asked about: whose sessions to gather. */
    sessionsOf?: { serviceId: string; owner: SessionOwner } | undefined;
    /** A round-robin service asked about: whose bookings starting in `[fromMs, toMs)` to count. */
    rotationOf?: { serviceId: string; fromMs: number; toMs: number } | undefined;
  },
): BookingIndexes {
  const staff = new Map<string, OwnerSpans>();
  const resources = new Map<string, OwnerSpans>();
  const service = new OwnerSpans();
  const starts = new Map<string, { once: Set<number>; each: number[] }>();
  const sessions = new Map<string, Map<number, Session>>();
  const rotating = new Map<string, { units: Set<string>; lastBookedAtMs: number }>();
  const spansOf = (map: Map<string, OwnerSpans>, key: string): OwnerSpans => {
    let spans = map.get(key);
    if (!spans) map.set(key, (spans = new OwnerSpans()));
    return spans;
  };
  const { sessionsOf, rotationOf } = options;
  /** A booking on one of its staff members (staffOf). */
  const addToStaff = (b: ExistingBooking, staffId: string, startMs: number, endMs: number): void => {
    if (!options.staffIds.has(staffId)) return;
    spansOf(staff, staffId).add(b, startMs, endMs);
    if (b.serviceId === options.countedServiceId) {
      let mine = starts.get(staffId);
      if (!mine) starts.set(staffId, (mine = { once: new Set(), each: [] }));
      if (isSeated(b)) mine.once.add(b.startsAtMs);
      else mine.each.push(b.startsAtMs);
    }
    if (
      rotationOf &&
      b.serviceId === rotationOf.serviceId &&
      b.startsAtMs >= rotationOf.fromMs &&
      b.startsAtMs < rotationOf.toMs
    ) {
      let mine = rotating.get(staffId);
      if (!mine) rotating.set(staffId, (mine = { units: new Set(), lastBookedAtMs: Number.NEGATIVE_INFINITY }));
      mine.units.add(isSeated(b) ? `session ${b.startsAtMs}` : `booking ${b.bookingId}`);
      mine.lastBookedAtMs = Math.max(mine.lastBookedAtMs, b.createdAtMs ?? Number.NEGATIVE_INFINITY);
    }
  };
  for (const b of bookings) {
    // A booking without length is malformed and takes nothing, buffers included.
    if (!(b.endsAtMs > b.startsAtMs) || !occupies(b, options.nowMs)) continue;
    if (options.ignoreBookingId !== undefined && b.bookingId === options.ignoreBookingId) continue;
    // Two numbers, not an interval object, and no staff list for a booking with one staff member
    // (what staffOf answers for it): this runs for every booking of the window on every request
    // (docs/benchmarks.md "Step 2: the engine over a month").
    const startMs = occupiedStartMs(b);
    const endMs = occupiedEndMs(b);
    if (b.staffIds === undefined || b.staffIds.length === 0) {
      if (b.staffId) addToStaff(b, b.staffId, startMs, endMs);
    } else {
      for (const staffId of staffOf(b)) addToStaff(b, staffId, startMs, endMs);
    }
    if (b.resourceId && options.resourceIds.has(b.resourceId)) spansOf(resources, b.resourceId).add(b, startMs, endMs);
    if (options.serviceId !== undefined && b.serviceId === options.serviceId) service.add(b, startMs, endMs);
    if (sessionsOf && b.serviceId === sessionsOf.serviceId && isSeated(b)) {
      const owner = { staff: b.staffId, resource: b.resourceId, service: '' }[sessionsOf.owner];
      if (owner === undefined) continue;
      let ofOwner = sessions.get(owner);
      if (!ofOwner) sessions.set(owner, (ofOwner = new Map()));
      const seen = ofOwner.get(b.startsAtMs);
      ofOwner.set(b.startsAtMs, {
        seatsTaken: (seen?.seatsTaken ?? 0) + partyOf(b),
        resourceId: seen?.resourceId ?? b.resourceId,
      });
    }
  }
  const toIndexes = (map: Map<string, OwnerSpans>): Map<string, BookingIndex> =>
    new Map([...map].map(([key, spans]) => [key, spans.index()]));
  return {
    byStaff: toIndexes(staff),
    byResource: toIndexes(resources),
    ofService: service.index(),
    startsByStaff: new Map([...starts].map(([key, s]) => [key, [...s.each, ...s.once]])),
    sessions,
    rotation: new Map(
      [...rotating].map(([key, r]) => [key, { count: r.units.size, lastBookedAtMs: r.lastBookedAtMs }]),
    ),
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
  // A seated booking shares its session with the others of its service, start and owner: they
  // are one occupant with it, within its seats (docs/decisions.md "Seats").
  const owner: SessionOwner = booking.staffId ? 'staff' : booking.resourceId ? 'resource' : 'service';
  const staff = staffOf(booking);
  const indexes = indexBookings(others, {
    nowMs,
    ignoreBookingId: booking.bookingId,
    staffIds: new Set(staff),
    resourceIds: new Set(booking.resourceId ? [booking.resourceId] : []),
    serviceId: ownsNeither ? booking.serviceId : undefined,
    sessionsOf: isSeated(booking) ? { serviceId: booking.serviceId, owner } : undefined,
  });
  const ownerId = { staff: booking.staffId, resource: booking.resourceId, service: '' }[owner] ?? '';
  const mates = indexes.sessions.get(ownerId)?.get(booking.startsAtMs);
  if (mates && mates.seatsTaken + partyOf(booking) > (booking.seats ?? 1)) return false;
  const { startMs, endMs } = occupiedInterval(booking);
  const overlapping = (index: BookingIndex | undefined, mine: boolean) =>
    (index?.countOverlapping(startMs, endMs) ?? 0) - (mates && mine ? 1 : 0);
  // A collective booking keeps its place only if every one of its staff is still free.
  for (const staffId of staff) {
    const mine = owner === 'staff' && staffId === booking.staffId;
    if (overlapping(indexes.byStaff.get(staffId), mine) > 0) return false;
  }
  const sharesResource = owner === 'resource' || (owner === 'staff' && mates?.resourceId === booking.resourceId);
  if (
    booking.resourceId &&
    overlapping(indexes.byResource.get(booking.resourceId), sharesResource) >= resourceCapacity
  ) {
    return false;
  }
  return !ownsNeither || overlapping(indexes.ofService, true) === 0;
}

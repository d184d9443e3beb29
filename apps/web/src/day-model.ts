// What the day's screen shows, computed from the API's records (pure, no DOM): the held requests
// waiting for a decision, the agenda in time order, and the columns of the day grid, one per
// staff member or resource (docs/decisions.md "Staff dashboard").
import type { Booking, Resource, Staff } from './api.js';

/** The held bookings whose hold still runs, the one running out first on top. */
export function heldRequests(bookings: readonly Booking[], nowMs: number): Booking[] {
  return bookings
    .filter((b) => b.status === 'held' && b.holdExpiresAtMs !== null && b.holdExpiresAtMs > nowMs)
    .sort((a, b) => a.holdExpiresAtMs! - b.holdExpiresAtMs! || a.bookingId.localeCompare(b.bookingId));
}

/** "9:05" left of a hold (minutes:seconds), "0:00" once it ran out. */
export function timeLeft(untilMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The day's bookings in time order; cancelled ones (an expired hold is one) last. */
export function agendaOf(bookings: readonly Booking[]): Booking[] {
  const ended = (b: Booking) => (b.status === 'cancelled' ? 1 : 0);
  return [...bookings].sort(
    (a, b) => ended(a) - ended(b) || a.startsAtMs - b.startsAtMs || a.bookingId.localeCompare(b.bookingId),
  );
}

export interface Column {
  /** `staff:<id>`, `resource:<id>` or `none`. */
  key: string;
  label: string;
  bookings: Booking[];
}

/**
 * One column per active staff member (a disabled one only when a booking of the day is theirs), then per resource a booking of the day uses, then one for
 * bookings with neither. A collective booking stands in each of its staff members' columns.
 */
export function columnsOf(
  bookings: readonly Booking[],
  staff: readonly Staff[],
  resources: readonly Resource[],
): Column[] {
  const columns = new Map<string, Column>();
  for (const s of staff) {
    if (s.status === 'active')
      columns.set(`staff:${s.staffId}`, { key: `staff:${s.staffId}`, label: s.displayName, bookings: [] });
  }
  const resourceName = new Map(resources.map((r) => [r.resourceId, r.name]));
  const staffName = new Map(staff.map((s) => [s.staffId, s.displayName]));
  const columnFor = (key: string, label: string): Column => {
    let column = columns.get(key);
    if (!column) columns.set(key, (column = { key, label, bookings: [] }));
    return column;
  };
  for (const b of agendaOf(bookings)) {
    if (b.status === 'cancelled') continue;
    const keys = b.staffIds.map((id) => `staff:${id}`);
    if (keys.length === 0 && b.resourceId) keys.push(`resource:${b.resourceId}`);
    if (keys.length === 0) keys.push('none');
    for (const key of keys) {
      const label =
        key === 'none'
          ? 'Unassigned'
          : key.startsWith('resource:')
            ? (resourceName.get(b.resourceId!) ?? 'Resource')
            : (staffName.get(key.slice('staff:'.length)) ?? 'Staff member');
      columnFor(key, label).bookings.push(b);
    }
  }
  return [...columns.values()];
}

/** Where a booking sits in a day column: top and height as fractions of the day. */
export function placeInDay(
  b: Pick<Booking, 'startsAtMs' | 'endsAtMs'>,
  dayFromMs: number,
  dayToMs: number,
): { top: number; height: number } {
  const span = dayToMs - dayFromMs;
  const from = Math.max(b.startsAtMs, dayFromMs);
  const to = Math.min(b.endsAtMs, dayToMs);
  return { top: (from - dayFromMs) / span, height: Math.max(0, to - from) / span };
}

export type BookingAction = 'confirm' | 'cancel' | 'complete' | 'no-show' | 'reschedule';

/**
 * What staff may do with a booking in this status (docs/decisions.md "Booking lifecycle"): the
 * buttons the booking screen offers. The server decides again; this only leaves out the ones it
 * would refuse for the status alone.
 */
export function actionsFor(status: Booking['status']): BookingAction[] {
  if (status === 'held') return ['confirm', 'cancel', 'reschedule'];
  if (status === 'confirmed') return ['complete', 'no-show', 'cancel', 'reschedule'];
  return [];
}

/** The seven `YYYY-MM-DD` days, Monday to Sunday, of the week `isoDate` falls in. */
export function weekOfDay(isoDate: string): string[] {
  const noon = Date.parse(`${isoDate}T12:00:00Z`);
  const monday = noon - ((new Date(noon).getUTCDay() + 6) % 7) * 86_400_000;
  return Array.from({ length: 7 }, (_, i) => new Date(monday + i * 86_400_000).toISOString().slice(0, 10));
}

/** Whether a booking is `whose`: `all`, `staff:<id>` (one of its staff) or `resource:<id>`. */
export function ownedBy(b: Pick<Booking, 'staffIds' | 'resourceId'>, whose: string): boolean {
  if (whose === 'all') return true;
  if (whose.startsWith('staff:')) return b.staffIds.includes(whose.slice('staff:'.length));
  return whose === `resource:${b.resourceId}`;
}

/**
 * The screen's data after one booking changed, as the API now reads it: in the bookings when it
 * starts inside the shown range (replacing its old self), in the held list while it is held.
 */
export function mergeBooking(
  data: { bookings: Booking[]; held: Booking[] },
  changed: Booking,
  range: { fromMs: number; toMs: number },
): { bookings: Booking[]; held: Booking[] } {
  const others = (list: Booking[]) => list.filter((b) => b.bookingId !== changed.bookingId);
  const inRange = changed.startsAtMs >= range.fromMs && changed.startsAtMs < range.toMs;
  return {
    bookings: inRange ? [...others(data.bookings), changed] : others(data.bookings),
    held: changed.status === 'held' ? [...others(data.held), changed] : others(data.held),
  };
}

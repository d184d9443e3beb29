// A service's daily limit (docs/decisions.md "Service policies"): how many occupying bookings of
// the service a staff member already has on the local day, in their own zone, a start lies in.

import { DAY_MS } from '@svc/rules';
import type { LocalCalendar } from './local-calendar.js';

/**
 * How far a start's local day reaches either side of it. A fall-back day lasts 25 hours, but the
 * tz database has longer ones (27 hours at Antarctica/Casey in 2010, 48 at Pacific/Apia when it
 * repeated a date in 1892), so two instants of one local day always lie less than two days
 * apart. The reads of bookings and the capacity locks of a limited service widen by it.
 */
export const LOCAL_DAY_REACH_MS = 2 * DAY_MS;

/** Occupying bookings of one staff member and one service per local day of the staff's zone. */
export class DailyCounts {
  private readonly byDay = new Map<number, number>();

  /**
   * `starts`: the bookings' starts; those outside the calendar's days cannot share a day with a
   * start it is asked about. `limit`: the service's maxBookingsPerDay, above 0.
   */
  constructor(
    private readonly calendar: LocalCalendar,
    starts: readonly number[],
    private readonly limit: number,
  ) {
    for (const start of starts) {
      const day = calendar.dayIndexAt(start);
      if (day !== undefined) this.byDay.set(day, (this.byDay.get(day) ?? 0) + 1);
    }
  }

  /** The local day `start` lies in has as many bookings as the limit allows. */
  isFull(start: number): boolean {
    const day = this.calendar.dayIndexAt(start);
    return day !== undefined && (this.byDay.get(day) ?? 0) >= this.limit;
  }
}

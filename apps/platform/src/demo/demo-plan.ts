// The demo workspace placed in time (docs/decisions.md "Demo workspace"): which dates the
// bookings of demo-data.ts fall on around the day of the first start, when each was made and
// when the studio changed it. Pure: the time zone and the moment of seeding in, instants out.

import { MINUTE_MS, HOUR_MS } from '@svc/rules';
import { addIsoDays, isoDateIn, parseIsoDate, wallClockInstant, wallClockMs } from '@svc/wall-clock';
import {
  DEMO_BOOKINGS,
  DEMO_SERVICES,
  DEMO_SHORT_DAY,
  type DemoBooking,
  type DemoService,
  type DemoServiceSlug,
} from './demo-data.js';

/** A status change the studio makes (booking.v1 ChangeBookingStatus, actor staff). */
export type DemoAction = 'confirm' | 'complete' | 'no_show' | 'cancel';

/** One thing that happened in the demo's past, at the instant the replay clock reads for it. */
export interface DemoMoment {
  atMs: number;
  /** The booking's index in `DemoPlan.bookings`. */
  booking: number;
  action: 'create' | DemoAction;
}

export interface PlannedBooking {
  booking: DemoBooking;
  service: DemoService;
  startsAtMs: number;
  /** When it was made; null: at the first start itself (a request still awaiting confirmation). */
  bookedAtMs: number | null;
}

export interface DemoPlan {
  bookings: PlannedBooking[];
  /** Every create and change of the past, oldest first; each before the moment of seeding. */
  past: DemoMoment[];
  /** The date (YYYY-MM-DD in the workspace's zone) on which the studio opens for a short day. */
  shortDay: string;
}

/** How long after a request the studio confirmed it: inside its 10-minute hold. */
export const CONFIRMED_AFTER_MS = 5 * MINUTE_MS;
/** How long after a booking ended the studio marked it completed or a no-show. */
export const MARKED_AFTER_END_MS = 15 * MINUTE_MS;
/** How long after a booking was made the studio cancelled it (the same evening, before its start). */
export const CANCELLED_AFTER_MS = 2 * HOUR_MS;

/** 0 = Sunday … 6 = Saturday, of a YYYY-MM-DD date. */
function weekdayOf(isoDate: string): number {
  const d = parseIsoDate(isoDate);
  if (!d) throw new RangeError(`not a date: ${isoDate}`);
  return new Date(wallClockMs({ ...d, hour: 0, minute: 0, second: 0 })).getUTCDay();
}

/** The `n`th weekday (Monday to Friday) after `isoDate` (before it for a negative `n`). */
export function nthWeekday(isoDate: string, n: number): string {
  const step = Math.sign(n);
  if (step === 0) throw new RangeError('the demo never books the day it is started');
  let date = isoDate;
  for (let found = 0; found < Math.abs(n);) {
    date = addIsoDays(date, step);
    const weekday = weekdayOf(date);
    if (weekday !== 0 && weekday !== 6) found++;
  }
  return date;
}

/** The instant of a wall-clock minute of a date in `zone`. */
function instant(isoDate: string, minute: number, zone: string): number {
  const d = parseIsoDate(isoDate)!;
  return wallClockInstant({ ...d, hour: 0, minute, second: 0 }, zone);
}

function serviceOf(slug: DemoServiceSlug): DemoService {
  const service = DEMO_SERVICES.find((s) => s.slug === slug);
  if (!service) throw new Error(`the demo has no service ${slug}`);
  return service;
}

/** The studio's changes of a booking made at `bookedAtMs`, as its story tells them. */
function changesOf(planned: PlannedBooking, bookedAtMs: number): Array<{ atMs: number; action: DemoAction }> {
  const { booking, service, startsAtMs } = planned;
  const changes: Array<{ atMs: number; action: DemoAction }> = [];
  if (service.confirmation === 'manual') changes.push({ atMs: bookedAtMs + CONFIRMED_AFTER_MS, action: 'confirm' });
  const endsAtMs = startsAtMs + service.durationMin * MINUTE_MS;
  if (booking.story === 'completed') changes.push({ atMs: endsAtMs + MARKED_AFTER_END_MS, action: 'complete' });
  if (booking.story === 'no_show') changes.push({ atMs: endsAtMs + MARKED_AFTER_END_MS, action: 'no_show' });
  if (booking.story === 'cancelled') changes.push({ atMs: bookedAtMs + CANCELLED_AFTER_MS, action: 'cancel' });
  return changes;
}

/** The demo placed around `nowMs` (the first start) in `zone`. */
export function planDemo(zone: string, nowMs: number): DemoPlan {
  const today = isoDateIn(nowMs, zone);
  const yesterday = addIsoDays(today, -1);
  const bookings = DEMO_BOOKINGS.map((booking): PlannedBooking => {
    const day = nthWeekday(today, booking.weekday);
    const bookedOn = [addIsoDays(day, -booking.bookedDaysBefore), yesterday].sort()[0]!;
    return {
      booking,
      service: serviceOf(booking.service),
      startsAtMs: instant(day, booking.startMinute, zone),
      bookedAtMs: booking.story === 'awaiting' ? null : instant(bookedOn, booking.bookedMinute, zone),
    };
  });
  const past = bookings.flatMap((planned, index): DemoMoment[] =>
    planned.bookedAtMs === null
      ? []
      : [
          { atMs: planned.bookedAtMs, booking: index, action: 'create' },
          ...changesOf(planned, planned.bookedAtMs).map((c) => ({ ...c, booking: index })),
        ],
  );
  past.sort((a, b) => a.atMs - b.atMs || a.booking - b.booking);
  return { bookings, past, shortDay: nthWeekday(today, DEMO_SHORT_DAY.weekdaysAhead) };
}

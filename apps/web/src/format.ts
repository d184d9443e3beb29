// Dates, times and names as the workspace writes them: its locale, the zone the viewer chose.
import { formatTime } from '@svc/pages/zoned';
import { addIsoDays, wallClockInstant } from '@svc/wall-clock';

export { dayWindow, isoDateIn, nextIsoDate } from '@svc/wall-clock';
export { formatTime };

/** "09:00–09:30" in `zone`. */
export const timeRange = (fromMs: number, toMs: number, locale: string, zone: string): string =>
  `${formatTime(fromMs, locale, zone)}–${formatTime(toMs, locale, zone)}`;

/** "Friday, 27 November 2026" of a `YYYY-MM-DD` day. */
export const longDate = (isoDate: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${isoDate}T12:00:00Z`));

/**
 * The instant a wall-clock `HH:MM` of a `YYYY-MM-DD` day is in `zone` (a time a DST change skips
 * lands after the gap, as the zone's clocks read it).
 */
export function wallTimeMs(isoDate: string, hhmm: string, zone: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  return wallClockInstant({ year, month, day, hour, minute, second: 0 }, zone);
}

/** "Mo., 30.11." of a `YYYY-MM-DD` day: a week column's heading. */
export const shortDate = (isoDate: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );

/** The day before `isoDate`. */
export const previousIsoDate = (isoDate: string): string => addIsoDays(isoDate, -1);

/** The viewer's own zone, as the browser knows it. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const STATUS_WORDS: Record<string, string> = {
  held: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
};

/** A booking's state in words; a hold that ran out is a cancellation the customer should hear of as such. */
export const statusWords = (b: { status: string; cancelReason: string | null }): string =>
  b.status === 'cancelled' && b.cancelReason === 'hold_expired'
    ? 'Expired: not confirmed in time'
    : (STATUS_WORDS[b.status] ?? b.status);

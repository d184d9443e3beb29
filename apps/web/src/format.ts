// Dates, times and names as the workspace writes them: its locale, the zone the viewer chose.
import { formatTime, zoneOffsetMs } from '@svc/pages/zoned';

export { dayWindow, isoDateIn, nextIsoDate } from '@svc/pages/zoned';
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
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const [h, min] = hhmm.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  // As dayStartMs does for midnight: the offset at the guess can differ from the answer's.
  const first = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(first, zone);
}

/** "Mo., 30.11." of a `YYYY-MM-DD` day: a week column's heading. */
export const shortDate = (isoDate: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );

/** The day before `isoDate`. */
export const previousIsoDate = (isoDate: string): string =>
  new Date(Date.parse(`${isoDate}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

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

// The month view's date logic, pure (no DOM): the grid of a month, the one availability window
// a month is asked with, which of its days can be booked, where a key moves the focus, and how
// far the visitor may go (docs/decisions.md "Booking pages").
import { addIsoDays, DAY_MS, isoDateIn, startOfDay } from '@svc/wall-clock';

/** `YYYY-MM-DD`, a day on the visitor's chosen zone's calendar. */
export type IsoDate = string;
/** `YYYY-MM`, a month on that calendar. */
export type IsoMonth = string;

/** The public availability route's longest window (docs/decisions.md "Availability"). */
export const MAX_WINDOW_MS = 31 * DAY_MS;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (iso: string) => iso.split('-').map(Number) as [number, number, number];

export const monthOf = (day: IsoDate): IsoMonth => day.slice(0, 7);

export function addMonths(month: IsoMonth, n: number): IsoMonth {
  const [y, m] = ymd(month);
  const index = y * 12 + (m - 1) + n;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

export function daysInMonth(month: IsoMonth): number {
  const [y, m] = ymd(month);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export const addDays: (day: IsoDate, n: number) => IsoDate = addIsoDays;

/** 1 (Monday) to 7 (Sunday), as Intl's week info counts. */
export function isoWeekday(day: IsoDate): number {
  const [y, m, d] = ymd(day);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The first day of the week in `locale` (1 Monday … 7 Sunday); Monday where the browser cannot say. */
export function firstDayOfWeek(locale: string): number {
  try {
    // getWeekInfo() in newer engines, the `weekInfo` property in older ones.
    const l = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const first = (typeof l.getWeekInfo === 'function' ? l.getWeekInfo() : l.weekInfo)?.firstDay;
    if (first !== undefined && first >= 1 && first <= 7) return first;
  } catch {
    // An unknown locale: fall through.
  }
  return 1;
}

/**
 * The month as weeks of 7 cells, each a day of the month or null (before its first and after its
 * last day), the weeks starting on `firstDay`.
 */
export function monthGrid(month: IsoMonth, firstDay: number): Array<Array<IsoDate | null>> {
  const lead = (isoWeekday(`${month}-01`) - firstDay + 7) % 7;
  const cells: Array<IsoDate | null> = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= daysInMonth(month); d++) cells.push(`${month}-${pad(d)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/**
 * The one availability window of a month in `timeZone`: its first midnight to the next month's.
 * A 31-day month with a DST fall-back is an hour longer than the route allows: the window then
 * ends 31 days after it starts, and the month's last hour (from 23:00 on its last day) is not
 * asked (docs/decisions.md "Booking pages").
 */
export function monthWindow(month: IsoMonth, timeZone: string): { fromMs: number; toMs: number } {
  const fromMs = startOfDay(`${month}-01`, timeZone);
  const toMs = startOfDay(`${addMonths(month, 1)}-01`, timeZone);
  return { fromMs, toMs: Math.min(toMs, fromMs + MAX_WINDOW_MS) };
}

/**
 * The bookable days of an availability answer: its slots still ahead (after `nowMs`; the one
 * `exclude`d, the booking being moved, left out), by their day in `timeZone`, in order.
 */
export function bookableDays<S extends { startsAtMs: number }>(
  slots: readonly S[],
  timeZone: string,
  opts: { nowMs: number; exclude?: number },
): Map<IsoDate, S[]> {
  const days = new Map<IsoDate, S[]>();
  for (const slot of [...slots].sort((a, b) => a.startsAtMs - b.startsAtMs)) {
    if (slot.startsAtMs <= opts.nowMs || slot.startsAtMs === opts.exclude) continue;
    const day = isoDateIn(slot.startsAtMs, timeZone);
    const list = days.get(day);
    if (list) list.push(slot);
    else days.set(day, [slot]);
  }
  return days;
}

/** The day to select in `month`: the first of `preferred` that is bookable there, else its first bookable day. */
export function dayToSelect(
  days: ReadonlyMap<IsoDate, unknown>,
  month: IsoMonth,
  preferred: ReadonlyArray<IsoDate | undefined>,
): IsoDate | undefined {
  const own = [...days.keys()].filter((d) => monthOf(d) === month).sort();
  return preferred.find((d) => d !== undefined && own.includes(d)) ?? own[0];
}

/**
 * The months the visitor may show: from the current one in `timeZone`, to the one the service's
 * horizon (`maxAdvanceDays` from now, docs/decisions.md "Availability") ends in, if it has one.
 */
export function monthBounds(
  nowMs: number,
  timeZone: string,
  maxAdvanceDays?: number,
): { min: IsoMonth; max: IsoMonth | undefined } {
  return {
    min: monthOf(isoDateIn(nowMs, timeZone)),
    max: maxAdvanceDays === undefined ? undefined : monthOf(isoDateIn(nowMs + maxAdvanceDays * DAY_MS, timeZone)),
  };
}

export const withinBounds = (month: IsoMonth, b: { min: IsoMonth; max: IsoMonth | undefined }): boolean =>
  month >= b.min && (b.max === undefined || month <= b.max);

export const clampMonth = (month: IsoMonth, b: { min: IsoMonth; max: IsoMonth | undefined }): IsoMonth =>
  month < b.min ? b.min : b.max !== undefined && month > b.max ? b.max : month;

/** The same day of the month `n` months away, or that month's last day when it is shorter. */
function sameDayMonthsAway(day: IsoDate, n: number): IsoDate {
  const month = addMonths(monthOf(day), n);
  return `${month}-${pad(Math.min(ymd(day)[2], daysInMonth(month)))}`;
}

/**
 * Where a key moves the focus from `day` (the WAI-ARIA date picker grid): arrows by a day or a
 * week, Home and End to the week's first and last day, PageUp and PageDown by a month (with
 * Shift, by a year). Undefined for any other key. The move may leave the month.
 */
export function keyMove(day: IsoDate, key: string, opts: { firstDay: number; shift?: boolean }): IsoDate | undefined {
  const intoWeek = (isoWeekday(day) - opts.firstDay + 7) % 7;
  const months = opts.shift ? 12 : 1;
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -intoWeek);
    case 'End':
      return addDays(day, 6 - intoWeek);
    case 'PageUp':
      return sameDayMonthsAway(day, -months);
    case 'PageDown':
      return sameDayMonthsAway(day, months);
    default:
      return undefined;
  }
}

/** "March 2026" in `locale`. */
export const monthLabel = (month: IsoMonth, locale: string): string => {
  const [y, m] = ymd(month);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
};

/** "Monday, 16 March 2026" in `locale`. */
export const dayLabel = (day: IsoDate, locale: string): string => {
  const [y, m, d] = ymd(day);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
};

/** A week's day names in `locale`, from `firstDay`: short and long (for `abbr`). */
export function weekdayNames(locale: string, firstDay: number): Array<{ short: string; long: string }> {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, ((firstDay - 1 + i) % 7) + 1));
    const name = (weekday: 'short' | 'long') =>
      new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' }).format(date);
    return { short: name('short'), long: name('long') };
  });
}

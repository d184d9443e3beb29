// Time-zone arithmetic of the booking pages, pure (no DOM): the slots of "a day" are that day's
// midnight to the next midnight in the zone the visitor chose, whatever the browser's own zone.

const DAY_MS = 86_400_000;

const partsFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `ms`. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** `YYYY-MM-DD` of the instant `ms` on `timeZone`'s calendar. */
export function isoDateIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
}

/** The instant a `YYYY-MM-DD` day starts in `timeZone` (its first instant, DST gaps included). */
export function dayStartMs(isoDate: string, timeZone: string): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  // The offset at the guess can differ from the offset at the answer around a DST change: a
  // second step settles it.
  const first = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  return wallMidnight - zoneOffsetMs(first, timeZone);
}

/** The `YYYY-MM-DD` day after `isoDate`. */
export function nextIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + DAY_MS).toISOString().slice(0, 10);
}

/** [from, to) of a day in `timeZone`, as the availability route takes it. */
export function dayWindow(isoDate: string, timeZone: string): { fromMs: number; toMs: number } {
  return { fromMs: dayStartMs(isoDate, timeZone), toMs: dayStartMs(nextIsoDate(isoDate), timeZone) };
}

/** A slot's start as the visitor reads it: the tenant's locale, the chosen zone. */
export const formatTime = (ms: number, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(new Date(ms));

/** A full date and time, with the zone's name so a visitor abroad is never misled. */
export const formatWhen = (ms: number, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(ms)) +
  ` (${timeZone.replace(/_/g, ' ')})`;

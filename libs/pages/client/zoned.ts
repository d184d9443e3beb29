// How the booking pages write an instant for the visitor: the tenant's locale, the chosen zone.
// The wall-clock arithmetic behind the pages (a zone's days and offsets) is @svc/wall-clock's.

/** A slot's start as the visitor reads it: the tenant's locale, the chosen zone. */
export const formatTime = (ms: number, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(new Date(ms));

/** A full date and time, with the zone's name so a visitor abroad is never misled. */
export const formatWhen = (ms: number, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(ms)) +
  ` (${timeZone.replace(/_/g, ' ')})`;

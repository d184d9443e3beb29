/** The locale a page formats dates in: the tenant's, or English when it has none. */
export const pageLocale = (locale: string): string => locale || 'en';

/** A price as the tenant's customers read it (`45,00 €` in German). */
export const formatPrice = (price: { amount: number; currency: string }, locale: string): string =>
  new Intl.NumberFormat(pageLocale(locale), { style: 'currency', currency: price.currency }).format(
    price.amount / 10 ** currencyDigits(price.currency),
  );

const currencyDigits = (currency: string): number =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** A booking's start in the tenant's locale and zone, the zone named. */
export const formatWhen = (ms: number, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(pageLocale(locale), { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(ms),
  ) + ` (${timeZone.replace(/_/g, ' ')})`;

/** A time of day in the tenant's locale and zone, the zone named (a hold's end). */
export const formatTime = (ms: number, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(pageLocale(locale), { timeStyle: 'short', timeZone }).format(new Date(ms)) +
  ` (${timeZone.replace(/_/g, ' ')})`;

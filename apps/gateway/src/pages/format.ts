/** The locale a page formats dates in: the tenant's, or English when it has none. */
export const pageLocale = (locale: string): string => locale || 'en';

/**
 * An amount in minor units of `currency` as the tenant's customers read it (`45,00 €` in German,
 * `¥5,000`): the one money formatting of the booking and manage pages. The API counts minor units
 * (docs/decisions.md "Payments"), so the amount is divided by 10 to the currency's own fraction
 * digits as Intl knows them (2 for EUR, 0 for JPY, 3 for KWD).
 */
export const formatMoney = (amount: number, currency: string, locale: string): string => {
  const format = new Intl.NumberFormat(pageLocale(locale), { style: 'currency', currency });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
};

/** A price as the tenant's customers read it. */
export const formatPrice = (price: { amount: number; currency: string }, locale: string): string =>
  formatMoney(price.amount, price.currency, locale);

/** A booking's start in the tenant's locale and zone, the zone named. */
export const formatWhen = (ms: number, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(pageLocale(locale), { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(ms),
  ) + ` (${timeZone.replace(/_/g, ' ')})`;

/** A time of day in the tenant's locale and zone, the zone named (a hold's end). */
export const formatTime = (ms: number, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(pageLocale(locale), { timeStyle: 'short', timeZone }).format(new Date(ms)) +
  ` (${timeZone.replace(/_/g, ' ')})`;

/** A day and time in the tenant's locale and zone, short (a payment's movement). */
export const formatMoment = (ms: number, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(pageLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(ms),
  );

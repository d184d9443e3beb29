import { formatMoney } from '@svc/rules';

/** The locale a page formats dates in: the tenant's, or English when it has none. */
export const pageLocale = (locale: string): string => locale || 'en';

/** Amounts as the emails show them: one formatter (docs/decisions.md "Payments"). */
export { formatMoney };

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

/**
 * Amounts as people read them (docs/decisions.md "Payments"): the platform keeps money in minor
 * units of an ISO 4217 currency (cents; whole yen for JPY, a currency without minor units), and
 * every page and message shows it through this one formatter, in the reader's locale, so the
 * booking page, the manage page and the emails never disagree on an amount.
 */

/** Bounded: keys are a locale and a currency, both from validated records. */
const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= 1_000) formats.clear();
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** A locale Intl formats in: `locale` when it is a usable tag, else English. */
function usableLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * Digits after the decimal point of the currency's minor unit, as ICU knows it: 2 for EUR, 0 for
 * JPY and KRW, 3 for KWD. Throws a RangeError for a value that is not a currency code.
 */
export function currencyDigits(currency: string): number {
  return currencyFormat('en', currency.toUpperCase()).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * `minor` units of `currency` in `locale`'s way: `€45.50` in English, `45,50 €` in German,
 * `¥5,000` for 5000 JPY. An unusable locale formats in English.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  return currencyFormat(usableLocale(locale || 'en'), code).format(minor / 10 ** currencyDigits(code));
}

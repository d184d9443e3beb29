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
  // Stryker disable next-line ConditionalExpression: equivalent, a cache: a format made again answers the same (docs/testing.md)
  if (!format) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a memory bound: a cache cleared or kept answers the same (docs/testing.md)
    if (formats.size >= 1_000) formats.clear();
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** A locale Intl formats in: `locale` when it is a usable tag, else English. */
// Stryker disable BlockStatement: equivalent where the runtime's own locale is English, as in the tests: an emptied catch formats in it (docs/testing.md)
function usableLocale(locale: string): string {
  try {
    // Stryker disable next-line StringLiteral: equivalent, a valid tag always has its canonical form (docs/testing.md)
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}
// Stryker restore BlockStatement

/**
 * Digits after the decimal point of the currency's minor unit, as ICU knows it: 2 for EUR, 0 for
 * JPY and KRW, 3 for KWD. Throws a RangeError for a value that is not a currency code.
 */
export function currencyDigits(currency: string): number {
  // Intl reads the code in either case.
  return currencyFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * `minor` units of `currency` in `locale`'s way: `€45.50` in English, `45,50 €` in German,
 * `¥5,000` for 5000 JPY. An unusable locale formats in English.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return currencyFormat(usableLocale(locale), currency).format(minor / 10 ** currencyDigits(currency));
}

/**
 * Stripe's zero-decimal currencies: an amount counts whole units. Every other currency Stripe
 * takes counts hundredths, but for the three-decimal ones below (docs/decisions.md "Payments").
 */
const STRIPE_ZERO_DECIMAL: ReadonlySet<string> = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '),
);
/** Stripe's three-decimal currencies: amounts in thousandths that must end in 0 (Stripe charges them to two decimals). */
export const THREE_DECIMAL_CURRENCIES: readonly string[] = ['BHD', 'JOD', 'KWD', 'OMR', 'TND'];
const STRIPE_THREE_DECIMAL: ReadonlySet<string> = new Set(THREE_DECIMAL_CURRENCIES);

/** The digits of the unit Stripe's `amount` counts in `currency`: 0, 2 or 3. */
export function providerDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (STRIPE_ZERO_DECIMAL.has(code)) return 0;
  return STRIPE_THREE_DECIMAL.has(code) ? 3 : 2;
}

/**
 * Whether the platform's minor unit of `currency` (currencyDigits, ICU's) is the one Stripe counts
 * in, so an amount goes to Stripe as it is. False for HUF, COP, IDR and the other currencies ICU
 * shows without decimals that Stripe counts in hundredths (and LYD, three digits in ICU, two at
 * Stripe): there 5000 would be charged as 50.00, so no payment policy takes them.
 */
export const paymentsTakeCurrency = (currency: string): boolean =>
  currencyDigits(currency) === providerDigits(currency);

/**
 * The step every amount charged or refunded in `currency` must be a multiple of: 10 minor units
 * for a three-decimal currency (Stripe refuses 1.005 KWD), 1 for every other one.
 */
export function chargeStep(currency: string): number {
  return STRIPE_THREE_DECIMAL.has(currency.toUpperCase()) ? 10 : 1;
}

/**
 * A refund on the step Stripe takes in `currency` (chargeStep), on the customer's side
 * (docs/decisions.md "Payments"): rounded up, so a late cancel of 1.230 KWD at 33 % gets 0.410
 * back, not 0.400. The caller keeps it within what was paid.
 */
export function refundOnStep(minor: number, currency: string): number {
  const step = chargeStep(currency);
  return Math.ceil(minor / step) * step;
}

/** A charge (a fee, a no-show's remainder) on Stripe's step, on the customer's side: rounded down. */
export function chargeOnStep(minor: number, currency: string): number {
  const step = chargeStep(currency);
  return Math.floor(minor / step) * step;
}

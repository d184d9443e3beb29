/**
 * Currencies as the Stripe stand-in reads them: Stripe's three-letter ISO codes in lower case
 * (https://docs.stripe.com/currencies), amounts in the currency's smallest unit, and the
 * minimum charge amounts Stripe enforces
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
 */

const KNOWN = new Set(Intl.supportedValuesOf('currency').map((c) => c.toLowerCase()));

/** Whether `code` is a lower-case ISO 4217 code (Stripe refuses upper case). */
export function isCurrency(code: string): boolean {
  return /^[a-z]{3}$/.test(code) && KNOWN.has(code);
}

/** Digits after the decimal point of the currency's display (0 for JPY, 2 for EUR). */
function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** `€12.50`, `¥2,500`: an amount in minor units as Stripe's messages and pages show it. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 10 ** fractionDigits(currency),
  );
}

/**
 * The smallest amount Stripe charges in these currencies (minor units), from its table; the
 * stand-in checks no minimum for the others.
 */
const MINIMUM: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  chf: 50,
  cad: 50,
  aud: 50,
  jpy: 50,
  sek: 300,
  nok: 300,
  dkk: 250,
  pln: 200,
};

export function minimumCharge(currency: string): number | undefined {
  return MINIMUM[currency];
}

/** Stripe's largest amount: eight digits in the smallest unit. */
export const MAXIMUM_AMOUNT = 99_999_999;

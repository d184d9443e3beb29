/**
 * Amounts as the form types them and as the API keeps them: minor units of the currency
 * (docs/decisions.md "Payments"), so 45.50 EUR is 4550 and 5000 JPY, a currency without minor
 * units, is 5000. The digits are the currency's own, as Intl knows them.
 */

/** Digits after the decimal point: 2 for EUR, 0 for JPY, 3 for KWD; 2 for a code Intl does not know. */
export function minorDigits(currency: string): number {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.trim().toUpperCase() });
    return format.resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Typed text such as `45` or `45.50` in minor units of `currency`, or null when it is not such an amount. */
export function minorUnitsOf(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  const trimmed = text.trim();
  if (!pattern.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units as the form shows them: `45.50`, `5000`. */
export const amountText = (minor: number, currency: string): string => {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};

/** How the problem line words an amount the form cannot read. */
export const amountExample = (currency: string): string => (minorDigits(currency) === 0 ? '45' : '45 or 45.50');

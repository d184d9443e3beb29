import { z } from 'zod';

/** ISO 4217 codes known to the runtime's ICU data (upper case). */
export const CURRENCY_CODES: readonly string[] = Intl.supportedValuesOf('currency');
const codes = new Set(CURRENCY_CODES);
export const CURRENCY_MESSAGE = 'must be an ISO 4217 currency code';

/** Upper case as ISO 4217 writes it; Stripe-style lower case is accepted by normalizeCurrency. */
export const isCurrencyCode = (value: string): boolean => codes.has(value);

/** The upper-case code, or null when it is not one. */
export function normalizeCurrency(input: string): string | null {
  const code = input.trim().toUpperCase();
  return isCurrencyCode(code) ? code : null;
}

export const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, CURRENCY_MESSAGE)
  .refine((value) => normalizeCurrency(value) !== null, CURRENCY_MESSAGE)
  .meta({
    description: 'An ISO 4217 currency code; lower case is accepted and stored upper-case.',
    enum: [...CURRENCY_CODES],
  });

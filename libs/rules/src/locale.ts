import { z } from 'zod';

/**
 * A BCP 47 language tag of the usual shape: language (2–3 letters), optional script (4
 * letters), optional region (2 letters or 3 digits), optional variants. Extensions and private
 * use (`-u-…`, `-x-…`) are not taken: locales here pick a display language.
 */
export const LOCALE_PATTERN =
  /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$/;
export const MAX_LOCALE_LENGTH = 35;
export const LOCALE_MESSAGE = 'must be a BCP 47 language tag, like en or de-CH';

/** The canonical form (`en-us` → `en-US`), or null when it is not such a tag. */
export function canonicalLocale(input: string): string | null {
  const text = input.trim();
  if (text.length > MAX_LOCALE_LENGTH || !LOCALE_PATTERN.test(text)) return null;
  try {
    return Intl.getCanonicalLocales(text)[0] ?? null;
  } catch {
    // Well-formed but refused by Intl (a repeated variant).
    return null;
  }
}

export const isLocale = (value: string): boolean => canonicalLocale(value) !== null;

export const localeSchema = z
  .string()
  .trim()
  .max(MAX_LOCALE_LENGTH)
  .regex(LOCALE_PATTERN, LOCALE_MESSAGE)
  .refine(isLocale, LOCALE_MESSAGE)
  .describe('A BCP 47 language tag such as en or de-CH; stored in canonical case.');

import { z } from 'zod';

/**
 * A BCP 47 language tag of the usual shape: language (2–3 letters), optional script (4
 * letters), optional region (2 letters or 3 digits), optional variants. Extensions and private
 * use (`-u-…`, `-x-…`) are not taken: locales here pick a display language.
 *
 * This pattern and the length are the whole rule (docs/api-conventions.md "Input rules"): every
 * tag they allow is taken, so the OpenAPI document states exactly what the server accepts.
 */
export const LOCALE_PATTERN =
  /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$/;
export const MAX_LOCALE_LENGTH = 35;
const VARIANT = /^(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3})$/;
export const LOCALE_MESSAGE = 'must be a BCP 47 language tag, like en or de-CH';

/**
 * The canonical form (`en-us` → `en-US`), or null when it is not such a tag. A repeated variant
 * (`de-1901-1901`, any case) counts once: Intl refuses repeats, and a rule the pattern cannot
 * state would be a hidden, stricter check. Variants are the subtags of 5–8 characters or of 4
 * starting with a digit; language and region (`de-DE`) may look alike and are kept.
 */
export function canonicalLocale(input: string): string | null {
  const text = input.trim();
  if (text.length > MAX_LOCALE_LENGTH || !LOCALE_PATTERN.test(text)) return null;
  const seen = new Set<string>();
  const subtags = text.split('-').filter((subtag) => {
    const key = subtag.toLowerCase();
    if (!VARIANT.test(subtag)) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  try {
    return Intl.getCanonicalLocales(subtags.join('-'))[0] ?? null;
  } catch {
    // Not reached for a tag of the pattern (test/rules.test.ts tries thousands); kept so an
    // ICU that disagrees answers "not a locale" instead of throwing.
    return null;
  }
}

export const isLocale = (value: string): boolean => canonicalLocale(value) !== null;

/** The pattern is the rule: no further check, so the document's `pattern` is exactly what is taken. */
export const localeSchema = z
  .string()
  .trim()
  .max(MAX_LOCALE_LENGTH)
  .regex(LOCALE_PATTERN, LOCALE_MESSAGE)
  .describe('A BCP 47 language tag such as en or de-CH; stored in canonical case (a repeated variant once).');

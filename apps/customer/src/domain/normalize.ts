/**
 * Normalization of customer input. Each function answers the canonical form, or null when the
 * input cannot be brought into one (the caller turns that into a VALIDATION_ERROR).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export const MAX_NAME_LENGTH = 200;
const MAX_EMAIL_LENGTH = 254;
const MAX_PHONE_INPUT_LENGTH = 40;

/**
 * Local part: anything but whitespace and `@` (providers differ too much to be stricter).
 * Domain: dot-separated labels of letters, digits and inner hyphens, and a top-level label of
 * letters (or punycode), so typos like `a@b` or `a@b.` are caught.
 */
const EMAIL =
  /^[^\s@]{1,64}@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

/** docs/decisions.md "Customers": lower-cased and trimmed, so `Ann@X.com ` and `ann@x.com` are one customer. */
export function normalizeEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email) ? email : null;
}

/**
 * E.164 (`+4930123456`). The input must be international (`+` or `00` then the country code):
 * a tenant's default country is not known here, and guessing one would merge strangers.
 * "Possible" (right length for the country) rather than "valid" (assigned ranges), so new
 * number ranges and test numbers are not refused.
 */
export function normalizePhone(input: string): string | null {
  let text = input.trim();
  if (text.length === 0 || text.length > MAX_PHONE_INPUT_LENGTH) return null;
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (!text.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(text);
  // An extension has no place in E.164; dropping it silently would merge two desks.
  if (!parsed || parsed.ext || !parsed.isPossible()) return null;
  return parsed.number;
}

/** Trimmed; null when too long. May be empty (see Customer.name). */
export function normalizeName(input: string): string | null {
  const name = input.trim();
  return name.length <= MAX_NAME_LENGTH ? name : null;
}

/** BCP 47 in canonical case (`en-us` → `en-US`). */
export function normalizeLocale(input: string): string | null {
  const text = input.trim();
  if (text.length === 0 || text.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(text)[0] ?? null;
  } catch {
    return null;
  }
}

/** An IANA zone the runtime knows, in its canonical spelling (`europe/berlin` → `Europe/Berlin`). */
export function normalizeTimezone(input: string): string | null {
  const text = input.trim();
  if (text.length === 0 || text.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

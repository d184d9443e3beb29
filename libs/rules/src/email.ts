import { z } from 'zod';

/**
 * One email rule for every service (docs/api-conventions.md "Input rules"): at most 254
 * characters; a local part of 1–64 characters without whitespace, control characters, `@`,
 * `<`, `>` or the other RFC 5322 specials `"(),:;[\]`; a domain of dot-separated labels
 * (letters, digits, inner hyphens; non-ASCII letters for internationalized names) ending in a
 * top-level label of letters or punycode. Deliverability is not ours to judge.
 *
 * Written with \x escapes only (no \p classes, no flags) so the same pattern is valid in the
 * OpenAPI document for every tool, whatever its regex dialect.
 */
const LOCAL_CHAR = String.raw`[^\s\x00-\x1f\x7f-\x9f@<>"(),:;\[\\\]]`;
/** A letter or digit of a domain label: ASCII ones, or any non-ASCII character but whitespace. */
const LABEL_EDGE = String.raw`[^\s\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x9f]`;
const LABEL_INNER = String.raw`[^\s\x00-\x2c\x2e\x2f\x3a-\x40\x5b-\x60\x7b-\x9f]`;
const TLD_LETTER = String.raw`[^\s\x00-\x40\x5b-\x60\x7b-\x9f]`;
const LABEL = `${LABEL_EDGE}(?:${LABEL_INNER}{0,61}${LABEL_EDGE})?`;
const TLD = `(?:${TLD_LETTER}{2,63}|[Xx][Nn]--[A-Za-z0-9-]{1,59})`;

export const EMAIL_PATTERN = new RegExp(`^${LOCAL_CHAR}{1,64}@(?:${LABEL}\\.)+${TLD}$`);
export const MAX_EMAIL_LENGTH = 254;
export const EMAIL_MESSAGE = 'must be an email address';

export const isEmail = (value: string): boolean => value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);

/** Trimmed and lower-cased, so `Ann@X.com ` and `ann@x.com` are one person; null when not an email. */
export function normalizeEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  return isEmail(email) ? email : null;
}

/** The rule in a request schema (surrounding whitespace is trimmed before the check). */
export const emailSchema = z
  .string()
  .trim()
  .max(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`)
  .regex(EMAIL_PATTERN, EMAIL_MESSAGE)
  .describe('An email address, at most 254 characters; stored lower-case.');

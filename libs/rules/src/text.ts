import { z } from 'zod';

/**
 * Free text the platform trims (names, descriptions, reasons): one rule for every such field, so
 * the OpenAPI document says what the server does (docs/api-conventions.md "Input rules").
 *
 * Whitespace is what `String.prototype.trim()` removes (ECMAScript WhiteSpace and
 * LineTerminator), spelled out instead of `\s`: Python's `re`, which schemathesis and most
 * JSON Schema tools in Python use, reads `\s` differently (with U+001C–U+001F, without U+FEFF),
 * and the pattern must mean the same in the document as on the server.
 */
export const TRIMMED_WHITESPACE = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;

/** A character that is not trimmed: a required text has at least one. */
export const NOT_BLANK_PATTERN = new RegExp(`[^${TRIMMED_WHITESPACE}]`);
export const NOT_BLANK_MESSAGE = 'must contain a character that is not whitespace';

export const isBlank = (value: string): boolean => !NOT_BLANK_PATTERN.test(value);

/**
 * Text of at most `max` characters as sent, stored trimmed. `required`: at least one character
 * that is not whitespace (the document's `pattern`; `minLength` alone would let `"  "` through
 * the schema and the trimmed value fail). Otherwise blank is allowed and means none ('' clears).
 * The length is checked before trimming, so the document's `maxLength` is the whole rule.
 */
export function trimmedTextSchema(max: number, opts: { required?: boolean } = {}) {
  const sent = z.string().max(max, `must be at most ${max} characters`);
  return (opts.required ? sent.regex(NOT_BLANK_PATTERN, NOT_BLANK_MESSAGE) : sent).trim();
}

/**
 * Orders strings as both store adapters (libs/store) do: by their UTF-8 bytes (JavaScript's `<`
 * compares UTF-16 units). Here, not in the store, so domain code can sort as the store reads.
 */
export function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';

export const MAX_PHONE_INPUT_LENGTH = 40;
export const PHONE_MESSAGE = 'must be a phone number in international format, like +14155550123';

/**
 * E.164 (`+4930123456`). The input must be international (`+` or `00` then the country code):
 * a tenant's default country is not known, and guessing one would merge strangers.
 * "Possible" (right length for the country) rather than "valid" (assigned ranges), so new
 * number ranges and test numbers are not refused. null when the input is not such a number.
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

export const isPhone = (value: string): boolean => normalizePhone(value) !== null;

/** libphonenumber's judgement has no pattern, so the document describes it. */
export const phoneSchema = z
  .string()
  .max(MAX_PHONE_INPUT_LENGTH)
  .refine(isPhone, PHONE_MESSAGE)
  .meta({
    description:
      'An international phone number: + or 00, the country code, then a number of a possible length ' +
      'for that country (libphonenumber); spaces, dots, dashes and parentheses are allowed. Stored as E.164.',
    examples: ['+14155550123'],
  });

import { getCountries, getCountryCallingCode, Metadata, parsePhoneNumberFromString } from 'libphonenumber-js';
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

/**
 * The E.164 numbers the rule takes, as a pattern for the OpenAPI document: `+`, a country
 * calling code, then a national number of a length libphonenumber calls possible for every
 * country sharing that code (+290 is Saint Helena and Tristan da Cunha: only the lengths both
 * take). So every string of the pattern passes normalizePhone (test/rules.test.ts tries each
 * code and length); the server also takes `00` and punctuation, which the description says.
 * Built from libphonenumber's own metadata, so an update of its data updates the document.
 */
export const PHONE_E164_PATTERN = ((): RegExp => {
  const metadata = new Metadata();
  const lengthsByCode = new Map<string, number[]>();
  for (const country of getCountries()) {
    metadata.selectNumberingPlan(country);
    const lengths = metadata.numberingPlan?.possibleLengths() ?? [];
    const code = getCountryCallingCode(country);
    const shared = lengthsByCode.get(code);
    lengthsByCode.set(code, shared ? shared.filter((n) => lengths.includes(n)) : lengths);
  }
  const alternatives = [...lengthsByCode]
    .filter(([, lengths]) => lengths.length > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, lengths]) => `${code}(?:${digitRuns(lengths).join('|')})`);
  return new RegExp(`^\\+(?:${alternatives.join('|')})$`);
})();

/** Ascending lengths as quantified digit runs: [4, 5, 6, 9] → `[0-9]{4,6}`, `[0-9]{9}`. */
function digitRuns(lengths: readonly number[]): string[] {
  const runs: string[] = [];
  const sorted = [...lengths].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(i === j ? `[0-9]{${sorted[i]}}` : `[0-9]{${sorted[i]},${sorted[j]}}`);
    i = j + 1;
  }
  return runs;
}

/** libphonenumber's judgement, with the E.164 numbers it takes as the document's pattern. */
export const phoneSchema = z
  .string()
  .max(MAX_PHONE_INPUT_LENGTH)
  .refine(isPhone, PHONE_MESSAGE)
  .meta({
    pattern: PHONE_E164_PATTERN.source,
    description:
      'An international phone number: + or 00, the country code, then a number of a possible length ' +
      'for that country (libphonenumber). The pattern states the E.164 form (+, country code, national ' +
      'number); the server also takes 00 for + and spaces, dots, dashes and parentheses. Stored as E.164.',
    examples: ['+14155550123'],
  });

/**
 * The digit strings a person may type to find a stored (E.164) number, for prefix search: with
 * the country code (`4915112345678`, typed as `+49 151…` or `0049 151…`), as dialled at home with
 * the trunk prefix (`015112345678`), and the national number alone (`15112345678`). Unique, in
 * that order; only the first when libphonenumber cannot parse the number.
 */
export function phoneDigitForms(e164: string): string[] {
  const digits = (s: string) => s.replace(/\D/g, '');
  const forms = [digits(e164)];
  const parsed = parsePhoneNumberFromString(e164);
  if (parsed) forms.push(digits(parsed.formatNational()), digits(parsed.nationalNumber));
  return [...new Set(forms.filter((f) => f !== ''))];
}

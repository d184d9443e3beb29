/**
 * The list's `q` as an indexed prefix search (docs/decisions.md "Customers"): every customer has
 * normalized search keys, stored beside the record, and `q` matches a customer when it is a
 * prefix of one of them. Pure: the repository stores the keys and reads them by prefix.
 */
import { compareUtf8, MAX_CUSTOMER_QUERY_LENGTH, phoneDigitForms } from '@svc/rules';
import type { Customer } from './customer.js';

/** Raised whenever searchKeysOf changes, so the start-up backfill rewrites every customer's keys. */
export const SEARCH_KEYS_VERSION = 2;

/** Name words a key starts at, at most: longer names are still found from their first 16 words. */
const MAX_NAME_WORDS = 16;

/** The phone digits a front desk types from the middle of a number: this many at least. */
export const MIN_PHONE_RUN = 4;
/**
 * Marks the keys of digit runs inside a phone number, so a query of fewer digits still matches
 * only where a number starts (`49`), and one of MIN_PHONE_RUN or more anywhere in it (`1234567`).
 */
const PHONE_RUN = '#';

export interface SearchQuery {
  /** The normalized prefix every matching customer has a key starting with. */
  prefix: string;
}

/**
 * Case and accents folded (`Müller` → `muller`, `İ` → `i`), compatibility forms unified (`ﬁ` →
 * `fi`), whitespace collapsed to one space and trimmed. U+10FFFF is dropped: it is the store's
 * prefix bound (libs/store PREFIX_END).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\u{10FFFF}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A query made only of digits and what people put between them: `+49 151`, `(415) 555-01`, `0151/123`. */
const PHONE_LIKE = /^[\d\s()+./-]+$/;

/** null when q is blank: no filtering. Longer than the limit is the caller's to refuse first. */
export function parseSearch(q: string): SearchQuery | null {
  const text = foldText(q);
  if (text === '') return null;
  if (!PHONE_LIKE.test(text) || !/\d/.test(text)) return { prefix: text };
  // Phone keys are digits only, so a phone-like query is compared by its digits: `00` dials out
  // like `+` (as the phone rule reads it), and `+49 (0)151` writes the trunk prefix it then drops.
  const digits = text.replace(/\(0\)/g, '').replace(/\D/g, '');
  const international = text.startsWith('00') ? digits.slice(2) : digits;
  const number = international !== '' ? international : digits;
  return { prefix: number.length >= MIN_PHONE_RUN ? PHONE_RUN + number : number };
}

export const isQueryTooLong = (q: string): boolean => q.length > MAX_CUSTOMER_QUERY_LENGTH;

/** Where each word (a run of letters and digits) of `text` starts. */
function wordStarts(text: string, limit: number): number[] {
  const starts: number[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (starts.length === limit) break;
    starts.push(m.index);
  }
  return starts;
}

/**
 * The keys `q` is matched against, unique and sorted in the store's order (UTF-8 bytes):
 * - the name from each of its words to the end (`ann lee`, `lee`): any word's prefix, and
 *   several words in their order (`lee sm` finds `Ann Lee Smith`);
 * - the email from each word of its local part (`ann.lee@example.com`, `lee@example.com`), and
 *   its domain (`example.com`);
 * - the phone's digits with the country code, with the trunk prefix, and without either
 *   (`4915112345678`, `015112345678`, `15112345678`): what a query of 1 to 3 digits is matched
 *   against;
 * - marked with `#`, every run of its digits that a query of MIN_PHONE_RUN or more digits can
 *   start at: each suffix (of MIN_PHONE_RUN digits or more) of the digits with the country code,
 *   and the form with the trunk prefix (`#4915112345678`, `#915112345678`, …, `#5678`,
 *   `#015112345678`), so `1234567` finds `+49 30 1234567` and `0151 12` still finds the first.
 */
export function searchKeysOf(c: Pick<Customer, 'name' | 'primaryEmail' | 'phone'>): string[] {
  const keys = new Set<string>();
  const name = foldText(c.name);
  for (const i of wordStarts(name, MAX_NAME_WORDS)) keys.add(name.slice(i));
  if (c.primaryEmail !== null) {
    const email = foldText(c.primaryEmail);
    const at = email.lastIndexOf('@');
    for (const i of wordStarts(email.slice(0, at), Infinity)) keys.add(email.slice(i));
    keys.add(email.slice(at + 1));
  }
  if (c.phone !== null) {
    const [international, ...national] = phoneDigitForms(c.phone);
    for (const digits of [international, ...national]) if (digits) keys.add(digits);
    for (let i = 0; international && i + MIN_PHONE_RUN <= international.length; i++) {
      keys.add(PHONE_RUN + international.slice(i));
    }
    for (const digits of national) if (digits.length >= MIN_PHONE_RUN) keys.add(PHONE_RUN + digits);
  }
  keys.delete('');
  return [...keys].sort(compareUtf8);
}

/** The customer's smallest key that starts with the prefix: where a search lists it (once). */
export function firstMatchingKey(sortedKeys: readonly string[], prefix: string): string | null {
  return sortedKeys.find((k) => k.startsWith(prefix)) ?? null;
}

/** The list's `q`: a case-insensitive substring of name, email or phone. */
import type { Customer } from './customer.js';

export const MAX_QUERY_LENGTH = 200;

export interface SearchQuery {
  text: string;
  /** Set when q looks like (part of) a phone number, so `(415) 555` finds `+14155550123`. */
  digits: string | null;
}

/** null when q is blank: no filtering. */
export function parseSearch(q: string): SearchQuery | null {
  const text = q.trim().toLowerCase();
  if (text === '') return null;
  const phoneLike = /^[\d\s()+.-]+$/.test(text) && /\d/.test(text);
  return { text, digits: phoneLike ? text.replace(/\D/g, '') : null };
}

export function matchesSearch(c: Pick<Customer, 'name' | 'primaryEmail' | 'phone'>, s: SearchQuery): boolean {
  if (c.name.toLowerCase().includes(s.text)) return true;
  if (c.primaryEmail?.includes(s.text)) return true; // stored lower-case
  if (c.phone === null) return false;
  return c.phone.includes(s.text) || (s.digits !== null && c.phone.slice(1).includes(s.digits));
}

/** Paging of the customer list (docs/decisions.md "Lists and paging"): limit and an opaque cursor. */
import { validationError, type FieldViolation } from '@svc/errors';
import { pageLimit, pageLimitMessage } from '@svc/rules';
import { decodePageCursor, encodePageCursor, PAGE_CURSOR_MESSAGE } from '@svc/store';
import { MAX_QUERY_LENGTH, parseSearch, type SearchQuery } from './search.js';

/** Lists are ordered by (createdAtMs, customerId); a cursor is the position of the last item returned. */
export interface PagePosition {
  createdAtMs: number;
  customerId: string;
}

export interface ListRequest {
  limit: number;
  after: PagePosition | null;
  search: SearchQuery | null;
}

/** limit 0 (proto's "unset") means the default; above the maximum is refused, not clamped. */
export function parseListRequest(input: { limit: number; cursor: string; query: string }): ListRequest {
  const violations: FieldViolation[] = [];
  const limit = pageLimit(input.limit, 'customers');
  if (limit === null) violations.push({ path: 'limit', message: pageLimitMessage('customers') });
  const after = input.cursor === '' ? null : decodeCursor(input.cursor);
  if (input.cursor !== '' && after === null) {
    violations.push({ path: 'cursor', message: PAGE_CURSOR_MESSAGE });
  }
  if (input.query.length > MAX_QUERY_LENGTH) {
    violations.push({ path: 'q', message: `must be at most ${MAX_QUERY_LENGTH} characters` });
  }
  if (violations.length > 0) throw validationError(violations);
  // A null limit was refused above.
  return { limit: limit as number, after, search: parseSearch(input.query) };
}

/** The shared list cursor (`@svc/store`), with the customer id as the position's id. */
export function encodeCursor(position: PagePosition): string {
  return encodePageCursor({ at: position.createdAtMs, id: position.customerId });
}

export function decodeCursor(cursor: string): PagePosition | null {
  const p = decodePageCursor(cursor);
  return p && { createdAtMs: p.at, customerId: p.id };
}

/** Paging of the customer list (docs/decisions.md "Lists and paging"): limit and an opaque cursor. */
import { validationError, type FieldViolation } from '@svc/errors';
import { decodePageCursor, encodePageCursor } from '@svc/store';
import { MAX_QUERY_LENGTH, parseSearch, type SearchQuery } from './search.js';

export const DEFAULT_PAGE_LIMIT = 25;
export const MAX_PAGE_LIMIT = 100;

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
  const limit = input.limit || DEFAULT_PAGE_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    violations.push({ path: 'query.limit', message: `must be an integer from 1 to ${MAX_PAGE_LIMIT}` });
  }
  const after = input.cursor === '' ? null : decodeCursor(input.cursor);
  if (input.cursor !== '' && after === null) {
    violations.push({ path: 'query.cursor', message: 'is not a cursor returned by this list' });
  }
  if (input.query.length > MAX_QUERY_LENGTH) {
    violations.push({ path: 'query.q', message: `must be at most ${MAX_QUERY_LENGTH} characters` });
  }
  if (violations.length > 0) throw validationError(violations);
  return { limit, after, search: parseSearch(input.query) };
}

/** The shared list cursor (`@svc/store`), with the customer id as the position's id. */
export function encodeCursor(position: PagePosition): string {
  return encodePageCursor({ createdAtMs: position.createdAtMs, id: position.customerId });
}

export function decodeCursor(cursor: string): PagePosition | null {
  const p = decodePageCursor(cursor);
  return p && { createdAtMs: p.createdAtMs, customerId: p.id };
}

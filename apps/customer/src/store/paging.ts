/** Paging of the customer list (docs/decisions.md "Lists and paging"): limit and an opaque cursor. */
import { validationError, type FieldViolation } from '@svc/errors';
import { CUSTOMER_QUERY_MESSAGE, pageLimit, pageLimitMessage } from '@svc/rules';
import {
  decodeKeyCursor,
  decodePageCursor,
  encodeKeyCursor,
  encodePageCursor,
  PAGE_CURSOR_MESSAGE,
  type KeyPosition,
} from '@svc/store';
import { isQueryTooLong, parseSearch, type SearchQuery } from '../domain/search.js';

/** The list without `q` is ordered by (createdAtMs, customerId); a cursor is the position of the last item returned. */
export interface PagePosition {
  createdAtMs: number;
  customerId: string;
}

/**
 * A search is ordered by (matching key, customerId): each customer at the smallest of its keys
 * that `q` is a prefix of. Its cursor is that position (the key cursor of libs/store).
 */
export interface SearchPosition {
  key: string;
  customerId: string;
}

export type ListRequest =
  | { limit: number; search: null; after: PagePosition | null }
  | { limit: number; search: SearchQuery; after: SearchPosition | null };

export const LIST_CURSOR_WITH_Q_MESSAGE = 'belongs to the list without q; a search pages with the cursors it answers';
export const SEARCH_CURSOR_WITHOUT_Q_MESSAGE = 'belongs to a search; send it with the q of that search';

/** limit 0 (proto's "unset") means the default; above the maximum is refused, not clamped. */
export function parseListRequest(input: { limit: number; cursor: string; query: string }): ListRequest {
  const violations: FieldViolation[] = [];
  const limit = pageLimit(input.limit, 'customers');
  if (limit === null) violations.push({ path: 'limit', message: pageLimitMessage('customers') });
  const tooLong = isQueryTooLong(input.query);
  if (tooLong) violations.push({ path: 'q', message: CUSTOMER_QUERY_MESSAGE });
  const search = tooLong ? null : parseSearch(input.query);
  const cursor = input.cursor === '' ? null : decodeCursor(input.cursor);
  if (input.cursor !== '') {
    const problem =
      cursor === null
        ? PAGE_CURSOR_MESSAGE
        : search !== null && cursor.kind === 'list'
          ? LIST_CURSOR_WITH_Q_MESSAGE
          : search === null && !tooLong && cursor.kind === 'search'
            ? SEARCH_CURSOR_WITHOUT_Q_MESSAGE
            : null;
    if (problem) violations.push({ path: 'cursor', message: problem });
  }
  if (violations.length > 0) throw validationError(violations);
  // A null limit, and a cursor of the other kind, were refused above.
  if (search === null) return { limit: limit as number, search, after: cursor?.kind === 'list' ? cursor.at : null };
  return { limit: limit as number, search, after: cursor?.kind === 'search' ? cursor.at : null };
}

type Cursor = { kind: 'list'; at: PagePosition } | { kind: 'search'; at: SearchPosition };

/** The shared list cursor (`@svc/store`), with the customer id as the position's id. */
export function encodeCursor(position: PagePosition): string {
  return encodePageCursor({ at: position.createdAtMs, id: position.customerId });
}

/** The shared key cursor (`@svc/store`) of a search position. */
export function encodeSearchCursor(position: SearchPosition): string {
  return encodeKeyCursor({ key: position.key, id: position.customerId });
}

/** Either kind of cursor; null when it is neither. */
export function decodeCursor(cursor: string): Cursor | null {
  const p = decodePageCursor(cursor);
  if (p) return { kind: 'list', at: { createdAtMs: p.at, customerId: p.id } };
  const k: KeyPosition | null = decodeKeyCursor(cursor);
  return k && { kind: 'search', at: { key: k.key, customerId: k.id } };
}

/** Paging of the customer list (DECISIONS.md "Lists and paging"): limit and an opaque cursor. */
import { validationError, type FieldViolation } from '@svc/errors';
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

/** Opaque to clients: base64url of JSON `[createdAtMs, customerId]`. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.createdAtMs, position.customerId])).toString('base64url');
}

export function decodeCursor(cursor: string): PagePosition | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAtMs, customerId] = value as unknown[];
    if (!Number.isSafeInteger(createdAtMs) || (createdAtMs as number) < 0) return null;
    if (typeof customerId !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(customerId)) return null;
    return { createdAtMs: createdAtMs as number, customerId };
  } catch {
    return null;
  }
}

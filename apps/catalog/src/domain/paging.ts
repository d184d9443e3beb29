import { validationError } from '@svc/errors';
import { decodePageCursor, encodePageCursor, type PagePosition } from '@svc/store';

export type { PagePosition };
export const encodeCursor = encodePageCursor;

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;

/** Lists are ordered by (createdAtMs, id); a cursor is the position of the last item returned. */
export type PageRequest = { limit: number; after: PagePosition | null };

/** limit 0 (proto's "unset") means the default; anything above the maximum is refused, not clamped. */
export function parsePageRequest(input: { limit?: number; cursor?: string } | undefined): PageRequest {
  const limit = input?.limit || DEFAULT_PAGE_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw validationError([{ path: 'query.limit', message: `must be an integer from 1 to ${MAX_PAGE_LIMIT}` }]);
  }
  if (!input?.cursor) return { limit, after: null };
  const after = decodePageCursor(input.cursor);
  if (!after) throw validationError([{ path: 'query.cursor', message: 'is not a cursor returned by this list' }]);
  return { limit, after };
}

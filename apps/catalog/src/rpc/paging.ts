import { validationError } from '@svc/errors';
import { pageLimit, pageLimitMessage } from '@svc/rules';
import {
  decodePageCursor,
  encodePageCursor,
  PAGE_CURSOR_MESSAGE,
  type PagePosition,
  type PageRequest,
} from '@svc/store';

export type { PagePosition, PageRequest };
export const encodeCursor = encodePageCursor;

/** limit 0 (proto's "unset") means the default; anything above the maximum is refused, not clamped. */
export function parsePageRequest(input: { limit?: number; cursor?: string } | undefined): PageRequest {
  const limit = pageLimit(input?.limit ?? 0, 'catalog');
  if (limit === null) throw validationError([{ path: 'limit', message: pageLimitMessage('catalog') }]);
  if (!input?.cursor) return { limit, after: null };
  const after = decodePageCursor(input.cursor);
  if (!after) throw validationError([{ path: 'cursor', message: PAGE_CURSOR_MESSAGE }]);
  return { limit, after };
}

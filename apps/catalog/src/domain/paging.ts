import { validationError } from '@svc/errors';

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;

/** Lists are ordered by (createdAtMs, id); a cursor is the position of the last item returned. */
export type PagePosition = { createdAtMs: number; id: string };
export type PageRequest = { limit: number; after: PagePosition | null };

/** limit 0 (proto's "unset") means the default; anything above the maximum is refused, not clamped. */
export function parsePageRequest(input: { limit?: number; cursor?: string } | undefined): PageRequest {
  const limit = input?.limit || DEFAULT_PAGE_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw validationError([{ path: 'query.limit', message: `must be an integer from 1 to ${MAX_PAGE_LIMIT}` }]);
  }
  if (!input?.cursor) return { limit, after: null };
  const after = decodeCursor(input.cursor);
  if (!after) throw validationError([{ path: 'query.cursor', message: 'is not a cursor returned by this list' }]);
  return { limit, after };
}

/** Opaque to clients: base64url of JSON `[createdAtMs, id]`. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.createdAtMs, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): PagePosition | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAtMs, id] = value as unknown[];
    if (!Number.isSafeInteger(createdAtMs) || typeof id !== 'string' || id === '') return null;
    return { createdAtMs: createdAtMs as number, id };
  } catch {
    return null;
  }
}

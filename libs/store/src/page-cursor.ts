/**
 * The position of the last item of a page in a list ordered by (createdAtMs, id), as an opaque
 * cursor: base64url of JSON `[createdAtMs, id]`. Shared so every list pages the same way.
 */
export interface PagePosition {
  createdAtMs: number;
  id: string;
}

export function encodePageCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.createdAtMs, position.id])).toString('base64url');
}

/** The position, or null for anything that is not a cursor this codec made. */
export function decodePageCursor(cursor: string): PagePosition | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAtMs, id] = value as unknown[];
    if (!Number.isSafeInteger(createdAtMs) || (createdAtMs as number) < 0) return null;
    if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(id)) return null;
    return { createdAtMs: createdAtMs as number, id };
  } catch {
    return null;
  }
}

import type { commonV1 } from '@svc/proto';

/** Every list answers `{ items, nextCursor }` (docs/api-conventions.md "Catalog administration"). */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** HTTP `limit`/`cursor` as the RPC's PageRequest (an absent cursor is the first page). */
export function pageRequest(query: { limit: number; cursor?: string | undefined }): commonV1.PageRequest {
  return { limit: query.limit, cursor: query.cursor ?? '' };
}

/** A list response as a Page; proto3 has no null, the last page's cursor is ''. */
export function toPage<T>(res: { items: T[]; page?: commonV1.PageResponse | undefined }): Page<T> {
  return { items: res.items, nextCursor: res.page?.nextCursor || null };
}

/** Every item of a paged RPC list, 100 a page (what a page renders whole: the booking config). */
export async function everyPage<T>(
  list: (page: commonV1.PageRequest) => Promise<{ items: T[]; page?: commonV1.PageResponse | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor = '';
  do {
    const res = await list({ limit: 100, cursor });
    items.push(...res.items);
    cursor = res.page?.nextCursor ?? '';
  } while (cursor);
  return items;
}

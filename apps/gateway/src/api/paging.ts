import type { commonV1 } from '@svc/proto';
import { pageLimitSchema, type PagedList } from '@svc/rules';
import { PAGE_CURSOR_MESSAGE, PAGE_CURSOR_PATTERN } from '@svc/store';
import { z } from 'zod';

/** Every list answers `{ items, nextCursor }` (docs/api-conventions.md "Catalog administration"). */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** `limit` (with the list's default and maximum) and `cursor` of a list; the RPC's PageRequest. */
export const pageQueryShapeFor = (list: PagedList) => ({
  limit: pageLimitSchema(list),
  // The pattern is the codec's whole rule: every matching string is a position (libs/store page-cursor).
  cursor: z
    .string()
    .regex(PAGE_CURSOR_PATTERN, PAGE_CURSOR_MESSAGE)
    .optional()
    .describe('The nextCursor of the previous page (opaque).'),
});
/** `limit` and `cursor` of every catalog list. */
export const pageQueryShape = pageQueryShapeFor('catalog');
export const pageQuerySchema = z.strictObject(pageQueryShape);

/** `{ items, nextCursor }`: the shape of every list (docs/decisions.md "Lists and paging"). */
export function pageOf<R extends z.ZodType>(record: R) {
  return z.object({
    items: z.array(record),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
  });
}

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

import {
  decodePageCursor,
  encodePageCursor,
  findPage,
  type Collection,
  type Document,
  type Filter,
  type Page,
  type PageRequest,
} from '@svc/store';

/** A page as the identity RPCs ask for one: a size and the cursor a previous page answered (none: the first). */
export interface CursorPage {
  limit: number;
  cursor?: string | undefined;
}

/** The store's request for `page`: its cursor decoded. */
export const pageRequestOf = (page: CursorPage): PageRequest => ({
  limit: page.limit,
  after: page.cursor ? decodePageCursor(page.cursor) : null,
});

/** The cursor of the page after `found`; null when it was the last. */
export const nextCursorOf = (found: Page<unknown>): string | null => (found.next ? encodePageCursor(found.next) : null);

/** One page of `filter`'s matches in list order, each as `view` shows it, with the next page's cursor. */
export async function listPage<T extends Document, V>(
  collection: Collection<T>,
  filter: Filter,
  page: CursorPage,
  view: (doc: T) => V,
): Promise<{ items: V[]; nextCursor: string | null }> {
  const found = await findPage(collection, filter, pageRequestOf(page));
  return { items: found.items.map((doc) => view(doc)), nextCursor: nextCursorOf(found) };
}

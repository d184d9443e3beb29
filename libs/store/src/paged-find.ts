/**
 * The one way a list is paged (docs/api-conventions.md "Catalog administration": lists ordered by
 * creation, an opaque cursor): documents in (createdAtMs, _id) order, resumed after the position
 * of the last item returned. The port has no `$or`, so "after (c, id)" is two range reads: the
 * rest of c's ties, then everything created later; both are served by `listIndex`.
 */
import type { Collection, Document, Filter, IndexSpec, Tx } from './document-store.js';
import type { PagePosition } from './page-cursor.js';

export interface PageRequest {
  limit: number;
  /** Position of the last item of the previous page; null for the first page. */
  after: PagePosition | null;
}

export interface Page<T> {
  items: T[];
  /** Where the next page starts (encode it with encodePageCursor); null on the last page. */
  next: PagePosition | null;
}

export interface FindPageOptions<T> {
  /**
   * Keeps only documents it accepts, for conditions the port cannot express (substring search).
   * Documents are then read in batches and a page may hold fewer than `limit` items while `next`
   * is set: callers follow the cursor until it is null.
   */
  where?: (doc: T) => boolean;
  /** Documents read per round trip with `where`; default 200. */
  batch?: number;
  /** Documents examined for one page with `where` at most; default 5000. */
  scanLimit?: number;
  tx?: Tx;
}

type Listed = Document & { createdAtMs: number };

export const LIST_ORDER: Array<[string, 1]> = [
  ['createdAtMs', 1],
  ['_id', 1],
];

/** The index a paged list of `collection` within one `scope` (usually tenantId) needs. */
export function listIndex(collection: string, scope = 'tenantId'): IndexSpec {
  return { collection, name: `by_${scope.replace(/Id$/, '')}_created`, fields: [scope, 'createdAtMs', '_id'] };
}

/** One page of `filter`'s matches in list order after `page.after`. */
export async function findPage<T extends Listed>(
  collection: Collection<T>,
  filter: Filter,
  page: PageRequest,
  options: FindPageOptions<T> = {},
): Promise<Page<T>> {
  if ('createdAtMs' in filter || '_id' in filter) throw new Error('findPage owns the createdAtMs and _id conditions');
  const { where, tx } = options;
  if (!where) {
    // One document beyond the page tells whether another page exists.
    const docs = await readAfter(collection, filter, page.after, page.limit + 1, tx);
    const items = docs.slice(0, page.limit);
    return { items, next: docs.length > page.limit ? positionOf(items.at(-1)) : null };
  }
  const batch = options.batch ?? 200;
  const scanLimit = options.scanLimit ?? 5_000;
  const items: T[] = [];
  let after = page.after;
  let scanned = 0;
  for (;;) {
    const docs = await readAfter(collection, filter, after, batch, tx);
    for (const doc of docs) {
      scanned++;
      after = positionOf(doc);
      if (!where(doc)) continue;
      // One match beyond the page proves there is a next page.
      if (items.length === page.limit) return { items, next: positionOf(items.at(-1)) };
      items.push(doc);
    }
    if (docs.length < batch) return { items, next: null };
    if (scanned >= scanLimit) return { items, next: after };
  }
}

async function readAfter<T extends Listed>(
  collection: Collection<T>,
  filter: Filter,
  after: PagePosition | null,
  limit: number,
  tx: Tx | undefined,
): Promise<T[]> {
  const options = (n: number) => ({ sort: LIST_ORDER, limit: n });
  if (after === null) return collection.find(filter, options(limit), tx);
  const ties = await collection.find(
    { ...filter, createdAtMs: after.createdAtMs, _id: { $gt: after.id } },
    options(limit),
    tx,
  );
  if (ties.length === limit) return ties;
  const later = await collection.find(
    { ...filter, createdAtMs: { $gt: after.createdAtMs } },
    options(limit - ties.length),
    tx,
  );
  return ties.concat(later);
}

function positionOf(doc: Listed | undefined): PagePosition | null {
  return doc ? { createdAtMs: doc.createdAtMs, id: doc._id } : null;
}

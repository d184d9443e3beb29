/**
 * The one way a list is paged (docs/api-conventions.md "Catalog administration": an opaque
 * cursor): documents in (order field, _id) order, resumed after the position of the last item
 * returned. The order field is createdAtMs for lists ordered by creation; the bookings list
 * orders by startsAtMs. The port has no `$or`, so "after (v, id)" is two range reads: the rest of
 * v's ties, then everything later; both are served by an index on (scope, order field, _id).
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
  /** The integer field the list is ordered by (then `_id`); default createdAtMs. */
  orderBy?: string;
  /** Only documents whose order field lies in [from, to) (either bound optional). */
  within?: { from?: number | undefined; to?: number | undefined };
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

export const LIST_ORDER: Array<[string, 1]> = [
  ['createdAtMs', 1],
  ['_id', 1],
];

/** The index a paged list of `collection` within one `scope` (usually tenantId) needs. */
export function listIndex(collection: string, scope = 'tenantId'): IndexSpec {
  return { collection, name: `by_${scope.replace(/Id$/, '')}_created`, fields: [scope, 'createdAtMs', '_id'] };
}

/** One page of `filter`'s matches in list order after `page.after`. */
export async function findPage<T extends Document>(
  collection: Collection<T>,
  filter: Filter,
  page: PageRequest,
  options: FindPageOptions<T> = {},
): Promise<Page<T>> {
  const order = new ListOrder(options.orderBy ?? 'createdAtMs', options.within ?? {});
  if (order.field in filter || '_id' in filter) throw new Error(`findPage owns the ${order.field} and _id conditions`);
  const { where, tx } = options;
  if (!where) {
    // One document beyond the page tells whether another page exists.
    const docs = await order.readAfter(collection, filter, page.after, page.limit + 1, tx);
    const items = docs.slice(0, page.limit);
    return { items, next: docs.length > page.limit ? order.positionOf(items.at(-1)) : null };
  }
  const batch = options.batch ?? 200;
  const scanLimit = options.scanLimit ?? 5_000;
  const items: T[] = [];
  let after = page.after;
  let scanned = 0;
  for (;;) {
    const docs = await order.readAfter(collection, filter, after, batch, tx);
    for (const doc of docs) {
      scanned++;
      after = order.positionOf(doc);
      if (!where(doc)) continue;
      // One match beyond the page proves there is a next page.
      if (items.length === page.limit) return { items, next: order.positionOf(items.at(-1)) };
      items.push(doc);
    }
    if (docs.length < batch) return { items, next: null };
    if (scanned >= scanLimit) return { items, next: after };
  }
}

class ListOrder {
  private readonly sort: Array<[string, 1]>;

  constructor(
    readonly field: string,
    private readonly within: { from?: number | undefined; to?: number | undefined },
  ) {
    this.sort = [
      [field, 1],
      ['_id', 1],
    ];
  }

  async readAfter<T extends Document>(
    collection: Collection<T>,
    filter: Filter,
    after: PagePosition | null,
    limit: number,
    tx: Tx | undefined,
  ): Promise<T[]> {
    const options = (n: number) => ({ sort: this.sort, limit: n });
    const { from, to } = this.within;
    const upper = to === undefined ? {} : { $lt: to };
    if (after === null) {
      const range = { ...(from === undefined ? {} : { $gte: from }), ...upper };
      return collection.find(
        Object.keys(range).length === 0 ? filter : { ...filter, [this.field]: range },
        options(limit),
        tx,
      );
    }
    // A position outside the range (a cursor from another query) resumes at the range's edge.
    const ties =
      (from !== undefined && after.at < from) || (to !== undefined && after.at >= to)
        ? []
        : await collection.find({ ...filter, [this.field]: after.at, _id: { $gt: after.id } }, options(limit), tx);
    if (ties.length === limit) return ties;
    const lower = from !== undefined && from > after.at ? { $gte: from } : { $gt: after.at };
    const later = await collection.find(
      { ...filter, [this.field]: { ...lower, ...upper } },
      options(limit - ties.length),
      tx,
    );
    return ties.concat(later);
  }

  positionOf(doc: Document | undefined): PagePosition | null {
    if (!doc) return null;
    const at = doc[this.field];
    if (typeof at !== 'number') throw new Error(`findPage: ${this.field} of ${doc._id} is not a number`);
    return { at, id: doc._id };
  }
}

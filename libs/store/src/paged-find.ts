/**
 * The one way a list is paged (docs/api-conventions.md "Catalog administration": an opaque
 * cursor): documents in (order field, _id) order, ascending or descending, resumed after the
 * position of the last item returned. The order field is createdAtMs for lists ordered by
 * creation; the bookings list orders by startsAtMs; the webhook delivery log reads newest first.
 * The port has no `$or`, so "after (v, id)" is two range reads: the rest of v's ties, then
 * everything beyond v; both are served by an index on (scope, order field, _id), read backwards
 * for a descending list.
 */
import type { Collection, Document, Filter, IndexSpec, Tx } from './document-store.js';
import { compareUtf8 } from '@svc/rules';
import type { KeyPosition, PagePosition } from './page-cursor.js';

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

export interface FindPageOptions {
  /** The integer field the list is ordered by (then `_id`); default createdAtMs. */
  orderBy?: string;
  /** Only documents whose order field lies in [from, to) (either bound optional). */
  within?: { from?: number | undefined; to?: number | undefined };
  /** Newest (largest) first: (order field, _id) both descending. Default ascending. */
  descending?: boolean;
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

/**
 * The index a paged list of `collection` within one `scope` narrowed to one value of `field`
 * needs (`by_tenant_status_created` for status).
 */
export function filteredListIndex(collection: string, field: string, scope = 'tenantId'): IndexSpec {
  const name = `by_${scope.replace(/Id$/, '')}_${field.replace(/Id$/, '')}_created`;
  return { collection, name, fields: [scope, field, 'createdAtMs', '_id'] };
}

/**
 * A log as a dashboard lists it, newest first: the `scope`'s documents (usually a tenant's)
 * narrowed to the values `filter` sets (undefined fields do not narrow; filteredListIndex serves
 * each).
 */
export function findLogPage<T extends Document>(
  collection: Collection<T>,
  scope: Filter,
  /** Field values, each a match on equality (a NotificationFilter, a DeliveryFilter). */
  filter: object,
  page: PageRequest,
): Promise<Page<T>> {
  const where: Filter = { ...scope };
  for (const [field, value] of Object.entries(filter)) if (value !== undefined) where[field] = value;
  return findPage(collection, where, page, { descending: true });
}

/** One page of `filter`'s matches in list order after `page.after`. */
export async function findPage<T extends Document>(
  collection: Collection<T>,
  filter: Filter,
  page: PageRequest,
  options: FindPageOptions = {},
): Promise<Page<T>> {
  const order = new ListOrder(options.orderBy ?? 'createdAtMs', options.within ?? {}, options.descending ?? false);
  if (order.field in filter || '_id' in filter) throw new Error(`findPage owns the ${order.field} and _id conditions`);
  // One document beyond the page tells whether another page exists.
  const docs = await order.readAfter(collection, filter, page.after, page.limit + 1, options.tx);
  const items = docs.slice(0, page.limit);
  return { items, next: docs.length > page.limit ? order.positionOf(items.at(-1)) : null };
}

class ListOrder {
  private readonly sort: Array<[string, 1 | -1]>;

  constructor(
    readonly field: string,
    private readonly within: { from?: number | undefined; to?: number | undefined },
    private readonly descending: boolean,
  ) {
    const dir = descending ? -1 : 1;
    this.sort = [
      [field, dir],
      ['_id', dir],
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
    const beyond = this.descending ? '$lt' : '$gt';
    const ties =
      (from !== undefined && after.at < from) || (to !== undefined && after.at >= to)
        ? []
        : await collection.find({ ...filter, [this.field]: after.at, _id: { [beyond]: after.id } }, options(limit), tx);
    if (ties.length === limit) return ties;
    const rest = this.descending
      ? {
          ...(from === undefined ? {} : { $gte: from }),
          ...(to !== undefined && to <= after.at ? upper : { $lt: after.at }),
        }
      : { ...(from !== undefined && from > after.at ? { $gte: from } : { $gt: after.at }), ...upper };
    const later = await collection.find({ ...filter, [this.field]: rest }, options(limit - ties.length), tx);
    return ties.concat(later);
  }

  positionOf(doc: Document | undefined): PagePosition | null {
    if (!doc) return null;
    const at = doc[this.field];
    if (typeof at !== 'number') throw new Error(`findPage: ${this.field} of ${doc._id} is not a number`);
    return { at, id: doc._id };
  }
}

/**
 * Above every character in both adapters' string order (UTF-8 bytes: SQLite's BINARY collation,
 * MongoDB's default), so `[prefix, prefix + PREFIX_END)` holds exactly the strings that start
 * with `prefix`. `\uffff` would not do: characters beyond the BMP (𠀋, emoji) encode as F0–F4
 * lead bytes, above `\uffff`'s EF. Keys must not contain U+10FFFF itself (a noncharacter).
 */
export const PREFIX_END = '\u{10FFFF}';

export interface PrefixRead {
  /** The string field searched, and the field that orders documents with the same key. */
  keyField: string;
  idField: string;
  prefix: string;
  /** Position of the last document already read; null to start at the prefix. */
  after: KeyPosition | null;
  limit: number;
  tx?: Tx;
}

/** The index a prefix search of `collection` within one `scope` needs: (scope, key, id). */
export function prefixIndex(collection: string, keyField: string, idField: string, scope = 'tenantId'): IndexSpec {
  return { collection, name: `by_${scope.replace(/Id$/, '')}_${keyField}`, fields: [scope, keyField, idField] };
}

/**
 * Up to `limit` documents of `filter` whose key starts with the prefix, in (key, id) order after
 * `after`: indexed range reads on `prefixIndex`, never a scan. As with findPage, "after (k, id)"
 * is two reads: the rest of k's ties, then the keys above k.
 */
export async function findByPrefix<T extends Document>(
  collection: Collection<T>,
  filter: Filter,
  read: PrefixRead,
): Promise<T[]> {
  const { keyField, idField, prefix, after, limit, tx } = read;
  if (keyField in filter || idField in filter) throw new Error('findByPrefix owns the key and id conditions');
  const end = prefix + PREFIX_END;
  const options = (n: number) => ({ sort: [[keyField, 1] as [string, 1], [idField, 1] as [string, 1]], limit: n });
  if (after === null || compareUtf8(after.key, prefix) < 0) {
    return collection.find({ ...filter, [keyField]: { $gte: prefix, $lt: end } }, options(limit), tx);
  }
  if (compareUtf8(after.key, end) >= 0) return [];
  const ties = await collection.find(
    { ...filter, [keyField]: after.key, [idField]: { $gt: after.id } },
    options(limit),
    tx,
  );
  if (ties.length === limit) return ties;
  const above = await collection.find(
    { ...filter, [keyField]: { $gt: after.key, $lt: end } },
    options(limit - ties.length),
    tx,
  );
  return ties.concat(above);
}

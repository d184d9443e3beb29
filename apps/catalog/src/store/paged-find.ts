import type { Collection, Document, Filter, Tx } from '@svc/store';
import { encodeCursor, type PageRequest } from '../domain/paging.js';

export type Page<T> = { items: T[]; nextCursor: string };

export const LIST_ORDER: Array<[string, 1]> = [
  ['createdAtMs', 1],
  ['_id', 1],
];

/** The same order in memory, for unpaged reads. */
export function byListOrder(a: { createdAtMs: number; _id: string }, b: { createdAtMs: number; _id: string }): number {
  return a.createdAtMs - b.createdAtMs || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

/**
 * One page in (createdAtMs, _id) order after the cursor position. The port has no $or, so
 * "after (c, id)" is two range queries: the rest of c's ties, then everything created later.
 * Fetching one extra document tells whether another page exists (nextCursor '' when not).
 */
export async function findPage<T extends Document & { createdAtMs: number }>(
  collection: Collection<T>,
  filter: Filter,
  page: PageRequest,
  tx?: Tx,
): Promise<Page<T>> {
  if ('createdAtMs' in filter || '_id' in filter) throw new Error('findPage owns the createdAtMs and _id conditions');
  const want = page.limit + 1;
  const options = (limit: number) => ({ sort: LIST_ORDER, limit });
  let docs: T[];
  if (page.after === null) {
    docs = await collection.find(filter, options(want), tx);
  } else {
    const { createdAtMs, id } = page.after;
    docs = await collection.find({ ...filter, createdAtMs, _id: { $gt: id } }, options(want), tx);
    if (docs.length < want) {
      const later = { ...filter, createdAtMs: { $gt: createdAtMs } };
      docs = docs.concat(await collection.find(later, options(want - docs.length), tx));
    }
  }
  const items = docs.slice(0, page.limit);
  const last = items.at(-1);
  const nextCursor =
    docs.length > page.limit && last ? encodeCursor({ createdAtMs: last.createdAtMs, id: last._id }) : '';
  return { items, nextCursor };
}

// The SQLite adapter's prepared statements are kept in an LRU bounded in entries and bytes
// (docs/operations.md "Memory bounds"): an `$in` list's length is part of a statement's text.

import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore, type Document } from '../src/index.js';
import { compileFind } from '../src/sql-filter.js';

afterEach(() => vi.restoreAllMocks());

/** The length of the statement text of a find of `n` ids (the bulk of what a statement costs). */
function sqlLengthOf(n: number): number {
  return compileFind('"items"', { _id: { $in: Array.from({ length: n }, (_, i) => `id_${i}`) } }, {}).sql.length;
}

describe('the prepared-statement cache of the SQLite store', () => {
  /** A store whose `find` of `$in` lists of `n` ids counts the statements prepared for them. */
  async function countingStore(bounds: { maxEntries: number; maxBytes: number }) {
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    const store = await openSqliteStore({ file: ':memory:', statementCache: bounds });
    const items = store.collection<Document & { _id: string }>('items');
    await items.insertOne({ _id: 'a' });
    const prepared = () => prepare.mock.calls.filter(([sql]) => String(sql).includes('FROM "items"')).length;
    const find = (n: number) => items.find({ _id: { $in: Array.from({ length: n }, (_, i) => `id_${i}`) } });
    return { store, prepared, find };
  }

  it.each([
    ['entries', { maxEntries: 2, maxBytes: 100_000_000 }],
    // Statements of ~300 ids are about 40 KB of text each: room for two and a half of them.
    ['bytes', { maxEntries: 1_000, maxBytes: 2.5 * 2 * sqlLengthOf(300) }],
  ])('keeps at most its bound in %s, preparing the least recently used one again', async (_bound, size) => {
    const { store, prepared, find } = await countingStore(size);
    try {
      await find(300);
      await find(301);
      const base = prepared();
      await find(300); // kept: nothing prepared
      expect(prepared()).toBe(base);
      await find(302); // 301, used least recently, goes
      await find(300);
      expect(prepared()).toBe(base + 1);
      await find(301);
      expect(prepared()).toBe(base + 2);
    } finally {
      await store.close();
    }
  });
});

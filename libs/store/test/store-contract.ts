/**
 * The behaviour every DocumentStore adapter must show. One store per suite; every test works in
 * collections of its own, so tests cannot see each other's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DuplicateKeyError,
  findByPrefix,
  findPage,
  listIndex,
  prefixIndex,
  type KeyPosition,
  type Collection,
  type Document,
  type DocumentStore,
  type Filter,
  type Page,
  type PagePosition,
  type Tx,
} from '../src/index.js';

type Room = Document & {
  n?: number;
  s?: string;
  b?: boolean;
  tag?: string | number | boolean | null;
  nested?: { k: string; d: number };
};

const ROOMS: Room[] = [
  { _id: 'r1', n: 1, s: 'apple', b: true, tag: 'a', nested: { k: 'x', d: 3 } },
  { _id: 'r2', n: 2, s: 'banana', b: false, tag: 1, nested: { k: 'y', d: 2 } },
  { _id: 'r3', n: 3, s: 'cherry', b: true, tag: true, nested: { k: 'x', d: 1 } },
  { _id: 'r4', n: 2.5, s: '10', b: false, tag: null },
  { _id: 'r5', s: 'date' },
];

type Item = Document & { g: string; v: number; w?: number | null };

const ITEMS: Item[] = [
  { _id: 'i1', g: 'b', v: 2, w: 7 },
  { _id: 'i2', g: 'a', v: 10, w: 3 },
  { _id: 'i3', g: 'b', v: 1 },
  { _id: 'i4', g: 'a', v: 9 },
  { _id: 'i5', g: 'c', v: 5 },
];

function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const ids = (docs: Document[]): string[] => docs.map((d) => d._id);

export function storeContract(name: string, make: () => Promise<DocumentStore>): void {
  describe(`${name}: DocumentStore contract`, () => {
    let store: DocumentStore;
    let seq = 0;
    /** A collection name no other test uses. */
    const fresh = (prefix: string): string => `${prefix}_${++seq}_${Math.random().toString(36).slice(2, 8)}`;

    beforeAll(async () => {
      store = await make();
    });
    afterAll(async () => {
      await store?.close();
    });

    async function seeded<T extends Document>(prefix: string, docs: T[]) {
      const c = store.collection<T>(fresh(prefix));
      for (const d of docs) await c.insertOne(structuredClone(d));
      return c;
    }

    describe('queries', () => {
      it('insertOne then findOne returns the document, or null', async () => {
        const c = await seeded('rooms', ROOMS);
        expect(await c.findOne({ _id: 'r1' })).toEqual(ROOMS[0]);
        expect(await c.findOne({ _id: 'nope' })).toBeNull();
        expect(await c.findOne({ s: 'date' })).toEqual(ROOMS[4]);
      });

      const cases: Array<[string, Filter, string[]]> = [
        ['empty filter', {}, ['r1', 'r2', 'r3', 'r4', 'r5']],
        ['number equality', { n: 2 }, ['r2']],
        ['$eq', { n: { $eq: 2.5 } }, ['r4']],
        ['string equality', { s: 'banana' }, ['r2']],
        ['boolean true', { b: true }, ['r1', 'r3']],
        ['boolean false', { b: false }, ['r2', 'r4']],
        ['1 does not match true', { tag: 1 }, ['r2']],
        ['true does not match 1', { tag: true }, ['r3']],
        ['null matches null and missing', { tag: null }, ['r4', 'r5']],
        ['$ne matches missing fields', { n: { $ne: 2 } }, ['r1', 'r3', 'r4', 'r5']],
        ['$ne null', { tag: { $ne: null } }, ['r1', 'r2', 'r3']],
        ['$ne boolean', { b: { $ne: true } }, ['r2', 'r4', 'r5']],
        ['$gt', { n: { $gt: 2 } }, ['r3', 'r4']],
        ['$gte', { n: { $gte: 2 } }, ['r2', 'r3', 'r4']],
        ['$lt', { n: { $lt: 2 } }, ['r1']],
        ['$lte', { n: { $lte: 2 } }, ['r1', 'r2']],
        ['range', { n: { $gt: 1, $lt: 3 } }, ['r2', 'r4']],
        ['string range', { s: { $gt: 'b' } }, ['r2', 'r3', 'r5']],
        ['string $lt compares bytewise', { s: { $lt: 'b' } }, ['r1', 'r4']],
        ['number range skips strings', { s: { $gt: 0 } }, []],
        ['string range skips numbers', { n: { $gt: 'a' } }, []],
        ['number range skips booleans', { tag: { $gte: 0 } }, ['r2']],
        ['$in numbers', { n: { $in: [1, 3] } }, ['r1', 'r3']],
        ['$in strings', { s: { $in: ['apple', 'date', 'zzz'] } }, ['r1', 'r5']],
        ['$in with null', { tag: { $in: [null, 'a'] } }, ['r1', 'r4', 'r5']],
        ['$in boolean', { tag: { $in: [true] } }, ['r3']],
        ['$in empty matches nothing', { n: { $in: [] } }, []],
        ['$in on _id', { _id: { $in: ['r2', 'r4'] } }, ['r2', 'r4']],
        ['_id range', { _id: { $gt: 'r3' } }, ['r4', 'r5']],
        ['_id $ne', { _id: { $ne: 'r1' } }, ['r2', 'r3', 'r4', 'r5']],
        ['dotted equality', { 'nested.k': 'x' }, ['r1', 'r3']],
        ['dotted range', { 'nested.d': { $gte: 2 } }, ['r1', 'r2']],
        ['dotted null matches missing parent', { 'nested.k': null }, ['r4', 'r5']],
        ['fields are ANDed', { b: true, 'nested.k': 'x', n: { $gt: 1 } }, ['r3']],
      ];
      it.each(cases)('find: %s', async (_label, filter, expected) => {
        const c = await seeded('rooms', ROOMS);
        expect(ids(await c.find(filter, { sort: [['_id', 1]] }))).toEqual(expected);
        expect(await c.count(filter)).toBe(expected.length);
      });

      it('values are data, never SQL or operators', async () => {
        const c = await seeded('rooms', ROOMS);
        expect(await c.find({ s: "' OR 1=1 --" })).toEqual([]);
        expect(await c.find({ s: '$gt' })).toEqual([]);
      });

      it('rejects filters outside the port grammar', async () => {
        const c = await seeded('rooms', ROOMS);
        await expect(c.find({ "s') OR 1=1 --": 'x' })).rejects.toThrow(TypeError);
        await expect(c.find({ $or: 'x' } as Filter)).rejects.toThrow(TypeError);
        await expect(c.find({ s: { $regex: 'a' } } as unknown as Filter)).rejects.toThrow(TypeError);
        await expect(c.find({ s: undefined } as unknown as Filter)).rejects.toThrow(TypeError);
        await expect(c.deleteMany({ _id: undefined } as unknown as Filter)).rejects.toThrow(TypeError);
        await expect(c.find({ nested: { k: 'x' } } as unknown as Filter)).rejects.toThrow(TypeError);
        expect(await c.count({})).toBe(ROOMS.length);
      });

      it('sorts on two fields in either direction, numbers numerically', async () => {
        const c = await seeded('items', ITEMS);
        expect(
          ids(
            await c.find(
              {},
              {
                sort: [
                  ['g', 1],
                  ['v', 1],
                ],
              },
            ),
          ),
        ).toEqual(['i4', 'i2', 'i3', 'i1', 'i5']);
        expect(
          ids(
            await c.find(
              {},
              {
                sort: [
                  ['g', -1],
                  ['v', 1],
                ],
              },
            ),
          ),
        ).toEqual(['i5', 'i3', 'i1', 'i4', 'i2']);
        expect(
          ids(
            await c.find(
              {},
              {
                sort: [
                  ['g', 1],
                  ['v', -1],
                ],
              },
            ),
          ),
        ).toEqual(['i2', 'i4', 'i1', 'i3', 'i5']);
        expect(ids(await c.find({}, { sort: [['v', -1]] }))).toEqual(['i2', 'i4', 'i5', 'i1', 'i3']);
        expect(ids(await c.find({}, { sort: [['_id', -1]] }))).toEqual(['i5', 'i4', 'i3', 'i2', 'i1']);
      });

      it('sorts missing fields first ascending, last descending', async () => {
        const c = await seeded('items', ITEMS);
        expect(
          ids(
            await c.find(
              {},
              {
                sort: [
                  ['w', 1],
                  ['_id', 1],
                ],
              },
            ),
          ),
        ).toEqual(['i3', 'i4', 'i5', 'i2', 'i1']);
        expect(
          ids(
            await c.find(
              {},
              {
                sort: [
                  ['w', -1],
                  ['_id', 1],
                ],
              },
            ),
          ),
        ).toEqual(['i1', 'i2', 'i3', 'i4', 'i5']);
      });

      it('sorts on dotted paths', async () => {
        const c = await seeded('rooms', ROOMS);
        expect(ids(await c.find({ 'nested.d': { $gt: 0 } }, { sort: [['nested.d', 1]] }))).toEqual(['r3', 'r2', 'r1']);
      });

      it('limits, after filtering and sorting; 0 means no limit', async () => {
        const c = await seeded('items', ITEMS);
        expect(ids(await c.find({}, { sort: [['v', 1]], limit: 2 }))).toEqual(['i3', 'i1']);
        expect(ids(await c.find({ g: 'a' }, { sort: [['v', -1]], limit: 1 }))).toEqual(['i2']);
        expect(await c.find({}, { limit: 3 })).toHaveLength(3);
        expect(await c.find({}, { limit: 0 })).toHaveLength(5);
        await expect(c.find({}, { limit: -1 })).rejects.toThrow(TypeError);
      });

      it('projects to _id and the given top-level fields, a missing one as null, after filter, sort and limit', async () => {
        const c = await seeded('items', ITEMS);
        expect(await c.find({ v: { $gt: 1 } }, { sort: [['v', 1]], limit: 3, fields: ['g', 'w'] })).toEqual([
          { _id: 'i1', g: 'b', w: 7 },
          { _id: 'i5', g: 'c', w: null },
          { _id: 'i4', g: 'a', w: null },
        ]);
        // An index holding every field the read needs answers it alone (SQLite: a covering index).
        const name = fresh('covered');
        await store.ensureIndexes([
          { collection: name, name: 'by_g_v_w', fields: ['g', 'v', 'w', '_id'], covering: true },
        ]);
        const covered = store.collection<Item>(name);
        for (const d of ITEMS) await covered.insertOne(structuredClone(d));
        expect(await covered.find({ g: 'a' }, { sort: [['v', -1]], fields: ['v', 'w'] })).toEqual([
          { _id: 'i2', v: 10, w: 3 },
          { _id: 'i4', v: 9, w: null },
        ]);
        expect(await c.find({ g: 'none' }, { fields: ['v'] })).toEqual([]);
        await expect(c.find({}, { fields: ['nested.k'] })).rejects.toThrow(TypeError);
      });

      it('counts', async () => {
        const c = await seeded('items', ITEMS);
        expect(await c.count({})).toBe(5);
        expect(await c.count({ g: 'a' })).toBe(2);
        expect(await c.count({ g: 'zzz' })).toBe(0);
        expect(await store.collection(fresh('empty')).count({})).toBe(0);
      });
    });

    describe('writes', () => {
      it('updateOne sets top-level fields on a match and answers 1', async () => {
        const c = await seeded('items', ITEMS);
        expect(await c.updateOne({ _id: 'i1' }, { v: 20, extra: 'x', meta: { a: 1, tags: ['t'] } })).toBe(1);
        expect(await c.findOne({ _id: 'i1' })).toEqual({ ...ITEMS[0], v: 20, extra: 'x', meta: { a: 1, tags: ['t'] } });
        // A set object is stored as an object, not as a string.
        expect(ids(await c.find({ 'meta.a': 1 }))).toEqual(['i1']);
      });

      it('updateOne answers 0 when nothing matches and changes nothing', async () => {
        const c = await seeded('items', ITEMS);
        expect(await c.updateOne({ _id: 'nope' }, { v: 1 })).toBe(0);
        expect(await c.updateOne({ g: 'a', v: { $gt: 100 } }, { v: 1 })).toBe(0);
        expect(await c.find({}, { sort: [['_id', 1]] })).toEqual(ITEMS);
      });

      it('updateOne changes only the first of several matches', async () => {
        const c = await seeded('items', ITEMS);
        expect(await c.updateOne({ g: 'b' }, { flagged: true })).toBe(1);
        expect(await c.count({ flagged: true })).toBe(1);
      });

      it('updateOne stores null, skips undefined, keeps _id', async () => {
        const c = await seeded('items', ITEMS);
        expect(await c.updateOne({ _id: 'i2' }, { w: null, v: undefined, g: 'z' } as Partial<Item>)).toBe(1);
        expect(await c.findOne({ _id: 'i2' })).toEqual({ _id: 'i2', g: 'z', v: 10, w: null });
        expect(await c.updateOne({ _id: 'i2' }, { _id: 'i2', v: 11 })).toBe(1);
        await expect(c.updateOne({ _id: 'i2' }, { _id: 'other' })).rejects.toThrow();
        await expect(c.updateOne({ _id: 'i2' }, { 'a.b': 1 } as Partial<Item>)).rejects.toThrow(TypeError);
        expect(await c.findOne({ _id: 'i2' })).toEqual({ _id: 'i2', g: 'z', v: 11, w: null });
      });

      it('deleteMany removes the matches and answers how many', async () => {
        const c = await seeded('items', ITEMS);
        expect(await c.deleteMany({ g: 'b' })).toBe(2);
        expect(await c.deleteMany({ g: 'b' })).toBe(0);
        expect(ids(await c.find({}, { sort: [['_id', 1]] }))).toEqual(['i2', 'i4', 'i5']);
        expect(await c.deleteMany({})).toBe(3);
        expect(await c.count({})).toBe(0);
      });

      it('rejects documents without a string _id', async () => {
        const c = store.collection(fresh('bad'));
        await expect(c.insertOne({ v: 1 } as unknown as Document)).rejects.toThrow(TypeError);
        await expect(c.insertOne({ _id: 7 } as unknown as Document)).rejects.toThrow(TypeError);
        expect(await c.count({})).toBe(0);
      });
    });

    describe('unique indexes', () => {
      async function users() {
        const name = fresh('users');
        const specs = [
          { collection: name, fields: ['email'], unique: true, name: 'by_email' },
          { collection: name, fields: ['org', 'handle'], unique: true, name: 'by_org_handle' },
          { collection: name, fields: ['profile.ssn'], unique: true, name: 'by_ssn' },
          { collection: name, fields: ['org'], name: 'by_org' },
        ];
        await store.ensureIndexes(specs);
        await store.ensureIndexes(specs); // idempotent
        return { name, c: store.collection<Document>(name) };
      }

      async function expectDuplicate(p: Promise<unknown>, index: string) {
        const err = await p.then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(DuplicateKeyError);
        expect((err as DuplicateKeyError).index).toBe(index);
      }

      /**
       * Every indexed field set, distinct unless overridden: MongoDB treats missing indexed fields
       * as equal nulls and SQLite as distinct, and the contract must not depend on either.
       */
      const user = (id: string, over: Record<string, unknown> = {}): Document => ({
        _id: id,
        email: `${id}@x`,
        org: `org-${id}`,
        handle: `h-${id}`,
        profile: { ssn: `ssn-${id}` },
        ...over,
      });

      it('an insert clashing on a unique index fails with DuplicateKeyError naming it', async () => {
        const { c } = await users();
        await c.insertOne(user('u1', { email: 'a@x', org: 'o1', handle: 'h', profile: { ssn: 1 } }));
        await expectDuplicate(c.insertOne(user('u2', { email: 'a@x' })), 'by_email');
        await c.insertOne(user('u3', { org: 'o2', handle: 'h' }));
        await expectDuplicate(c.insertOne(user('u4', { org: 'o1', handle: 'h' })), 'by_org_handle');
        await expectDuplicate(c.insertOne(user('u5', { profile: { ssn: 1 } })), 'by_ssn');
        await c.insertOne(user('u6', { org: 'o1', handle: 'h2' }));
        expect(ids(await c.find({}, { sort: [['_id', 1]] }))).toEqual(['u1', 'u3', 'u6']);
      });

      it('a duplicate _id fails with DuplicateKeyError on _id_', async () => {
        const { c } = await users();
        await c.insertOne(user('u1'));
        await expectDuplicate(
          c.insertOne(user('u1', { email: 'other@x', org: 'o', handle: 'o', profile: { ssn: 'o' } })),
          '_id_',
        );
        expect(await c.findOne({ _id: 'u1' })).toEqual(user('u1'));
      });

      it('an update creating a clash fails with DuplicateKeyError and changes nothing', async () => {
        const { c } = await users();
        await c.insertOne(user('u1', { email: 'a@x' }));
        await c.insertOne(user('u2', { email: 'b@x' }));
        await expectDuplicate(c.updateOne({ _id: 'u2' }, { email: 'a@x' }), 'by_email');
        expect(await c.findOne({ _id: 'u2' })).toEqual(user('u2', { email: 'b@x' }));
      });

      it('creating a unique index over existing duplicates fails with DuplicateKeyError', async () => {
        const name = fresh('dups');
        const c = store.collection(name);
        await c.insertOne({ _id: 'a', k: 1 });
        await c.insertOne({ _id: 'b', k: 1 });
        await expectDuplicate(
          store.ensureIndexes([{ collection: name, fields: ['k'], unique: true, name: 'by_k' }]),
          'by_k',
        );
      });

      it('dropIndex removes an index (its uniqueness with it) and is a no-op for one that is gone', async () => {
        const name = fresh('dropped');
        const c = store.collection<Document>(name);
        await store.ensureIndexes([{ collection: name, fields: ['k'], unique: true, name: 'by_k' }]);
        await c.insertOne({ _id: 'a', k: 1 });
        await expectDuplicate(c.insertOne({ _id: 'b', k: 1 }), 'by_k');
        await store.dropIndex(name, 'by_k');
        await store.dropIndex(name, 'by_k');
        await store.dropIndex(fresh('never_made'), 'by_k');
        await c.insertOne({ _id: 'b', k: 1 });
        // The name is free again, for another definition.
        await store.ensureIndexes([{ collection: name, fields: ['_id', 'k'], unique: true, name: 'by_k' }]);
        await expect(store.dropIndex(name, 'bad name')).rejects.toThrow(TypeError);
      });

      it('redefining an index under the same name fails', async () => {
        const { name } = await users();
        await expect(
          store.ensureIndexes([{ collection: name, fields: ['handle'], unique: true, name: 'by_email' }]),
        ).rejects.toThrow();
      });
    });

    describe('transactions', () => {
      it('commits all writes together and answers fn’s result', async () => {
        const a = store.collection(fresh('a'));
        const b = await seeded('b', [{ _id: 'b0', v: 0 }]);
        const result = await store.withTransaction(async (tx) => {
          await a.insertOne({ _id: 'a1' }, tx);
          await b.insertOne({ _id: 'b1', v: 1 }, tx);
          expect(await b.updateOne({ _id: 'b0' }, { v: 5 }, tx)).toBe(1);
          return 'done';
        });
        expect(result).toBe('done');
        expect(await a.count({})).toBe(1);
        expect(await b.find({}, { sort: [['_id', 1]] })).toEqual([
          { _id: 'b0', v: 5 },
          { _id: 'b1', v: 1 },
        ]);
      });

      it('a throwing fn leaves nothing behind and its error is rethrown', async () => {
        const a = store.collection(fresh('a'));
        const b = await seeded('b', [{ _id: 'b0', v: 0 }]);
        const boom = new Error('boom');
        await expect(
          store.withTransaction(async (tx) => {
            await a.insertOne({ _id: 'a1' }, tx);
            await b.insertOne({ _id: 'b1', v: 1 }, tx);
            await b.updateOne({ _id: 'b0' }, { v: 5 }, tx);
            await b.deleteMany({ _id: 'b0' }, tx);
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(await a.count({})).toBe(0);
        expect(await b.find({})).toEqual([{ _id: 'b0', v: 0 }]);
        // The collection first touched inside the rolled-back transaction is still usable.
        await a.insertOne({ _id: 'a2' });
        expect(await a.count({})).toBe(1);
      });

      it('reads inside the transaction see its own uncommitted writes', async () => {
        const c = await seeded('items', ITEMS);
        await store.withTransaction(async (tx) => {
          await c.insertOne({ _id: 'i9', g: 'z', v: 99 }, tx);
          expect(await c.findOne({ _id: 'i9' }, tx)).toEqual({ _id: 'i9', g: 'z', v: 99 });
          expect(await c.count({}, tx)).toBe(6);
          await c.updateOne({ _id: 'i1' }, { v: 100 }, tx);
          expect(ids(await c.find({ v: { $gte: 99 } }, { sort: [['v', 1]] }, tx))).toEqual(['i9', 'i1']);
          expect(await c.deleteMany({ g: 'a' }, tx)).toBe(2);
          expect(await c.count({}, tx)).toBe(4);
        });
        expect(await c.count({})).toBe(4);
      });

      it('a read outside an open transaction does not see its uncommitted writes', async () => {
        const c = store.collection(fresh('iso'));
        await c.insertOne({ _id: 'seed' });
        const inserted = deferred();
        const finish = deferred();
        const boom = new Error('boom');
        const txDone = store.withTransaction(async (tx) => {
          await c.insertOne({ _id: 'x' }, tx);
          inserted.resolve();
          await finish.promise;
          throw boom;
        });
        await inserted.promise;
        const outsideFind = c.findOne({ _id: 'x' });
        const outsideCount = c.count({});
        await new Promise((r) => setTimeout(r, 30));
        finish.resolve();
        await expect(txDone).rejects.toBe(boom);
        expect(await outsideFind).toBeNull();
        expect(await outsideCount).toBe(1);
      });

      it('20 concurrent read-then-insert transactions on one unique key: exactly one wins', async () => {
        const name = fresh('slots');
        await store.ensureIndexes([{ collection: name, fields: ['slot'], unique: true, name: 'by_slot' }]);
        const c = store.collection(name);
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            store.withTransaction(async (tx) => {
              const taken = await c.count({ slot: 'A' }, tx);
              await c.insertOne({ _id: `b${i}`, slot: 'A', seen: taken }, tx);
              return i;
            }),
          ),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(19);
        for (const r of lost) {
          expect(r.reason).toBeInstanceOf(DuplicateKeyError);
          expect((r.reason as DuplicateKeyError).index).toBe('by_slot');
        }
        const docs = await c.find({});
        expect(docs).toHaveLength(1);
        expect(docs[0]).toMatchObject({ slot: 'A', seen: 0 });
      });

      it('a failed operation dooms the transaction even when fn swallows its error', async () => {
        const name = fresh('doom');
        await store.ensureIndexes([{ collection: name, fields: ['k'], unique: true, name: 'by_k' }]);
        const c = store.collection(name);
        await c.insertOne({ _id: 'a', k: 1 });
        const err = await store
          .withTransaction(async (tx) => {
            await c.insertOne({ _id: 'b', k: 2 }, tx);
            await c.insertOne({ _id: 'c', k: 1 }, tx).catch(() => undefined);
            await expect(c.insertOne({ _id: 'd', k: 3 }, tx)).rejects.toBeInstanceOf(DuplicateKeyError);
            return 'swallowed';
          })
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(err).toBeInstanceOf(DuplicateKeyError);
        expect(ids(await c.find({}))).toEqual(['a']);
      });

      it('a tx handle used after its transaction ended throws', async () => {
        const c = store.collection(fresh('leak'));
        let leaked: Tx | undefined;
        await store.withTransaction(async (tx) => {
          leaked = tx;
          await c.insertOne({ _id: 'in' }, tx);
        });
        await expect(c.insertOne({ _id: 'late' }, leaked)).rejects.toThrow(/ended/);
        await expect(c.count({}, leaked)).rejects.toThrow(/ended/);
        expect(ids(await c.find({}))).toEqual(['in']);
      });

      it('a foreign tx handle is rejected', async () => {
        const c = store.collection(fresh('foreign'));
        await expect(c.insertOne({ _id: 'x' }, { __tx: true })).rejects.toThrow(/another store/);
      });

      it('inside fn, nesting and calls without the tx handle fail instead of deadlocking', async () => {
        const c = store.collection(fresh('nest'));
        await store.withTransaction(async (tx) => {
          await expect(store.withTransaction(async () => 1)).rejects.toThrow(/nest/);
          await expect(c.insertOne({ _id: 'no-tx' })).rejects.toThrow(/without the tx handle/);
          await expect(c.findOne({})).rejects.toThrow(/without the tx handle/);
          await expect(store.ensureIndexes([])).rejects.toThrow(/inside withTransaction/);
          await c.insertOne({ _id: 'with-tx' }, tx);
        });
        expect(ids(await c.find({}))).toEqual(['with-tx']);
      });

      it('work that fn starts but that runs after fn returned is outside the transaction', async () => {
        // Seeded so the collection exists before the transaction (MongoDB would otherwise create it inside).
        const c = await seeded<Document>('later', [{ _id: 'seed' }]);
        let later: Promise<void> | undefined;
        await store.withTransaction(async (tx) => {
          await c.insertOne({ _id: 'in' }, tx);
          later = new Promise((r) => setTimeout(r, 10)).then(() => c.insertOne({ _id: 'after' }));
        });
        await later;
        expect(ids(await c.find({}, { sort: [['_id', 1]] }))).toEqual(['after', 'in', 'seed']);
      });
    });

    describe('paged lists (findPage)', () => {
      type Entry = Document & { tenantId: string; createdAtMs: number; kind: string };
      /** Tenant t1: 13 entries over 5 creation times (ties of up to 4), every third one kind 'odd'; t2: 3. */
      const ENTRIES: Entry[] = [];
      for (let i = 0; i < 13; i++) {
        ENTRIES.push({
          _id: `e${String(12 - i).padStart(2, '0')}`,
          tenantId: 't1',
          createdAtMs: 1_000 + Math.floor(i / 4) * 10,
          kind: i % 3 === 0 ? 'odd' : 'even',
        });
      }
      for (let i = 0; i < 3; i++) ENTRIES.push({ _id: `x${i}`, tenantId: 't2', createdAtMs: 1_005, kind: 'odd' });
      const listOrder = (docs: Entry[]) =>
        [...docs].sort((a, b) => a.createdAtMs - b.createdAtMs || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
      const t1 = listOrder(ENTRIES.filter((e) => e.tenantId === 't1'));

      /** The entries in a collection of their own, with the index lists declare. */
      async function listed(): Promise<Collection<Entry>> {
        const name = fresh('entries');
        await store.ensureIndexes([listIndex(name)]);
        const c = store.collection<Entry>(name);
        for (const e of ENTRIES) await c.insertOne(structuredClone(e));
        return c;
      }

      /** Follows the cursor to the end; answers every page's ids. */
      async function allPages(
        c: Collection<Entry>,
        limit: number,
        options: Parameters<typeof findPage<Entry>>[3] = {},
      ): Promise<string[][]> {
        const pages: string[][] = [];
        let after: PagePosition | null = null;
        do {
          const page: Page<Entry> = await findPage(c, { tenantId: 't1' }, { limit, after }, options);
          expect(page.items.length).toBeLessThanOrEqual(limit);
          pages.push(ids(page.items));
          after = page.next;
          if (pages.length > 50) throw new Error('the cursor never ended');
        } while (after !== null);
        return pages;
      }

      it('pages in (createdAtMs, _id) order through ties, within the filter, each document once', async () => {
        const c = await listed();
        for (const limit of [1, 3, 4, 5, 13, 100]) {
          const pages = await allPages(c, limit);
          expect(pages.flat()).toEqual(ids(t1));
          // Every page is full but the last, and the last is not empty unless the list is.
          for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
          expect(pages.at(-1)?.length).toBeGreaterThan(0);
        }
      });

      it('answers next = the last item when more follow, null on a last page that is exactly full', async () => {
        const c = await listed();
        const first = await findPage(c, { tenantId: 't1' }, { limit: 12, after: null });
        const last = t1[11]!;
        expect(first.next).toEqual({ at: last.createdAtMs, id: last._id });
        const rest = await findPage(c, { tenantId: 't1' }, { limit: 1, after: first.next });
        expect(ids(rest.items)).toEqual([t1[12]!._id]);
        expect(rest.next).toBeNull();
        const empty = await findPage(c, { tenantId: 'nobody' }, { limit: 5, after: null });
        expect(empty).toEqual({ items: [], next: null });
      });

      it('resumes after a position whose document is gone', async () => {
        const c = await listed();
        const gone = t1[5]!;
        await c.deleteMany({ _id: gone._id });
        const page = await findPage(c, { tenantId: 't1' }, { limit: 3, after: { at: gone.createdAtMs, id: gone._id } });
        expect(ids(page.items)).toEqual(ids(t1.slice(6, 9)));
      });

      it('reads inside a transaction when given its handle', async () => {
        const c = await listed();
        await store.withTransaction(async (tx) => {
          await c.insertOne({ _id: 'late', tenantId: 't1', createdAtMs: 9_999, kind: 'odd' }, tx);
          const page = await findPage(c, { tenantId: 't1' }, { limit: 100, after: null }, { tx });
          expect(ids(page.items).at(-1)).toBe('late');
        });
      });

      it('orders by another integer field and keeps to a range of it, through ties and across pages', async () => {
        const c = await listed();
        // `rank` reverses creation order, so the result cannot be the createdAtMs order by accident.
        for (const e of ENTRIES) await c.updateOne({ _id: e._id }, { rank: 5_000 - e.createdAtMs } as Partial<Entry>);
        const byRank = [...t1].sort(
          (a, b) => b.createdAtMs - a.createdAtMs || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
        );
        for (const limit of [1, 3, 4, 100]) {
          expect((await allPages(c, limit, { orderBy: 'rank' })).flat()).toEqual(ids(byRank));
        }
        // [3_980, 4_000): ranks 3_980 and 3_990 (createdAtMs 1_020 and 1_010), 8 entries.
        const within = { from: 3_980, to: 4_000 };
        const inRange = byRank.filter((e) => 5_000 - e.createdAtMs >= 3_980 && 5_000 - e.createdAtMs < 4_000);
        expect(inRange).toHaveLength(8);
        for (const limit of [1, 3, 8, 9]) {
          expect((await allPages(c, limit, { orderBy: 'rank', within })).flat()).toEqual(ids(inRange));
        }
        // A cursor from before the range resumes at its start; one past its end finds nothing.
        const early = await findPage(
          c,
          { tenantId: 't1' },
          { limit: 2, after: { at: 0, id: 'a' } },
          { orderBy: 'rank', within },
        );
        expect(ids(early.items)).toEqual(ids(inRange.slice(0, 2)));
        const late = await findPage(
          c,
          { tenantId: 't1' },
          { limit: 2, after: { at: 4_000, id: 'a' } },
          { orderBy: 'rank', within },
        );
        expect(late).toEqual({ items: [], next: null });
      });

      it('pages newest first when descending, through ties and a range, each document once', async () => {
        const c = await listed();
        const newestFirst = [...t1].reverse();
        for (const limit of [1, 3, 4, 5, 13, 100]) {
          const pages = await allPages(c, limit, { descending: true });
          expect(pages.flat()).toEqual(ids(newestFirst));
          for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
        }
        // [1_010, 1_030): createdAtMs 1_020 and 1_010, 8 entries, newest first.
        const within = { from: 1_010, to: 1_030 };
        const inRange = newestFirst.filter((e) => e.createdAtMs >= 1_010 && e.createdAtMs < 1_030);
        expect(inRange).toHaveLength(8);
        for (const limit of [1, 3, 8, 9]) {
          expect((await allPages(c, limit, { descending: true, within })).flat()).toEqual(ids(inRange));
        }
        // A cursor above the range (earlier in this order) resumes at its top; one below it finds nothing.
        const first = await findPage(
          c,
          { tenantId: 't1' },
          { limit: 2, after: { at: 5_000, id: 'a' } },
          { descending: true, within },
        );
        expect(ids(first.items)).toEqual(ids(inRange.slice(0, 2)));
        const none = await findPage(
          c,
          { tenantId: 't1' },
          { limit: 2, after: { at: 1_000, id: 'zz' } },
          { descending: true, within },
        );
        expect(none).toEqual({ items: [], next: null });
        // After a position whose document is gone: the next older ones.
        const gone = newestFirst[5]!;
        await c.deleteMany({ _id: gone._id });
        const page = await findPage(
          c,
          { tenantId: 't1' },
          { limit: 3, after: { at: gone.createdAtMs, id: gone._id } },
          { descending: true },
        );
        expect(ids(page.items)).toEqual(ids(newestFirst.slice(6, 9)));
      });

      it('refuses filters on the fields it pages by', async () => {
        const c = await listed();
        await expect(findPage(c, { tenantId: 't1', _id: 'e01' }, { limit: 1, after: null })).rejects.toThrow(/owns/);
        await expect(findPage(c, { createdAtMs: 1 }, { limit: 1, after: null })).rejects.toThrow(/owns/);
      });
    });

    describe('prefix search (findByPrefix)', () => {
      type Key = Document & { tenantId: string; key: string; ownerId: string };
      /** Keys in UTF-8 byte order within t1, ties included; one beyond the BMP; t2 has the same keys. */
      const KEYS: Array<[string, string]> = [
        ['an', 'o3'],
        ['ann', 'o2'],
        ['ann', 'o5'],
        ['ann', 'o9'],
        ['ann lee', 'o1'],
        ['anna', 'o4'],
        ['ann\u{2000B}', 'o6'],
        ['ano', 'o7'],
        ['b', 'o8'],
      ];
      async function keyed(): Promise<Collection<Key>> {
        const name = fresh('keys');
        await store.ensureIndexes([prefixIndex(name, 'key', 'ownerId')]);
        const c = store.collection<Key>(name);
        for (const tenantId of ['t1', 't2']) {
          for (const [key, ownerId] of KEYS)
            await c.insertOne({ _id: `${tenantId}:${ownerId}:${key}`, tenantId, key, ownerId });
        }
        return c;
      }
      const read = async (c: Collection<Key>, prefix: string, limit: number, after: KeyPosition | null = null) =>
        (await findByPrefix(c, { tenantId: 't1' }, { keyField: 'key', idField: 'ownerId', prefix, after, limit })).map(
          (d) => `${d.key}|${d.ownerId}`,
        );
      const all = async (c: Collection<Key>, prefix: string, limit: number): Promise<string[]> => {
        const out: string[] = [];
        let after: KeyPosition | null = null;
        for (;;) {
          const docs: Key[] = await findByPrefix(
            c,
            { tenantId: 't1' },
            { keyField: 'key', idField: 'ownerId', prefix, after, limit },
          );
          out.push(...docs.map((d) => `${d.key}|${d.ownerId}`));
          if (docs.length < limit) return out;
          const last = docs.at(-1)!;
          after = { key: last.key, id: last.ownerId };
        }
      };

      it('reads the keys that start with the prefix in (key, id) order, beyond the BMP included', async () => {
        const c = await keyed();
        const annKeys = ['ann|o2', 'ann|o5', 'ann|o9', 'ann lee|o1', 'anna|o4', 'ann\u{2000B}|o6'];
        expect(await read(c, 'ann', 100)).toEqual(annKeys);
        expect(await read(c, 'an', 100)).toEqual(['an|o3', ...annKeys, 'ano|o7']);
        expect(await read(c, 'ann\u{2000B}', 100)).toEqual(['ann\u{2000B}|o6']);
        expect(await read(c, 'c', 100)).toEqual([]);
        expect(await read(c, '', 100)).toHaveLength(KEYS.length);
        for (const limit of [1, 2, 3, 7]) expect(await all(c, 'ann', limit), `limit ${limit}`).toEqual(annKeys);
      });

      it('resumes after a position: within ties, above it, before the prefix, past its end', async () => {
        const c = await keyed();
        expect(await read(c, 'ann', 2, { key: 'ann', id: 'o5' })).toEqual(['ann|o9', 'ann lee|o1']);
        expect(await read(c, 'ann', 2, { key: 'ann', id: 'o4' })).toEqual(['ann|o5', 'ann|o9']);
        expect(await read(c, 'ann', 10, { key: 'anna', id: 'zz' })).toEqual(['ann\u{2000B}|o6']);
        expect(await read(c, 'ann', 1, { key: 'a', id: 'o1' })).toEqual(['ann|o2']);
        expect(await read(c, 'ann', 10, { key: 'b', id: '' })).toEqual([]);
        expect(await read(c, 'ann', 10, { key: 'ann\u{10FFFF}', id: '' })).toEqual([]);
      });

      it('refuses filters on the fields it orders by', async () => {
        const c = await keyed();
        await expect(
          findByPrefix(c, { key: 'x' }, { keyField: 'key', idField: 'ownerId', prefix: 'a', after: null, limit: 1 }),
        ).rejects.toThrow(/owns/);
      });
    });

    it('ping answers while the store is reachable', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}

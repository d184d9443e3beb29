import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DuplicateKeyError,
  StoreUnavailableError,
  listIndex,
  LIST_ORDER,
  openSqliteStore,
  type Document,
} from '../src/index.js';
import { compileFind } from '../src/sql-filter.js';
import { storeContract } from './store-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-store-'));
let fileSeq = 0;
/** A database file in a directory that does not exist yet. */
const newFile = (): string => join(dir, `run-${++fileSeq}`, 'nested', 'store.db');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

storeContract('sqlite file', () => openSqliteStore({ file: newFile() }));
storeContract('sqlite :memory:', () => openSqliteStore({ file: ':memory:' }));

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves to 'pending' if p has not settled within ms. */
function stateAfter(p: Promise<unknown>, ms: number): Promise<'settled' | 'pending'> {
  return Promise.race([
    p.then(() => 'settled' as const),
    new Promise<'pending'>((r) => setTimeout(() => r('pending'), ms)),
  ]);
}

describe('sqlite adapter specifics', () => {
  it('creates the parent directory and uses WAL', async () => {
    const file = newFile();
    const store = await openSqliteStore({ file });
    await store.collection('c').insertOne({ _id: 'a' });
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(true);
    await store.close();
  });

  it('keeps documents and indexes across close and reopen of the same file', async () => {
    const file = newFile();
    const first = await openSqliteStore({ file });
    await first.ensureIndexes([{ collection: 'users', fields: ['email'], unique: true, name: 'by_email' }]);
    const users = first.collection<Document & { email: string; n?: number }>('users');
    await users.insertOne({ _id: 'u1', email: 'a@x' });
    await first.withTransaction(async (tx) => {
      await users.insertOne({ _id: 'u2', email: 'b@x' }, tx);
      await users.updateOne({ _id: 'u1' }, { n: 1 }, tx);
    });
    await first.close();

    const second = await openSqliteStore({ file });
    const again = second.collection<Document & { email: string }>('users');
    expect(await again.find({}, { sort: [['_id', 1]] })).toEqual([
      { _id: 'u1', email: 'a@x', n: 1 },
      { _id: 'u2', email: 'b@x' },
    ]);
    // The unique index survived, and its name is reported without ensureIndexes in this session.
    const err = await again.insertOne({ _id: 'u3', email: 'a@x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DuplicateKeyError);
    expect((err as DuplicateKeyError).index).toBe('by_email');
    await second.close();
  });

  it('a read without tx waits for the open transaction, then sees its committed write', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    const c = store.collection('c');
    const inserted = deferred();
    const finish = deferred();
    const txDone = store.withTransaction(async (tx) => {
      await c.insertOne({ _id: 'x' }, tx);
      inserted.resolve();
      await finish.promise;
    });
    await inserted.promise;
    const outside = c.findOne({ _id: 'x' });
    expect(await stateAfter(outside, 50)).toBe('pending');
    finish.resolve();
    await txDone;
    expect(await outside).toEqual({ _id: 'x' });
    await store.close();
  });

  it('close waits for the open transaction, which still commits', async () => {
    const file = newFile();
    const store = await openSqliteStore({ file });
    const finish = deferred();
    const started = deferred();
    const txDone = store.withTransaction(async (tx) => {
      await store.collection('c').insertOne({ _id: 'x' }, tx);
      started.resolve();
      await finish.promise;
    });
    await started.promise;
    const closed = store.close();
    expect(await stateAfter(closed, 30)).toBe('pending');
    finish.resolve();
    await txDone;
    await closed;
    const reopened = await openSqliteStore({ file });
    expect(await reopened.collection('c').count({})).toBe(1);
    await reopened.close();
  });

  it('after close, operations and ping fail with StoreUnavailableError; close is idempotent', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    await store.close();
    await store.close();
    await expect(store.collection('c').findOne({})).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.withTransaction(async () => 1)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('a lock held by another connection surfaces as StoreUnavailableError after busy_timeout', async () => {
    const file = newFile();
    const holder = await openSqliteStore({ file });
    const other = await openSqliteStore({ file, busyTimeoutMs: 50 });
    await other.collection('c').count({}); // creates the table before the lock is taken
    const locked = deferred();
    const release = deferred();
    const held = holder.withTransaction(async (tx) => {
      await holder.collection('c').insertOne({ _id: 'a' }, tx);
      locked.resolve();
      await release.promise;
    });
    await locked.promise;
    await expect(other.collection('c').insertOne({ _id: 'b' })).rejects.toBeInstanceOf(StoreUnavailableError);
    release.resolve();
    await held;
    await other.collection('c').insertOne({ _id: 'b' });
    expect(await other.collection('c').count({})).toBe(2);
    await Promise.all([holder.close(), other.close()]);
  });

  it('a file that is not a database fails to open with StoreUnavailableError', async () => {
    const file = join(dir, 'garbage.db');
    writeFileSync(file, Buffer.alloc(8192, 'x'));
    await expect(openSqliteStore({ file })).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('rejects names and sort fields that are not identifiers', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    expect(() => store.collection('c"; DROP TABLE x; --')).toThrow(TypeError);
    expect(() => store.collection('sqlite_master')).toThrow(TypeError);
    await expect(store.collection('c').find({}, { sort: [["a') --", 1]] })).rejects.toThrow(TypeError);
    await expect(store.ensureIndexes([{ collection: 'c', fields: ['a'], name: "x' --" }])).rejects.toThrow(TypeError);
    await store.close();
  });

  it('an unbounded sorted find seeks the filter’s index; a limited one reads the order’s index', async () => {
    const file = newFile();
    const store = await openSqliteStore({ file });
    await store.ensureIndexes([
      listIndex('rules'),
      { collection: 'rules', name: 'by_tenant_owner', fields: ['tenantId', 'ownerId'] },
    ]);
    const rules = store.collection<Document>('rules');
    await rules.insertOne({ _id: 'r1', tenantId: 't', ownerId: 'o', createdAtMs: 1 });
    // The statements the adapter prepares, to ask the planner about them on a second connection.
    const prepared: string[] = [];
    const prepare = Database.prototype.prepare;
    Database.prototype.prepare = function (this: Database.Database, sql: string) {
      prepared.push(sql);
      return prepare.call(this, sql);
    } as typeof prepare;
    try {
      const filter = { tenantId: 't', ownerId: { $in: ['o', 'p'] } };
      expect(await rules.find(filter, { sort: LIST_ORDER })).toHaveLength(1);
      expect(await rules.find({ tenantId: 't' }, { sort: LIST_ORDER, limit: 10 })).toHaveLength(1);
    } finally {
      Database.prototype.prepare = prepare;
    }
    const [unbounded, limited] = prepared.filter((sql) => sql.startsWith('SELECT doc'));
    const probe = new Database(file, { readonly: true });
    const plan = (sql: string | undefined, params: unknown[]) =>
      (probe.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join('; ');
    try {
      expect(plan(unbounded, ['t', 'o', 'p'])).toMatch(/USING INDEX "?rules\.by_tenant_owner/);
      expect(plan(limited, ['t', 10])).toMatch(/USING INDEX "?rules\.by_tenant_created/);
      expect(plan(limited, ['t', 10])).not.toMatch(/TEMP B-TREE/);
    } finally {
      probe.close();
      await store.close();
    }
  });

  it('a projected find on a covering index’s fields reads the index alone, type checks included', async () => {
    const file = newFile();
    const store = await openSqliteStore({ file });
    const fields = ['tenantId', 'startsAtMs', '_id', 'endsAtMs', 'status'];
    await store.ensureIndexes([{ collection: 'slots', name: 'by_tenant_start', fields, covering: true }]);
    const slots = store.collection<Document>('slots');
    await slots.insertOne({ _id: 's1', tenantId: 't', startsAtMs: 10, endsAtMs: 20, status: 'held', notes: 'x' });
    await slots.insertOne({ _id: 's2', tenantId: 't', startsAtMs: 30, endsAtMs: 40, status: 'cancelled' });
    const filter = {
      tenantId: 't',
      status: { $in: ['held', 'confirmed'] },
      startsAtMs: { $gte: 0, $lt: 100 },
      endsAtMs: { $gt: 5 },
    };
    const opts = { sort: [['startsAtMs', 1]] as Array<[string, 1]>, fields: ['startsAtMs', 'endsAtMs', 'status'] };
    expect(await slots.find(filter, opts)).toEqual([{ _id: 's1', startsAtMs: 10, endsAtMs: 20, status: 'held' }]);
    const { sql, params } = compileFind('"slots"', filter, opts);
    const probe = new Database(file, { readonly: true });
    try {
      const plan = (probe.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join('; ');
      expect(plan).toMatch(/USING COVERING INDEX "?slots\.by_tenant_start/);
    } finally {
      probe.close();
      await store.close();
    }
  });

  it('the same index name may be used in two collections', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    await store.ensureIndexes([
      { collection: 'a', fields: ['k'], unique: true, name: 'by_k' },
      { collection: 'b', fields: ['k'], unique: true, name: 'by_k' },
    ]);
    await store.collection('a').insertOne({ _id: '1', k: 1 });
    await store.collection('b').insertOne({ _id: '1', k: 1 });
    await expect(store.collection('b').insertOne({ _id: '2', k: 1 })).rejects.toMatchObject({ index: 'by_k' });
    await store.close();
  });
});

describe('sqlite scrubFreed', () => {
  /** Every byte of the store's files (database, write-ahead log, shared memory) as text. */
  const filesText = (file: string) =>
    ['', '-wal', '-shm']
      .map((suffix) => (existsSync(file + suffix) ? readFileSync(file + suffix).toString('latin1') : ''))
      .join('\n');

  it('leaves no byte of a deleted or overwritten value in the files', async () => {
    const file = newFile();
    const store = await openSqliteStore({ file });
    const c = store.collection<Document & { name: string }>('people');
    await c.insertOne({ _id: 'p1', name: 'Zelda Quockerwodger' });
    await c.insertOne({ _id: 'p2', name: 'Xavier Blumenkohl' });
    for (let i = 0; i < 50; i++) await c.insertOne({ _id: `f${i}`, name: `filler ${'x'.repeat(200)} ${i}` });
    expect(filesText(file)).toContain('Quockerwodger');
    await c.deleteMany({ _id: 'p1' });
    await c.updateOne({ _id: 'p2' }, { name: 'erased' });
    await store.scrubFreed();
    const text = filesText(file);
    expect(text).not.toContain('Quockerwodger');
    expect(text).not.toContain('Blumenkohl');
    expect(await c.findOne({ _id: 'p2' })).toEqual({ _id: 'p2', name: 'erased' });
    await store.close();
  });
});

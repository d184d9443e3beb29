import { randomUUID } from 'node:crypto';
import { Collection as DriverCollection, MongoClient, MongoServerError, type CommandStartedEvent } from 'mongodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mongoMissing, serverGate, startMongo, type MongoServer } from '@svc/testing';
import {
  DuplicateKeyError,
  MongoDocumentStore,
  MongoTopologyConfigError,
  StoreUnavailableError,
  openMongoStore,
  type Tx,
} from '../src/index.js';
import { mapMongoError } from '../src/mongo-store.js';
import { storeContract } from './store-contract.js';

/**
 * With MONGODB_URL (a real replica set) everything runs against it. Otherwise against the
 * wire-protocol test server (@svc/testing startMongo): reads committed, write conflicts as
 * MongoDB's, no snapshot reads (docs/operations.md "The MongoDB test server").
 */
const realUrl = process.env.MONGODB_URL;
const runs = realUrl !== undefined || serverGate('MongoDB', mongoMissing());

describe.skipIf(!runs)('MongoDB adapter against a server', () => {
  let server: MongoServer | undefined;
  let url = realUrl ?? '';
  const dbNames: string[] = [];
  const freshDb = (): string => {
    const name = `store_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    dbNames.push(name);
    return name;
  };

  beforeAll(async () => {
    if (!realUrl) {
      server = await startMongo();
      url = server.url;
    }
    console.log(
      `MongoDB store contract: against ${realUrl ? 'MONGODB_URL (a real server)' : `the test server ${url}`}`,
    );
  });
  afterAll(async () => {
    if (url && dbNames.length > 0) {
      const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
      try {
        for (const name of dbNames) await client.db(name).dropDatabase();
      } finally {
        await client.close();
      }
    }
    await server?.stop();
  });

  storeContract('mongodb', async () => openMongoStore({ url, dbName: freshDb() }));

  describe('the adapter', () => {
    /** A store on its own client that records every command it sends. */
    async function monitored(options: { transactionTimeoutMS?: number } = {}) {
      const client = new MongoClient(url, { monitorCommands: true, ignoreUndefined: true });
      await client.connect();
      const sent: CommandStartedEvent[] = [];
      client.on('commandStarted', (e) => sent.push(e));
      const store = new MongoDocumentStore(client, freshDb(), options);
      return { store, sent, close: () => store.close() };
    }
    afterEach(() => vi.restoreAllMocks());

    it('runs transactions with readConcern snapshot and commits them with writeConcern majority', async () => {
      const { store, sent, close } = await monitored();
      try {
        await store.ensureIndexes([{ collection: 'c', fields: ['k'], name: 'by_k' }]);
        await store.withTransaction(async (tx) => {
          await store.collection('c').insertOne({ _id: 'a', k: 1 }, tx);
          await store.collection('c').findOne({ _id: 'a' }, tx);
        });
        const insert = sent.find((e) => e.commandName === 'insert')!;
        expect(insert.command.readConcern).toMatchObject({ level: 'snapshot' });
        const commit = sent.find((e) => e.commandName === 'commitTransaction')!;
        expect(commit.command.writeConcern).toMatchObject({ w: 'majority' });
      } finally {
        await close();
      }
    });

    it('retries a transaction the server refuses with WriteConflict until it commits: no increment is lost', async () => {
      const { store, close } = await monitored();
      try {
        const c = store.collection<{ _id: string; n: number }>('counter');
        await c.insertOne({ _id: 'k', n: 0 });
        const increment = async (tx: Tx) => {
          const current = await c.findOne({ _id: 'k' }, tx);
          await c.updateOne({ _id: 'k' }, { n: current!.n + 1 }, tx);
        };
        let wrote!: () => void;
        const written = new Promise<void>((r) => (wrote = r));
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        const first = store.withTransaction(async (tx) => {
          await increment(tx);
          wrote();
          await released;
        });
        await written;
        let attempts = 0;
        const second = store.withTransaction(async (tx) => {
          // The first attempt met the open first writer (WriteConflict); let it commit now.
          if (++attempts === 2) release();
          await increment(tx);
        });
        await Promise.all([first, second]);
        expect(attempts).toBeGreaterThanOrEqual(2);
        expect(await c.findOne({ _id: 'k' })).toEqual({ _id: 'k', n: 2 });
      } finally {
        await close();
      }
    });

    it('gives up retrying a transaction that keeps conflicting at transactionTimeoutMS: StoreUnavailableError', async () => {
      // The driver alone retries a TransientTransactionError for 120 s (beyond this test's timeout).
      const { store, close } = await monitored({ transactionTimeoutMS: 300 });
      let attempts = 0;
      try {
        await store.ensureIndexes([{ collection: 'c', fields: ['k'], name: 'by_k' }]);
        const stuck = store.withTransaction(async (tx) => {
          attempts++;
          await store.collection('c').insertOne({ _id: `a${attempts}`, k: attempts }, tx);
          throw new MongoServerError({
            message: 'WriteConflict',
            code: 112,
            errorLabels: ['TransientTransactionError'],
          });
        });
        await expect(stuck).rejects.toBeInstanceOf(StoreUnavailableError);
        expect(attempts).toBeGreaterThan(1);
        // Every attempt was rolled back.
        expect(await store.collection('c').count({})).toBe(0);
      } finally {
        await close();
      }
    });

    it('sends no empty $set: an update whose fields are all undefined answers whether it matched', async () => {
      const { store, sent, close } = await monitored();
      try {
        const c = store.collection<{ _id: string; v?: number }>('c');
        await c.insertOne({ _id: 'a', v: 1 });
        expect(await c.updateOne({ _id: 'a' }, { v: undefined })).toBe(1);
        expect(await c.updateOne({ _id: 'nope' }, { v: undefined })).toBe(0);
        await store.withTransaction(async (tx) => {
          expect(await c.updateOne({ _id: 'a' }, {}, tx)).toBe(1);
        });
        expect(sent.filter((e) => e.commandName === 'update')).toEqual([]);
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', v: 1 });
      } finally {
        await close();
      }
    });

    it('names a duplicate key by our index name when the server only gives the key pattern', async () => {
      const { store, close } = await monitored();
      try {
        await store.ensureIndexes([{ collection: 'c', fields: ['org', 'handle'], unique: true, name: 'by_handle' }]);
        // FerretDB, for one, reports duplicates without the index name.
        vi.spyOn(DriverCollection.prototype, 'insertOne').mockRejectedValue(
          new MongoServerError({
            message: 'E11000 duplicate key error',
            code: 11000,
            keyPattern: { org: 1, handle: 1 },
          }),
        );
        const c = store.collection('c');
        const outside = await c.insertOne({ _id: 'x', org: 'o', handle: 'h' }).catch((e: unknown) => e);
        expect(outside).toBeInstanceOf(DuplicateKeyError);
        expect((outside as DuplicateKeyError).index).toBe('by_handle');
        const inside = await store
          .withTransaction((tx) => c.insertOne({ _id: 'y', org: 'o', handle: 'h' }, tx))
          .catch((e: unknown) => e);
        expect((inside as DuplicateKeyError).index).toBe('by_handle');
      } finally {
        await close();
      }
    });

    it.skipIf(realUrl)('refuses a standalone server at open time with CONFIG_MISSING', async () => {
      const standalone = await startMongo({ replicaSet: false });
      try {
        const failure = await openMongoStore({ url: standalone.url, dbName: 'x' }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(MongoTopologyConfigError);
        expect(failure).toMatchObject({ code: 'CONFIG_MISSING' });
        expect((failure as Error).message).toMatch(/standalone MongoDB server: transactions need a replica-set member/);
      } finally {
        await standalone.stop();
      }
    });
  });
});

describe('MongoDB adapter without a server', () => {
  it('an unreachable server fails openMongoStore with StoreUnavailableError', async () => {
    await expect(
      openMongoStore({
        url: 'mongodb://127.0.0.1:1/?directConnection=true',
        dbName: 'x',
        serverSelectionTimeoutMS: 300,
      }),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('maps E11000 to DuplicateKeyError with the index name from the message', () => {
    const e = new MongoServerError({
      message: 'E11000 duplicate key error collection: db.users index: by_email dup key: { email: "a@x" }',
      code: 11000,
      keyPattern: { email: 1 },
    });
    const mapped = mapMongoError(e);
    expect(mapped).toBeInstanceOf(DuplicateKeyError);
    expect((mapped as DuplicateKeyError).index).toBe('by_email');
  });

  it('falls back to the key pattern when the message names no index', () => {
    const byId = mapMongoError(new MongoServerError({ message: 'dup', code: 11000, keyPattern: { _id: 1 } }));
    expect((byId as DuplicateKeyError).index).toBe('_id_');
    const compound = mapMongoError(
      new MongoServerError({ message: 'dup', code: 11000, keyPattern: { org: 1, handle: 1 } }),
    );
    expect((compound as DuplicateKeyError).index).toBe('org_1_handle_1');
  });

  it('keeps transient errors raw inside a transaction so the driver can retry, maps them outside', () => {
    const e = new MongoServerError({ message: 'WriteConflict', code: 112, errorLabels: ['TransientTransactionError'] });
    expect(mapMongoError(e, true)).toBe(e);
    expect(mapMongoError(e)).toBeInstanceOf(StoreUnavailableError);
    const other = new MongoServerError({ message: 'bad', code: 2 });
    expect(mapMongoError(other)).toBe(other);
  });
});

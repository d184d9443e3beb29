/**
 * DocumentStore on MongoDB with the official driver. Thin: port filters are already Mongo
 * syntax, collections map 1:1. Transactions need a replica set (or mongos).
 */
import {
  MongoClient,
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type ClientSession,
  type Collection as MongoCollection,
  type Db,
  type Filter as MongoFilter,
  type IndexSpecification,
  type MatchKeysAndValues,
} from 'mongodb';
import {
  DuplicateKeyError,
  StoreUnavailableError,
  type Collection,
  type Document,
  type DocumentStore,
  type Filter,
  type IndexSpec,
  type Tx,
} from './document-store.js';
import { assertDocument, assertFindOptions, assertIndexSpec, assertName, parseFilter, setEntries } from './validate.js';
import { TxHandle, TxScope } from './tx-scope.js';

export interface MongoStoreOptions {
  url: string;
  dbName: string;
  /** How long to look for a usable server before failing; default 5000. */
  serverSelectionTimeoutMS?: number;
}

type MongoDoc = { _id: string } & Record<string, unknown>;

class MongoTx extends TxHandle {
  constructor(
    owner: object,
    readonly session: ClientSession,
  ) {
    super(owner);
  }
}

const UNAVAILABLE_LABELS = ['TransientTransactionError', 'UnknownTransactionCommitResult', 'RetryableWriteError'];

/** Index name from "E11000 duplicate key error collection: db.c index: by_ref dup key: {...}". */
function duplicateIndexName(e: MongoError): string {
  const fromMessage = /index: (\S+) dup key/.exec(e.message)?.[1];
  if (fromMessage) return fromMessage;
  const keyPattern = (e as { keyPattern?: Record<string, unknown> }).keyPattern;
  if (keyPattern) {
    const fields = Object.keys(keyPattern);
    // Default MongoDB naming (`a_1_b_1`), the best guess when the server omits the name.
    return fields.length === 1 && fields[0] === '_id' ? '_id_' : fields.map((f) => `${f}_1`).join('_');
  }
  return 'unknown';
}

/**
 * Translates driver errors into the port's errors. Inside a transaction, transient errors stay
 * raw so session.withTransaction can see their labels and retry; they are mapped once it gives up.
 */
export function mapMongoError(e: unknown, inTransaction = false): unknown {
  if (!(e instanceof MongoError)) return e;
  if (e.code === 11000 || e.code === 11001) return new DuplicateKeyError(duplicateIndexName(e), e.message);
  if (inTransaction) return e;
  const unavailable =
    e instanceof MongoNetworkError ||
    e instanceof MongoServerSelectionError ||
    e instanceof MongoTopologyClosedError ||
    e instanceof MongoNotConnectedError ||
    e instanceof MongoClientClosedError ||
    UNAVAILABLE_LABELS.some((label) => e.hasErrorLabel(label));
  return unavailable ? new StoreUnavailableError(e.message, { cause: e }) : e;
}

export class MongoDocumentStore implements DocumentStore {
  private readonly db: Db;
  private readonly scope = new TxScope<MongoTx>(this);

  /** Wraps a connected client; prefer openMongoStore. close() closes the client. */
  constructor(
    private readonly client: MongoClient,
    dbName: string,
  ) {
    this.db = client.db(dbName);
  }

  collection<T extends Document>(name: string): Collection<T> {
    assertName('collection', name);
    const coll: MongoCollection<MongoDoc> = this.db.collection<MongoDoc>(name);
    // Validated so both adapters accept exactly the port's filter language.
    const filterOf = (filter: Filter): MongoFilter<MongoDoc> => {
      parseFilter(filter);
      return filter as MongoFilter<MongoDoc>;
    };
    return {
      insertOne: (doc, tx) =>
        this.exec(tx, 'insertOne', async (session) => {
          assertDocument(doc);
          await coll.insertOne(doc as MongoDoc, { session });
        }),
      findOne: (filter, tx) =>
        this.exec(tx, 'findOne', async (session) => (await coll.findOne(filterOf(filter), { session })) as T | null),
      find: (filter, opts = {}, tx) =>
        this.exec(tx, 'find', async (session) => {
          assertFindOptions(opts);
          const cursor = coll.find(filterOf(filter), {
            session,
            ...(opts.sort && opts.sort.length > 0 ? { sort: opts.sort } : {}),
            ...(opts.limit ? { limit: opts.limit } : {}),
          });
          return (await cursor.toArray()) as T[];
        }),
      count: (filter, tx) => this.exec(tx, 'count', (session) => coll.countDocuments(filterOf(filter), { session })),
      updateOne: (filter, set, tx) =>
        this.exec(tx, 'updateOne', async (session) => {
          const $set = Object.fromEntries(setEntries(set)) as MatchKeysAndValues<MongoDoc>;
          const res = await coll.updateOne(filterOf(filter), { $set }, { session });
          return res.matchedCount;
        }),
      deleteMany: (filter, tx) =>
        this.exec(
          tx,
          'deleteMany',
          async (session) => (await coll.deleteMany(filterOf(filter), { session })).deletedCount,
        ),
    };
  }

  async dropIndex(collection: string, name: string): Promise<void> {
    this.scope.assertOutside('dropIndex', false);
    assertName('collection', collection);
    assertName('index', name);
    try {
      await this.db.collection(collection).dropIndex(name);
    } catch (e) {
      // 26 NamespaceNotFound, 27 IndexNotFound: nothing to drop.
      const code = (e as { code?: unknown }).code;
      if (code === 26 || code === 27) return;
      throw mapMongoError(e);
    }
  }

  async ensureIndexes(specs: IndexSpec[]): Promise<void> {
    this.scope.assertOutside('ensureIndexes', false);
    specs.forEach(assertIndexSpec);
    try {
      for (const spec of specs) {
        const keys: IndexSpecification = Object.fromEntries(spec.fields.map((f) => [f, 1] as const));
        // `unique: false` is only passed when set, so an existing non-unique index compares equal.
        await this.db
          .collection(spec.collection)
          .createIndex(keys, { name: spec.name, ...(spec.unique ? { unique: true } : {}) });
      }
    } catch (e) {
      throw mapMongoError(e);
    }
  }

  async withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    this.scope.assertOutside('withTransaction', false);
    const session = this.client.startSession();
    try {
      // The driver retries the callback on transient errors; each attempt gets a fresh handle.
      return await session.withTransaction(async () => {
        const tx = new MongoTx(this, session);
        try {
          const result = await this.scope.run(tx, () => fn(tx));
          tx.throwIfFailed(); // a swallowed error would make the driver retry forever
          return result;
        } finally {
          tx.end();
        }
      });
    } catch (e) {
      throw mapMongoError(e);
    } finally {
      await session.endSession();
    }
  }

  async ping(): Promise<void> {
    try {
      await this.db.command({ ping: 1 });
    } catch (e) {
      throw mapMongoError(e);
    }
  }

  async close(): Promise<void> {
    this.scope.assertOutside('close', false);
    await this.client.close();
  }

  /** Runs one operation with the transaction's session, if given, and maps its errors. */
  private async exec<R>(
    tx: Tx | undefined,
    what: string,
    work: (session: ClientSession | undefined) => Promise<R>,
  ): Promise<R> {
    if (tx === undefined) {
      this.scope.assertOutside(what, true);
      try {
        return await work(undefined);
      } catch (e) {
        throw mapMongoError(e);
      }
    }
    const handle = this.scope.check(tx);
    try {
      return await work(handle.session);
    } catch (e) {
      const mapped = mapMongoError(e, true);
      handle.fail(mapped);
      throw mapped;
    }
  }
}

/** Connects to MongoDB; fails with StoreUnavailableError when no server answers in time. */
export async function openMongoStore(options: MongoStoreOptions): Promise<MongoDocumentStore> {
  // ignoreUndefined: undefined fields are dropped, as JSON (and the SQLite adapter) drops them.
  const client = new MongoClient(options.url, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
    ignoreUndefined: true,
  });
  try {
    await client.connect();
  } catch (e) {
    await client.close().catch(() => undefined);
    throw mapMongoError(e);
  }
  return new MongoDocumentStore(client, options.dbName);
}

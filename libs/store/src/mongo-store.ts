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

export interface MongoStoreOptions extends MongoTransactionOptions {
  url: string;
  dbName: string;
  /** How long to look for a usable server before failing; default 5000. */
  serverSelectionTimeoutMS?: number;
}

export interface MongoTransactionOptions {
  /**
   * How long withTransaction may keep retrying transient conflicts (and commits) before it
   * fails with StoreUnavailableError (503); default 10000, below the gateway's 15 s deadline for
   * a create. The driver alone would retry for 120 s, long after the caller has given up.
   */
  transactionTimeoutMS?: number;
}

const DEFAULT_TRANSACTION_TIMEOUT_MS = 10_000;

/** The server is reachable but cannot run transactions: a configuration mistake, not an outage. */
export class MongoTopologyConfigError extends Error {
  override readonly name = 'MongoTopologyConfigError';
  readonly code = 'CONFIG_MISSING';
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

/** Our name of the index over exactly these fields (in order), as given to ensureIndexes. */
export type IndexNamer = (fields: string[]) => string | undefined;

/**
 * Index name from "E11000 duplicate key error collection: db.c index: by_ref dup key: {...}";
 * when the server omits it, from the error's keyPattern: our explicit name for those fields,
 * else MongoDB's default naming (`a_1_b_1`).
 */
function duplicateIndexName(e: MongoError, nameOf: IndexNamer): string {
  const fromMessage = /index: (\S+) dup key/.exec(e.message)?.[1];
  if (fromMessage) return fromMessage;
  const keyPattern = (e as { keyPattern?: Record<string, unknown> }).keyPattern;
  if (keyPattern) {
    const fields = Object.keys(keyPattern);
    if (fields.length === 1 && fields[0] === '_id') return '_id_';
    return nameOf(fields) ?? fields.map((f) => `${f}_1`).join('_');
  }
  return 'unknown';
}

/**
 * Translates driver errors into the port's errors. Inside a transaction, transient errors stay
 * raw so session.withTransaction can see their labels and retry; they are mapped once it gives up.
 */
export function mapMongoError(e: unknown, inTransaction = false, nameOf: IndexNamer = () => undefined): unknown {
  if (!(e instanceof MongoError)) return e;
  if (e.code === 11000 || e.code === 11001) return new DuplicateKeyError(duplicateIndexName(e, nameOf), e.message);
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
  private readonly transactionTimeoutMS: number;
  /** Our index names by field list, from ensureIndexes (see duplicateIndexName). */
  private readonly indexNames = new Map<string, string>();

  /** Wraps a connected client; prefer openMongoStore. close() closes the client. */
  constructor(
    private readonly client: MongoClient,
    dbName: string,
    options: MongoTransactionOptions = {},
  ) {
    this.db = client.db(dbName);
    this.transactionTimeoutMS = options.transactionTimeoutMS ?? DEFAULT_TRANSACTION_TIMEOUT_MS;
  }

  /** mapMongoError knowing this store's index names (for a collection, or any when unknown). */
  private mapError(e: unknown, collection: string | undefined, inTransaction = false): unknown {
    return mapMongoError(e, inTransaction, (fields) => this.indexName(collection, fields));
  }

  private indexName(collection: string | undefined, fields: string[]): string | undefined {
    if (collection !== undefined) return this.indexNames.get(indexKey(collection, fields));
    // A transaction spans collections: any of ours over exactly these fields.
    const suffix = indexKey('', fields);
    for (const [key, name] of this.indexNames) if (key.endsWith(suffix)) return name;
    return undefined;
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
        this.exec(name, tx, 'insertOne', async (session) => {
          assertDocument(doc);
          await coll.insertOne(doc as MongoDoc, { session });
        }),
      findOne: (filter, tx) =>
        this.exec(
          name,
          tx,
          'findOne',
          async (session) => (await coll.findOne(filterOf(filter), { session })) as T | null,
        ),
      find: (filter, opts = {}, tx) =>
        this.exec(name, tx, 'find', async (session) => {
          assertFindOptions(opts);
          const cursor = coll.find(filterOf(filter), {
            session,
            ...(opts.sort && opts.sort.length > 0 ? { sort: opts.sort } : {}),
            ...(opts.limit ? { limit: opts.limit } : {}),
            ...(opts.fields ? { projection: Object.fromEntries(opts.fields.map((f) => [f, 1])) } : {}),
          });
          const docs = await cursor.toArray();
          if (!opts.fields) return docs as T[];
          // A missing field reads as null, as on SQLite (json_extract of an absent path).
          const fields = opts.fields;
          return docs.map((d) => {
            for (const f of fields) if (d[f] === undefined) (d as Record<string, unknown>)[f] = null;
            return d;
          }) as T[];
        }),
      count: (filter, tx) =>
        this.exec(name, tx, 'count', (session) => coll.countDocuments(filterOf(filter), { session })),
      updateOne: (filter, set, tx) =>
        this.exec(name, tx, 'updateOne', async (session) => {
          const entries = setEntries(set);
          // Nothing to set (every field undefined): MongoDB before 5.0 rejects an empty $set, so
          // answer whether something matches, as an update that changes nothing would.
          if (entries.length === 0) return coll.countDocuments(filterOf(filter), { session, limit: 1 });
          const $set = Object.fromEntries(entries) as MatchKeysAndValues<MongoDoc>;
          const res = await coll.updateOne(filterOf(filter), { $set }, { session });
          return res.matchedCount;
        }),
      deleteMany: (filter, tx) =>
        this.exec(
          name,
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
        this.indexNames.set(indexKey(spec.collection, spec.fields), spec.name);
      }
    } catch (e) {
      throw this.mapError(e, undefined);
    }
  }

  async withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    this.scope.assertOutside('withTransaction', false);
    const session = this.client.startSession();
    const deadline = performance.now() + this.transactionTimeoutMS;
    let attempt = 0;
    let lastError: unknown;
    try {
      // The driver retries the callback on transient errors; each attempt gets a fresh handle.
      return await session.withTransaction(
        async () => {
          // Past the deadline a retry fails instead (a non-driver error ends the driver's loop).
          if (attempt++ > 0 && performance.now() >= deadline) {
            throw new StoreUnavailableError(
              `transaction gave up after ${attempt - 1} attempts in ${this.transactionTimeoutMS} ms: ${String(lastError)}`,
              { cause: lastError },
            );
          }
          const tx = new MongoTx(this, session);
          try {
            const result = await this.scope.run(tx, () => fn(tx));
            tx.throwIfFailed(); // a swallowed error would make the driver retry forever
            return result;
          } catch (e) {
            lastError = e;
            throw e;
          } finally {
            tx.end();
          }
        },
        {
          // Reads see one snapshot, and a commit is acknowledged once a majority has it (so a
          // failover cannot roll it back); neither is a transaction's default.
          readConcern: { level: 'snapshot' },
          writeConcern: { w: 'majority' },
          maxCommitTimeMS: this.transactionTimeoutMS,
        },
      );
    } catch (e) {
      throw this.mapError(e, undefined);
    } finally {
      await session.endSession();
    }
  }

  async scrubFreed(): Promise<void> {
    // Nothing to fold: WiredTiger reuses freed space and its journal is the operator's to manage.
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
    collection: string,
    tx: Tx | undefined,
    what: string,
    work: (session: ClientSession | undefined) => Promise<R>,
  ): Promise<R> {
    if (tx === undefined) {
      this.scope.assertOutside(what, true);
      try {
        return await work(undefined);
      } catch (e) {
        throw this.mapError(e, collection);
      }
    }
    const handle = this.scope.check(tx);
    try {
      return await work(handle.session);
    } catch (e) {
      const mapped = this.mapError(e, collection, true);
      handle.fail(mapped);
      throw mapped;
    }
  }
}

const indexKey = (collection: string, fields: string[]): string => `${collection}\u0000${fields.join('\u0000')}`;

/**
 * Fails with MongoTopologyConfigError unless the server is a replica-set member or a mongos:
 * a standalone server accepts every write but refuses the first transaction, much later.
 */
async function assertTransactional(client: MongoClient, url: string): Promise<void> {
  const hello = await client.db('admin').command({ hello: 1 });
  if (typeof hello.setName === 'string' || hello.msg === 'isdbgrid') return;
  const where = url.replace(/\/\/[^@/]*@/, '//***@');
  throw new MongoTopologyConfigError(
    `MONGODB_URL (${where}) names a standalone MongoDB server: transactions need a replica-set member or mongos, e.g. mongodb://127.0.0.1:27017/?replicaSet=rs0`,
  );
}

/**
 * Connects to MongoDB; fails with StoreUnavailableError when no server answers in time and
 * with MongoTopologyConfigError (code CONFIG_MISSING) when the server cannot run transactions.
 */
export async function openMongoStore(options: MongoStoreOptions): Promise<MongoDocumentStore> {
  // ignoreUndefined: undefined fields are dropped, as JSON (and the SQLite adapter) drops them.
  const client = new MongoClient(options.url, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
    ignoreUndefined: true,
  });
  try {
    await client.connect();
    await assertTransactional(client, options.url);
  } catch (e) {
    await client.close().catch(() => undefined);
    throw mapMongoError(e);
  }
  return new MongoDocumentStore(client, options.dbName, options);
}

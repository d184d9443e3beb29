/**
 * DocumentStore on an embedded SQLite file (better-sqlite3): one table `(id, doc)` per collection,
 * filters compiled to json_extract expressions, unique indexes on those expressions.
 *
 * better-sqlite3 is synchronous and the connection has one transaction at a time, while
 * withTransaction's fn is async. So a per-store mutex serializes: a transaction holds it from
 * BEGIN to COMMIT/ROLLBACK, operations without a tx take it too (they wait instead of seeing or
 * joining an open transaction), and operations with the current tx run directly.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { LruCache, type LruBounds } from '@svc/cache';
import { AsyncMutex } from './async-mutex.js';
import {
  DuplicateKeyError,
  StoreUnavailableError,
  type Collection,
  type Document,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Tx,
} from './document-store.js';
import { assertDocument, assertIndexSpec, assertName, setEntries } from './validate.js';
import { compileFilter, compileFind, fieldExpr, typeExpr } from './sql-filter.js';
import { TxHandle, TxScope } from './tx-scope.js';

export interface SqliteStoreOptions {
  /** Database file (its directory is created when missing), or ':memory:'. */
  file: string;
  /** How long a statement waits for another process's lock before failing; default 5000. */
  busyTimeoutMs?: number;
  /** Bounds of the prepared-statement cache; default STATEMENT_CACHE_BOUNDS. */
  statementCache?: LruBounds;
}

/** Result codes meaning the database cannot be used right now, rather than a bad request. */
const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|NOTADB|CORRUPT|READONLY|PROTOCOL|NOLFS|AUTH)/;
/**
 * Prepared statements kept per database (docs/operations.md "Memory bounds"). A statement's text
 * follows the filter's shape, and an `$in` list's length is part of it, so the bounds hold however
 * long the lists callers send are; a statement costs its text and a few KB of SQLite's own.
 */
export const STATEMENT_CACHE_BOUNDS: LruBounds = { maxEntries: 500, maxBytes: 8 * 1024 * 1024 };
const STATEMENT_BYTES = 4 * 1024;

/** SQLite index names are per database, so they carry the collection: `<collection>.<index>`. */
function sqliteIndexName(spec: IndexSpec): string {
  return `${spec.collection}.${spec.name}`;
}

/** Translates SQLite errors into the port's errors; anything else passes through. */
export function mapSqliteError(e: unknown): unknown {
  if (!(e instanceof Database.SqliteError)) return e;
  if (e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return new DuplicateKeyError('_id_');
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    // "UNIQUE constraint failed: index 'orders.by_ref'"
    const sqlName = /index '([^']+)'/.exec(e.message)?.[1];
    return new DuplicateKeyError(sqlName ? sqlName.slice(sqlName.indexOf('.') + 1) : '_id_');
  }
  if (UNAVAILABLE.test(e.code)) return new StoreUnavailableError(e.message, { cause: e });
  return e;
}

/** scrubFreed waits this often (50, 100, … ms) for other connections' readers to finish. */
const SCRUB_ATTEMPTS = 8;
const SCRUB_RETRY_MS = 50;

export class SqliteDocumentStore implements DocumentStore {
  private readonly db: Database.Database;
  private readonly mutex = new AsyncMutex();
  private readonly scope = new TxScope<TxHandle>(this);
  /** Tables known to exist; cleared on errors and rollback, which may have undone a CREATE TABLE. */
  private readonly tables = new Set<string>();
  private readonly statements: LruCache<Database.Statement>;
  private closed = false;

  /** Opens synchronously; prefer openSqliteStore, which reports failures as StoreUnavailableError. */
  constructor(options: SqliteStoreOptions) {
    const { file } = options;
    const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    this.statements = new LruCache({
      ...(options.statementCache ?? STATEMENT_CACHE_BOUNDS),
      sizeOf: () => STATEMENT_BYTES,
    });
    if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0)
      throw new TypeError('busyTimeoutMs must be a non-negative integer');
    if (file !== ':memory:' && file !== '') mkdirSync(dirname(resolve(file)), { recursive: true });
    this.db = new Database(file, { timeout: busyTimeoutMs });
    try {
      // WAL: readers in other processes do not block the writer; busy_timeout: wait on their locks.
      this.db.pragma('journal_mode = WAL');
      this.db.pragma(`busy_timeout = ${busyTimeoutMs}`);
      // Deleted and overwritten content is zeroed, not left in free space (scrubFreed).
      this.db.pragma('secure_delete = ON');
    } catch (e) {
      this.db.close();
      throw e;
    }
  }

  collection<T extends Document>(name: string): Collection<T> {
    assertName('collection', name);
    const table = `"${name}"`;
    const selectDocs = (filter: Filter, opts: FindOptions = {}): T[] => {
      const { sql, params } = compileFind(table, filter, opts);
      const { fields } = opts;
      if (!fields) return this.all<{ doc: string }>(name, sql, params).map((r) => JSON.parse(r.doc) as T);
      const [{ rows }] = this.all<{ rows: string }>(name, sql, params) as [{ rows: string }];
      return (JSON.parse(rows) as unknown[][]).map((row) => {
        const doc: Record<string, unknown> = { _id: row[0] };
        for (let i = 0; i < fields.length; i++) doc[fields[i]!] = row[i + 1];
        return doc as T;
      });
    };
    return {
      insertOne: (doc, tx) =>
        this.exec(tx, 'insertOne', () => {
          assertDocument(doc);
          this.run(name, `INSERT INTO ${table} (id, doc) VALUES (?, ?)`, [doc._id, JSON.stringify(doc)]);
        }),
      findOne: (filter, tx) => this.exec(tx, 'findOne', () => selectDocs(filter, { limit: 1 })[0] ?? null),
      find: (filter, opts, tx) => this.exec(tx, 'find', () => selectDocs(filter, opts)),
      count: (filter, tx) =>
        this.exec(tx, 'count', () => {
          const where = compileFilter(filter);
          return (
            this.all<{ n: number }>(name, `SELECT count(*) AS n FROM ${table} WHERE ${where.sql}`, where.params)[0]
              ?.n ?? 0
          );
        }),
      updateOne: (filter, set, tx) =>
        this.exec(tx, 'updateOne', () => {
          const entries = setEntries(set);
          const where = compileFilter(filter);
          // One write transaction (a savepoint inside ours) so the match cannot change before the update.
          return this.db
            .transaction((): number => {
              const row = this.all<{ id: string }>(
                name,
                `SELECT id FROM ${table} WHERE ${where.sql} LIMIT 1`,
                where.params,
              )[0];
              if (!row) return 0;
              const newId = entries.find(([k]) => k === '_id')?.[1];
              if (newId !== undefined && newId !== row.id) throw new Error('updateOne cannot change _id');
              if (entries.length > 0) {
                const paths = entries.map(([k]) => `'$.${k}', json(?)`).join(', ');
                const values = entries.map(([k, v]) => {
                  const json = JSON.stringify(v);
                  if (json === undefined) throw new TypeError(`update field ${k} is not JSON-serializable`);
                  return json;
                });
                this.run(name, `UPDATE ${table} SET doc = json_set(doc, ${paths}) WHERE id = ?`, [...values, row.id]);
              }
              return 1;
            })
            .immediate();
        }),
      deleteMany: (filter, tx) =>
        this.exec(tx, 'deleteMany', () => {
          const where = compileFilter(filter);
          return this.run(name, `DELETE FROM ${table} WHERE ${where.sql}`, where.params).changes;
        }),
    };
  }

  async dropIndex(collection: string, name: string): Promise<void> {
    this.scope.assertOutside('dropIndex', false);
    assertName('collection', collection);
    assertName('index', name);
    const index = sqliteIndexName({ collection, name, fields: [] });
    await this.mutex.runExclusive(() => this.attempt(() => this.db.exec(`DROP INDEX IF EXISTS "${index}"`)));
  }

  async ensureIndexes(specs: IndexSpec[]): Promise<void> {
    this.scope.assertOutside('ensureIndexes', false);
    const statements = specs.map((spec) => {
      assertIndexSpec(spec);
      // A covering index holds the fields' JSON types too: every filter term checks the type
      // (sql-filter.ts), and without them each row's document would be parsed to check it.
      const types = spec.covering ? spec.fields.filter((f) => f !== '_id').map(typeExpr) : [];
      const exprs = [...spec.fields.map(fieldExpr), ...types].join(', ');
      const unique = spec.unique ? 'UNIQUE ' : '';
      const name = sqliteIndexName(spec);
      return { spec, name, sql: `CREATE ${unique}INDEX "${name}" ON "${spec.collection}" (${exprs})` };
    });
    await this.mutex.runExclusive(() =>
      this.attempt(() =>
        // All or none: a unique index failing on existing duplicates leaves no other index half-made.
        this.db
          .transaction(() => {
            for (const { spec, name, sql } of statements) {
              this.ensureTable(spec.collection);
              const existing = this.db
                .prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`)
                .get(name) as { sql: string } | undefined;
              // SQLite keeps the CREATE text verbatim, so a different text means a different definition.
              if (!existing) this.db.exec(sql);
              else if (existing.sql !== sql) {
                throw new Error(`index ${spec.name} on ${spec.collection} already exists with a different definition`);
              }
            }
          })
          .immediate(),
      ),
    );
  }

  async withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    this.scope.assertOutside('withTransaction', false);
    return this.mutex.runExclusive(async () => {
      // IMMEDIATE takes the write lock now, so COMMIT cannot fail on another process's lock.
      this.attempt(() => this.db.exec('BEGIN IMMEDIATE'));
      const tx = new TxHandle(this);
      let result: R;
      try {
        result = await this.scope.run(tx, () => fn(tx));
        tx.throwIfFailed(); // fn swallowed an operation's error: the transaction is doomed anyway
      } catch (error) {
        tx.end();
        this.rollback(error);
        throw error;
      }
      tx.end();
      try {
        this.attempt(() => this.db.exec('COMMIT'));
      } catch (error) {
        this.rollback(error);
        throw error;
      }
      return result;
    });
  }

  async ping(): Promise<void> {
    // No mutex: SELECT 1 touches no data, so it may run while a transaction is open.
    this.attempt(() => this.db.prepare('SELECT 1').get());
  }

  async scrubFreed(): Promise<void> {
    this.scope.assertOutside('scrubFreed', false);
    // A reader in another connection (the CLI, a second process) keeps the log from being
    // truncated: then the checkpoint answers busy, and the bytes are still there.
    for (let attempt = 1; ; attempt++) {
      const [result] = await this.mutex.runExclusive(() =>
        this.attempt(() => this.db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>),
      );
      if (!result || result.busy === 0) return;
      if (attempt === SCRUB_ATTEMPTS) {
        throw new StoreUnavailableError('the write-ahead log could not be truncated: another connection is reading it');
      }
      await new Promise((resolve) => setTimeout(resolve, SCRUB_RETRY_MS * attempt));
    }
  }

  async close(): Promise<void> {
    this.scope.assertOutside('close', false);
    await this.mutex.runExclusive(() => {
      if (this.closed) return;
      this.closed = true;
      this.statements.clear();
      this.db.close();
    });
  }

  /** Runs one operation: directly inside its transaction, else exclusively (after any open transaction). */
  private async exec<R>(tx: Tx | undefined, what: string, work: () => R): Promise<R> {
    if (tx === undefined) {
      this.scope.assertOutside(what, true);
      return this.mutex.runExclusive(() => this.attempt(work));
    }
    const handle = this.scope.check(tx);
    try {
      return this.attempt(work);
    } catch (error) {
      handle.fail(error);
      throw error;
    }
  }

  private attempt<R>(work: () => R): R {
    if (this.closed) throw new StoreUnavailableError('store is closed');
    try {
      return work();
    } catch (e) {
      // A failed (savepoint) transaction may have undone a CREATE TABLE; re-checking is cheap.
      this.tables.clear();
      throw mapSqliteError(e);
    }
  }

  private rollback(cause: unknown): void {
    this.tables.clear();
    try {
      // SQLite may already have rolled back by itself (e.g. on SQLITE_FULL).
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    } catch (e) {
      throw new StoreUnavailableError(`rollback failed after: ${String(cause)}`, { cause: e });
    }
  }

  private ensureTable(name: string): void {
    if (this.tables.has(name)) return;
    this.db.exec(`CREATE TABLE IF NOT EXISTS "${name}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL) STRICT`);
    this.tables.add(name);
  }

  private statement(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  private all<Row>(table: string, sql: string, params: unknown[]): Row[] {
    this.ensureTable(table);
    return this.statement(sql).all(...params) as Row[];
  }

  private run(table: string, sql: string, params: unknown[]): Database.RunResult {
    this.ensureTable(table);
    return this.statement(sql).run(...params);
  }
}

/** Opens (creating when missing) the store's database file. */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<SqliteDocumentStore> {
  try {
    return new SqliteDocumentStore(options);
  } catch (e) {
    throw mapSqliteError(e);
  }
}

import { DependencyUnavailableError } from '@svc/errors';

/**
 * The store port: named collections of JSON documents keyed by `_id`, with unique indexes,
 * simple filters and multi-document transactions. A small subset of MongoDB's model, so the
 * MongoDB adapter is thin and the embedded SQL adapter can implement it exactly.
 */
export type Scalar = string | number | boolean | null;

/**
 * Per-field condition: a value (equality) or operators. Fields may be dotted paths of identifiers
 * (`a.b_c`); `undefined` is rejected (it would silently widen the filter).
 * Comparisons are type-strict as in MongoDB: `1` does not match `true` or `"1"`, `$gt: 5` only
 * matches numbers. `null` (and `$in` containing null) matches null and missing fields;
 * `$ne` matches documents where the field is missing. `$in: []` matches nothing.
 */
export type FieldCondition =
  | Scalar
  | {
      $eq?: Scalar;
      $ne?: Scalar;
      $gt?: number | string;
      $gte?: number | string;
      $lt?: number | string;
      $lte?: number | string;
      $in?: Scalar[];
    };

export type Filter = Record<string, FieldCondition>;

export type Document = { _id: string } & Record<string, unknown>;

export interface FindOptions {
  /**
   * Fields to sort by, 1 ascending, -1 descending, applied in order. Missing/null sort first when
   * ascending. Ties, and fields holding values of mixed types, have no portable order.
   */
  sort?: Array<[field: string, direction: 1 | -1]>;
  /** Maximum number of documents; 0 or absent means no limit (MongoDB's meaning). */
  limit?: number;
  /**
   * A projection: each answered document holds `_id` and only these top-level fields, a missing one
   * as null. Only for fields holding numbers, strings or null (booleans and objects would not come
   * back as they were stored). With a `covering` index holding the filter's, the sort's and these
   * fields, the read opens no document at all: the occupancy read of availability.
   */
  fields?: readonly string[];
}

export interface IndexSpec {
  collection: string;
  /** Fields of the index, in order. */
  fields: string[];
  /**
   * Unique over documents where all fields are set. Documents with an indexed field null or
   * missing: MongoDB treats them as equal (a second one clashes), SQLite as distinct; do not rely
   * on either.
   */
  unique?: boolean;
  /** Names the index within its collection (an identifier); reported by DuplicateKeyError. */
  name: string;
  /**
   * A read that filters, sorts and projects (FindOptions.fields) on this index's fields alone is
   * answered from the index without opening a document. SQLite: the index also holds each
   * field's JSON type, which the filters' type checks read. MongoDB covers such reads with any
   * index (_id included in it): nothing to add.
   */
  covering?: boolean;
}

/**
 * Transaction handle passed to every operation that must take part in the transaction. It is only
 * valid until its transaction ends; using it afterwards throws.
 */
export interface Tx {
  readonly __tx: true;
}

export interface Collection<T extends Document> {
  insertOne(doc: T, tx?: Tx): Promise<void>;
  findOne(filter: Filter, tx?: Tx): Promise<T | null>;
  find(filter: Filter, opts?: FindOptions, tx?: Tx): Promise<T[]>;
  count(filter: Filter, tx?: Tx): Promise<number>;
  /**
   * Sets the given top-level fields (no dots, no `$`) on the first match; answers how many matched
   * (0 or 1). Fields whose value is `undefined` are left alone; `_id` cannot change.
   */
  updateOne(filter: Filter, set: Partial<T>, tx?: Tx): Promise<number>;
  deleteMany(filter: Filter, tx?: Tx): Promise<number>;
}

export interface DocumentStore {
  /** name: an identifier (`[A-Za-z_][A-Za-z0-9_]*`, not starting with `sqlite_`); otherwise throws. */
  collection<T extends Document>(name: string): Collection<T>;
  /**
   * Creates the indexes and their collections (idempotent). Give every collection that a
   * transaction may write first an index, so it exists before any transaction: MongoDB cannot
   * reliably create a collection inside concurrent transactions.
   */
  ensureIndexes(specs: IndexSpec[]): Promise<void>;
  /**
   * Drops the index `name` of `collection` if it exists (a no-op otherwise), for indexes a
   * release no longer defines; never call it inside a transaction.
   */
  dropIndex(collection: string, name: string): Promise<void>;
  /**
   * Runs fn in one transaction: all of its writes commit together, or none do when it throws
   * (the error is rethrown). Operations must pass the tx handle to take part. Inside fn:
   * - await operations one at a time (MongoDB does not support parallel operations in a transaction);
   * - do not swallow an operation's error: a failed operation dooms the transaction, later
   *   operations on it throw that error again and withTransaction rejects with it;
   * - operations on this store without the tx handle, nested withTransaction, ensureIndexes and
   *   close throw (on SQLite they would wait for this very transaction forever);
   * - fn may run more than once: MongoDB retries it on transient conflicts, so keep side effects
   *   outside the store idempotent or do them after withTransaction resolves.
   */
  withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R>;
  /** Throws when the store is unreachable (health checks). */
  ping(): Promise<void>;
  /**
   * Makes what deletes and overwrites removed unreadable in the store's files too (docs/decisions.md
   * "Privacy"): SQLite zeroes freed content as it goes (secure_delete) and here folds its
   * write-ahead log, which still holds earlier versions of the pages, into the database and
   * truncates it; MongoDB has no such step (its storage engine reuses freed space; a replica's
   * files are the operator's). Call after an erase; never inside a transaction.
   */
  scrubFreed(): Promise<void>;
  close(): Promise<void>;
}

/** A unique index was violated; `index` names it. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(
    readonly index: string,
    message = `duplicate key for unique index ${index}`,
  ) {
    super(message);
  }
}

/** The store could not be reached or the transaction could not commit for infrastructure reasons. */
export class StoreUnavailableError extends DependencyUnavailableError {
  override readonly name = 'StoreUnavailableError';
}

/**
 * The store port: named collections of JSON documents keyed by `_id`, with unique indexes,
 * simple filters and multi-document transactions. A small subset of MongoDB's model, so the
 * MongoDB adapter is thin and the embedded SQL adapter can implement it exactly.
 */
export type Scalar = string | number | boolean | null;

/** Per-field condition: a value (equality) or operators. Fields may be dotted paths. */
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
  /** Fields to sort by, 1 ascending, -1 descending, applied in order. */
  sort?: Array<[field: string, direction: 1 | -1]>;
  limit?: number;
}

export interface IndexSpec {
  collection: string;
  /** Fields of the index, in order. */
  fields: string[];
  unique?: boolean;
  name: string;
}

/** Transaction handle passed to every operation that must take part in the transaction. */
export interface Tx {
  readonly __tx: true;
}

export interface Collection<T extends Document> {
  insertOne(doc: T, tx?: Tx): Promise<void>;
  findOne(filter: Filter, tx?: Tx): Promise<T | null>;
  find(filter: Filter, opts?: FindOptions, tx?: Tx): Promise<T[]>;
  count(filter: Filter, tx?: Tx): Promise<number>;
  /** Sets the given top-level fields on the first match; answers how many matched (0 or 1). */
  updateOne(filter: Filter, set: Partial<T>, tx?: Tx): Promise<number>;
  deleteMany(filter: Filter, tx?: Tx): Promise<number>;
}

export interface DocumentStore {
  collection<T extends Document>(name: string): Collection<T>;
  /** Creates the indexes (idempotent). */
  ensureIndexes(specs: IndexSpec[]): Promise<void>;
  /**
   * Runs fn in one transaction: all of its writes commit together, or none do when it throws
   * (the error is rethrown). Operations must pass the tx handle to take part.
   */
  withTransaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R>;
  /** Throws when the store is unreachable (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A unique index was violated; `index` names it. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(readonly index: string, message = `duplicate key for unique index ${index}`) {
    super(message);
  }
}

/** The store could not be reached or the transaction could not commit for infrastructure reasons. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

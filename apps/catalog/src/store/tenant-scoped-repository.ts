import {
  encodePageCursor,
  findPage,
  LIST_ORDER,
  type Collection,
  type DocumentStore,
  type Filter,
  type PageRequest,
  type Tx,
} from '@svc/store';

/** A page of records as the catalog's lists answer it: the next cursor already encoded ('' at the end). */
export type Page<T> = { items: T[]; nextCursor: string };

export type ScopedRecord = Record<string, unknown> & { tenantId: string; createdAtMs: number };
export type Stored<R> = R & { _id: string };

/** Documents carry the record's id as `_id`; records handed out do not carry `_id`. */
export function fromStored<R>(doc: Stored<R>): R {
  const { _id, ...record } = doc;
  return record as unknown as R;
}

/**
 * A collection of records that belong to a tenant. Every read filters by tenantId, so an id of
 * another tenant is simply not found: no caller can forget the scope.
 */
export class TenantScopedRepository<R extends ScopedRecord> {
  protected readonly collection: Collection<Stored<R>>;

  constructor(
    store: DocumentStore,
    name: string,
    private readonly idOf: (record: R) => string,
  ) {
    this.collection = store.collection<Stored<R>>(name);
  }

  async insert(record: R, tx?: Tx): Promise<void> {
    await this.collection.insertOne({ ...record, _id: this.idOf(record) }, tx);
  }

  async get(tenantId: string, id: string, tx?: Tx): Promise<R | null> {
    const doc = await this.collection.findOne({ _id: id, tenantId }, tx);
    return doc && fromStored(doc);
  }

  /** Writes every field of an updated record (read within the same transaction). */
  async save(record: R, tx: Tx): Promise<void> {
    const id = this.idOf(record);
    // `_id` is written unchanged (updateOne allows that), which keeps the document type whole.
    await this.collection.updateOne({ _id: id, tenantId: record.tenantId }, { ...record, _id: id }, tx);
  }

  /** The records among `ids` that exist in the tenant, in list order. */
  async findByIds(tenantId: string, ids: readonly string[], tx?: Tx): Promise<R[]> {
    if (ids.length === 0) return [];
    return this.findAll(tenantId, { _id: { $in: [...ids] } }, tx);
  }

  protected async page(tenantId: string, filter: Filter, page: PageRequest): Promise<Page<R>> {
    const found = await findPage(this.collection, { ...filter, tenantId }, page);
    return { items: found.items.map(fromStored), nextCursor: found.next ? encodePageCursor(found.next) : '' };
  }

  /** Unpaged, in list order, for small sets (a service's staff, a schedule snapshot). */
  protected async findAll(tenantId: string, filter: Filter, tx?: Tx): Promise<R[]> {
    const docs = await this.collection.find({ ...filter, tenantId }, { sort: LIST_ORDER }, tx);
    return docs.map(fromStored);
  }
}

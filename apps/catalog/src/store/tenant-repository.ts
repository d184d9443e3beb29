import { randomBytes } from 'node:crypto';
import { encodePageCursor, findPage, type Collection, type DocumentStore, type PageRequest, type Tx } from '@svc/store';
import type { TenantRecord } from '../domain/tenant.js';
import { COLLECTIONS } from './collections.js';
import { fromStored, type Page, type Stored } from './tenant-scoped-repository.js';

/** The tenant document also carries the catalog version (not part of the tenant record). */
type TenantDoc = Stored<TenantRecord> & { catalogVersion?: string };

/** Tenants are the scope of everything else, so they are looked up by id or (public) slug. */
export class TenantRepository {
  private readonly collection: Collection<TenantDoc>;

  constructor(store: DocumentStore) {
    this.collection = store.collection<TenantDoc>(COLLECTIONS.tenants);
  }

  /**
   * Marks the tenant's catalog as changed: every write to the tenant or one of its records
   * calls this before it answers (in its transaction when it has one), so a reader that finds
   * the version unchanged knows its copy is current (docs/architecture.md "Booking create").
   */
  async bumpCatalogVersion(tenantId: string, tx?: Tx): Promise<void> {
    await this.collection.updateOne({ _id: tenantId }, { catalogVersion: randomBytes(9).toString('base64url') }, tx);
  }

  async insert(record: TenantRecord): Promise<void> {
    await this.collection.insertOne({ ...record, _id: record.tenantId });
  }

  async get(tenantId: string, tx?: Tx): Promise<TenantRecord | null> {
    const doc = await this.collection.findOne({ _id: tenantId }, tx);
    return doc && toRecord(doc);
  }

  /**
   * The tenant and its catalog version, read together; the version is '' until the catalog's
   * first change since versions exist.
   */
  async getVersioned(tenantId: string): Promise<{ tenant: TenantRecord; catalogVersion: string } | null> {
    const doc = await this.collection.findOne({ _id: tenantId });
    return doc && { tenant: toRecord(doc), catalogVersion: doc.catalogVersion ?? '' };
  }

  /** The tenant of a public slug and its catalog version, read together ('' as getVersioned). */
  async getBySlugVersioned(slug: string): Promise<{ tenant: TenantRecord; catalogVersion: string } | null> {
    const doc = await this.collection.findOne({ slug });
    return doc && { tenant: toRecord(doc), catalogVersion: doc.catalogVersion ?? '' };
  }

  /** Every tenant in (createdAtMs, id) order: the services' retention sweepers walk them. */
  async list(page: PageRequest): Promise<Page<TenantRecord>> {
    const found = await findPage(this.collection, {}, page);
    return { items: found.items.map(toRecord), nextCursor: found.next ? encodePageCursor(found.next) : '' };
  }

  async save(record: TenantRecord, tx: Tx): Promise<void> {
    await this.collection.updateOne({ _id: record.tenantId }, record, tx);
  }
}

function toRecord(doc: TenantDoc): TenantRecord {
  const { catalogVersion: _version, ...stored } = doc;
  return fromStored(stored);
}

import type { Collection, DocumentStore, Tx } from '@svc/store';
import type { TenantRecord } from '../domain/tenant.js';
import { COLLECTIONS } from './collections.js';
import { fromStored, type Stored } from './tenant-scoped-repository.js';

/** Tenants are the scope of everything else, so they are looked up by id or (public) slug. */
export class TenantRepository {
  private readonly collection: Collection<Stored<TenantRecord>>;

  constructor(store: DocumentStore) {
    this.collection = store.collection<Stored<TenantRecord>>(COLLECTIONS.tenants);
  }

  async insert(record: TenantRecord): Promise<void> {
    await this.collection.insertOne({ ...record, _id: record.tenantId });
  }

  async get(tenantId: string, tx?: Tx): Promise<TenantRecord | null> {
    const doc = await this.collection.findOne({ _id: tenantId }, tx);
    return doc && fromStored(doc);
  }

  async getBySlug(slug: string): Promise<TenantRecord | null> {
    const doc = await this.collection.findOne({ slug });
    return doc && fromStored(doc);
  }

  async save(record: TenantRecord, tx: Tx): Promise<void> {
    await this.collection.updateOne({ _id: record.tenantId }, record, tx);
  }
}

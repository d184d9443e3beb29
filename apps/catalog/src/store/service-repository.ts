import type { DocumentStore, Filter, PageRequest, Tx } from '@svc/store';
import type { ServiceRecord } from '../domain/service.js';
import { COLLECTIONS } from './collections.js';
import { fromStored, TenantScopedRepository, type Page } from './tenant-scoped-repository.js';

export class ServiceRepository extends TenantScopedRepository<ServiceRecord> {
  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.services, (r) => r.serviceId);
  }

  async findBySlug(tenantId: string, slug: string, tx?: Tx): Promise<ServiceRecord | null> {
    const doc = await this.collection.findOne({ tenantId, slug }, tx);
    return doc && fromStored(doc);
  }

  /** Every active service of the tenant, in list order (the public booking page). */
  findActive(tenantId: string): Promise<ServiceRecord[]> {
    return this.findAll(tenantId, { status: 'active' });
  }

  /** An empty `statuses` lists every status. */
  list(tenantId: string, statuses: readonly string[], page: PageRequest): Promise<Page<ServiceRecord>> {
    const filter: Filter = statuses.length > 0 ? { status: { $in: [...statuses] } } : {};
    return this.page(tenantId, filter, page);
  }
}

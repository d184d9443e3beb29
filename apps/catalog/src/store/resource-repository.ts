import type { DocumentStore, PageRequest } from '@svc/store';
import type { ResourceRecord } from '../domain/resource.js';
import { COLLECTIONS } from './collections.js';
import { TenantScopedRepository, type Page } from './tenant-scoped-repository.js';

export class ResourceRepository extends TenantScopedRepository<ResourceRecord> {
  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.resources, (r) => r.resourceId);
  }

  list(tenantId: string, page: PageRequest): Promise<Page<ResourceRecord>> {
    return this.page(tenantId, {}, page);
  }
}

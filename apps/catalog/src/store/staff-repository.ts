import type { DocumentStore, PageRequest } from '@svc/store';
import type { StaffRecord } from '../domain/staff.js';
import { COLLECTIONS } from './collections.js';
import { TenantScopedRepository, type Page } from './tenant-scoped-repository.js';

export class StaffRepository extends TenantScopedRepository<StaffRecord> {
  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.staff, (r) => r.staffId);
  }

  list(tenantId: string, page: PageRequest): Promise<Page<StaffRecord>> {
    return this.page(tenantId, {}, page);
  }
}

import type { DocumentStore, Filter, PageRequest } from '@svc/store';
import type { AvailabilityRuleRecord } from '../domain/availability-rule.js';
import { COLLECTIONS } from './collections.js';
import { TenantScopedRepository, type Page } from './tenant-scoped-repository.js';

/** Deleted rules stay stored but are left out of every list. */
export class AvailabilityRuleRepository extends TenantScopedRepository<AvailabilityRuleRecord> {
  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.availabilityRules, (r) => r.ruleId);
  }

  /** Absent owner fields do not filter. */
  listActive(
    tenantId: string,
    owner: { ownerType?: string; ownerId?: string },
    page: PageRequest,
  ): Promise<Page<AvailabilityRuleRecord>> {
    const filter: Filter = { status: 'active' };
    if (owner.ownerType !== undefined) filter.ownerType = owner.ownerType;
    if (owner.ownerId !== undefined) filter.ownerId = owner.ownerId;
    return this.page(tenantId, filter, page);
  }

  findActiveForOwners(tenantId: string, ownerIds: readonly string[]): Promise<AvailabilityRuleRecord[]> {
    return this.findAll(tenantId, { status: 'active', ownerId: { $in: [...ownerIds] } });
  }
}

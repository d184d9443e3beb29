import type { DocumentStore, Filter, PageRequest } from '@svc/store';
import type { BlockedTimeRecord } from '../domain/blocked-time.js';
import type { TimeWindow } from '../domain/schedule-window.js';
import { COLLECTIONS } from './collections.js';
import { TenantScopedRepository, type Page } from './tenant-scoped-repository.js';

/** [startsAtMs, endsAtMs) overlaps [fromMs, toMs) when it starts before toMs and ends after fromMs. */
function overlapping(window: Partial<TimeWindow>): Filter {
  const filter: Filter = { status: 'active' };
  if (window.toMs !== undefined) filter.startsAtMs = { $lt: window.toMs };
  if (window.fromMs !== undefined) filter.endsAtMs = { $gt: window.fromMs };
  return filter;
}

/** Deleted blocks stay stored but are left out of every list. */
export class BlockedTimeRepository extends TenantScopedRepository<BlockedTimeRecord> {
  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.blockedTimes, (r) => r.blockId);
  }

  listActive(tenantId: string, window: Partial<TimeWindow>, page: PageRequest): Promise<Page<BlockedTimeRecord>> {
    return this.page(tenantId, overlapping(window), page);
  }

  findActiveOverlapping(
    tenantId: string,
    ownerIds: readonly string[],
    window: TimeWindow,
  ): Promise<BlockedTimeRecord[]> {
    return this.findAll(tenantId, { ...overlapping(window), ownerId: { $in: [...ownerIds] } });
  }
}

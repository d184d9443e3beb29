import type { DocumentStore, Filter, PageRequest } from '@svc/store';
import type { DateOverrideRecord } from '../domain/date-override.js';
import { COLLECTIONS } from './collections.js';
import { TenantScopedRepository, type Page } from './tenant-scoped-repository.js';

/** YYYY-MM-DD strings order like the dates they name. */
function between(fromDate: string | undefined, toDate: string | undefined): Filter {
  if (fromDate === undefined && toDate === undefined) return {};
  return { date: { ...(fromDate ? { $gte: fromDate } : {}), ...(toDate ? { $lte: toDate } : {}) } };
}

/** Deleted overrides stay stored but are left out of every list. */
export class DateOverrideRepository extends TenantScopedRepository<DateOverrideRecord> {
  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.dateOverrides, (r) => r.overrideId);
  }

  listActive(
    tenantId: string,
    dates: { fromDate?: string; toDate?: string },
    page: PageRequest,
  ): Promise<Page<DateOverrideRecord>> {
    return this.page(tenantId, { status: 'active', ...between(dates.fromDate, dates.toDate) }, page);
  }

  findActiveBetween(
    tenantId: string,
    ownerIds: readonly string[],
    firstDate: string,
    lastDate: string,
  ): Promise<DateOverrideRecord[]> {
    return this.findAll(tenantId, {
      status: 'active',
      ownerId: { $in: [...ownerIds] },
      ...between(firstDate, lastDate),
    });
  }
}

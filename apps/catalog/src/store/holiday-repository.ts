import type { DocumentStore, PageRequest } from '@svc/store';
import type { HolidayRecord } from '../domain/holiday.js';
import { COLLECTIONS } from './collections.js';
import { TenantScopedRepository, type Page } from './tenant-scoped-repository.js';

/** Deleted holidays stay stored but are left out of every list. */
export class HolidayRepository extends TenantScopedRepository<HolidayRecord> {
  constructor(store: DocumentStore) {
    super(store, COLLECTIONS.holidays, (r) => r.holidayId);
  }

  listActive(tenantId: string, page: PageRequest): Promise<Page<HolidayRecord>> {
    return this.page(tenantId, { status: 'active' }, page);
  }

  /** YYYY-MM-DD strings order like the dates they name. */
  findActiveBetween(tenantId: string, firstDate: string, lastDate: string): Promise<HolidayRecord[]> {
    return this.findAll(tenantId, { status: 'active', date: { $gte: firstDate, $lte: lastDate } });
  }
}

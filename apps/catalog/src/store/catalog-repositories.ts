import type { DocumentStore } from '@svc/store';
import { AvailabilityRuleRepository } from './availability-rule-repository.js';
import { BlockedTimeRepository } from './blocked-time-repository.js';
import { DateOverrideRepository } from './date-override-repository.js';
import { HolidayRepository } from './holiday-repository.js';
import { ResourceRepository } from './resource-repository.js';
import { ServiceRepository } from './service-repository.js';
import { StaffRepository } from './staff-repository.js';
import { TenantRepository } from './tenant-repository.js';

export interface CatalogRepositories {
  tenants: TenantRepository;
  services: ServiceRepository;
  staff: StaffRepository;
  resources: ResourceRepository;
  rules: AvailabilityRuleRepository;
  blockedTimes: BlockedTimeRepository;
  holidays: HolidayRepository;
  dateOverrides: DateOverrideRepository;
}

export function catalogRepositories(store: DocumentStore): CatalogRepositories {
  return {
    tenants: new TenantRepository(store),
    services: new ServiceRepository(store),
    staff: new StaffRepository(store),
    resources: new ResourceRepository(store),
    rules: new AvailabilityRuleRepository(store),
    blockedTimes: new BlockedTimeRepository(store),
    holidays: new HolidayRepository(store),
    dateOverrides: new DateOverrideRepository(store),
  };
}

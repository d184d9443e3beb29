import type { ScheduleInput } from '../domain/availability/index.js';

export interface TenantInfo {
  tenantId: string;
  slug: string;
  name: string;
  timezone: string;
  status: string;
}

export interface ServiceInfo {
  serviceId: string;
  slug: string;
  name: string;
  status: string;
  durationMin: number;
  bufferBeforeMin: number;
  bufferAfterMin: number;
  staffIds: string[];
  resourceIds: string[];
}

/** Everything availability needs about one service, from the catalog. */
export interface ServiceSchedule {
  tenant: TenantInfo;
  service: ServiceInfo;
  schedule: ScheduleInput;
}

export interface ScheduleSource {
  /** Throws NOT_FOUND for an unknown tenant or service slug. */
  forService(tenantId: string, serviceSlug: string, fromMs: number, toMs: number): Promise<ServiceSchedule>;
}

/** A service as the booking service looks it up by id: its slug and its current buffers. */
export interface ServiceRef {
  serviceId: string;
  slug: string;
  bufferBeforeMin: number;
  bufferAfterMin: number;
}

export interface ServiceLookup {
  /** The service as the catalog has it now; throws NOT_FOUND for an unknown id. */
  byId(tenantId: string, serviceId: string): Promise<ServiceRef>;
}

export interface CustomerInput {
  name: string;
  primaryEmail?: string | undefined;
  phone?: string | undefined;
  locale?: string | undefined;
}

export interface CustomerSnapshot {
  customerId: string;
  name: string;
  primaryEmail: string | null;
}

export interface CustomerDirectory {
  lookupOrCreate(tenantId: string, input: CustomerInput): Promise<CustomerSnapshot>;
}

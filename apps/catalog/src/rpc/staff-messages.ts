import type { catalogV1 } from '@svc/proto';
import type { StaffInput, StaffRecord } from '../domain/staff.js';

export const toStaffMessage = (r: StaffRecord): catalogV1.Staff => ({
  staffId: r.staffId,
  tenantId: r.tenantId,
  userId: r.userId ?? '',
  displayName: r.displayName,
  email: r.email ?? '',
  timezone: r.timezone ?? '',
  status: r.status,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

export const toStaffInput = (fields: catalogV1.StaffFields | undefined): StaffInput => ({ ...fields });

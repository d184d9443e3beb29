import type { catalogV1 } from '@svc/proto';
import { newId } from '../domain/ids.js';
import { newStaff, patchStaff, type StaffRecord } from '../domain/staff.js';
import { entityRpc, type CatalogContext, type CatalogHandlers } from './entity-rpc.js';

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

export function staffHandlers(
  ctx: CatalogContext,
): CatalogHandlers<'createStaff' | 'listStaff' | 'getStaff' | 'updateStaff'> {
  const { repos, now } = ctx;
  const staff = entityRpc(ctx, {
    what: 'Staff',
    repo: repos.staff,
    toMessage: toStaffMessage,
    build: async (fields: catalogV1.StaffFields | undefined, tenant) =>
      newStaff({ ...fields }, { id: newId('staff'), tenantId: tenant.tenantId, now: now() }),
    patch: async (current, fields) => patchStaff(current, { ...fields }, now()),
  });
  return {
    createStaff: async (req) => ({ staff: await staff.create(req.tenantId, req.fields) }),
    listStaff: (req) => staff.list(req.tenantId, req.page, (tenantId, page) => repos.staff.list(tenantId, page)),
    getStaff: async (req) => ({ staff: await staff.get(req.tenantId, req.staffId) }),
    updateStaff: async (req) => ({ staff: await staff.update(req.tenantId, req.staffId, req.fields) }),
  };
}

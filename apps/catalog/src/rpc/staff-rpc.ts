import type { catalogV1 } from '@svc/proto';
import { newId } from '../domain/ids.js';
import { newStaff, patchStaff, type StaffRecord } from '../domain/staff.js';
import { entityRpc, type CatalogContext, type CatalogHandlers } from './entity-rpc.js';

/** The record's fields are the message's; an unset one is ''. */
export const toStaffMessage = (r: StaffRecord): catalogV1.Staff => ({
  ...r,
  userId: r.userId ?? '',
  email: r.email ?? '',
  timezone: r.timezone ?? '',
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

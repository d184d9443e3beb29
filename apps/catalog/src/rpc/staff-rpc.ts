import { unary } from '@svc/grpc';
import { newId } from '../domain/ids.js';
import { parsePageRequest } from '../domain/paging.js';
import { newStaff, patchStaff } from '../domain/staff.js';
import type { CatalogContext } from './catalog-context.js';
import { rpcName, type Handlers } from './handlers.js';
import { found, requireTenant } from './lookups.js';
import { toPageResponse } from './page-messages.js';
import { toStaffInput, toStaffMessage } from './staff-messages.js';

export function staffHandlers(ctx: CatalogContext): Handlers<'createStaff' | 'listStaff' | 'getStaff' | 'updateStaff'> {
  const { store, repos, logger, now } = ctx;
  return {
    createStaff: unary(rpcName('CreateStaff'), logger, async (req) => {
      const tenant = await requireTenant(repos, req.tenantId);
      const staff = newStaff(toStaffInput(req.fields), { id: newId('staff'), tenantId: tenant.tenantId, now: now() });
      await repos.staff.insert(staff);
      return { staff: toStaffMessage(staff) };
    }),

    listStaff: unary(rpcName('ListStaff'), logger, async (req) => {
      const page = parsePageRequest(req.page);
      const tenant = await requireTenant(repos, req.tenantId);
      const result = await repos.staff.list(tenant.tenantId, page);
      return { items: result.items.map(toStaffMessage), page: toPageResponse(result.nextCursor) };
    }),

    getStaff: unary(rpcName('GetStaff'), logger, async (req) => {
      const staff = found(await repos.staff.get(req.tenantId, req.staffId), 'Staff');
      return { staff: toStaffMessage(staff) };
    }),

    updateStaff: unary(rpcName('UpdateStaff'), logger, async (req) => {
      const input = toStaffInput(req.fields);
      const staff = await store.withTransaction(async (tx) => {
        const next = patchStaff(found(await repos.staff.get(req.tenantId, req.staffId, tx), 'Staff'), input, now());
        await repos.staff.save(next, tx);
        return next;
      });
      return { staff: toStaffMessage(staff) };
    }),
  };
}

import type { catalogV1 } from '@svc/proto';
import { newHoliday, patchHoliday, type HolidayRecord } from '../domain/holiday.js';
import { newId } from '../domain/ids.js';
import { entityRpc, type CatalogContext, type CatalogHandlers } from './entity-rpc.js';

export const toHolidayMessage = (r: HolidayRecord): catalogV1.Holiday => ({
  holidayId: r.holidayId,
  tenantId: r.tenantId,
  date: r.date,
  name: r.name,
  status: r.status,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

export function holidayHandlers(
  ctx: CatalogContext,
): CatalogHandlers<'createHoliday' | 'listHolidays' | 'getHoliday' | 'updateHoliday'> {
  const { repos, now } = ctx;
  const holidays = entityRpc(ctx, {
    what: 'Holiday',
    repo: repos.holidays,
    softDeleted: true,
    toMessage: toHolidayMessage,
    build: async (fields: catalogV1.HolidayFields | undefined, tenant) =>
      newHoliday({ ...fields }, { id: newId('holiday'), tenantId: tenant.tenantId, now: now() }),
    patch: async (current, fields) => patchHoliday(current, { ...fields }, now()),
  });
  return {
    createHoliday: async (req) => ({ holiday: await holidays.create(req.tenantId, req.fields) }),
    listHolidays: (req) =>
      holidays.list(req.tenantId, req.page, (tenantId, page) => repos.holidays.listActive(tenantId, page)),
    getHoliday: async (req) => ({ holiday: await holidays.get(req.tenantId, req.holidayId) }),
    updateHoliday: async (req) => ({ holiday: await holidays.update(req.tenantId, req.holidayId, req.fields) }),
  };
}

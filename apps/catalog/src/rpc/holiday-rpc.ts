import { unary } from '@svc/grpc';
import { newHoliday, patchHoliday } from '../domain/holiday.js';
import { newId } from '../domain/ids.js';
import { parsePageRequest } from '../domain/paging.js';
import type { CatalogContext } from './catalog-context.js';
import { rpcName, type Handlers } from './handlers.js';
import { toHolidayInput, toHolidayMessage } from './holiday-messages.js';
import { foundActive, requireTenant } from './lookups.js';
import { toPageResponse } from './page-messages.js';

export function holidayHandlers(
  ctx: CatalogContext,
): Handlers<'createHoliday' | 'listHolidays' | 'getHoliday' | 'updateHoliday'> {
  const { store, repos, logger, now } = ctx;
  return {
    createHoliday: unary(rpcName('CreateHoliday'), logger, async (req) => {
      const tenant = await requireTenant(repos, req.tenantId);
      const context = { id: newId('holiday'), tenantId: tenant.tenantId, now: now() };
      const holiday = newHoliday(toHolidayInput(req.fields), context);
      await repos.holidays.insert(holiday);
      return { holiday: toHolidayMessage(holiday) };
    }),

    listHolidays: unary(rpcName('ListHolidays'), logger, async (req) => {
      const page = parsePageRequest(req.page);
      const tenant = await requireTenant(repos, req.tenantId);
      const result = await repos.holidays.listActive(tenant.tenantId, page);
      return { items: result.items.map(toHolidayMessage), page: toPageResponse(result.nextCursor) };
    }),

    getHoliday: unary(rpcName('GetHoliday'), logger, async (req) => {
      const holiday = foundActive(await repos.holidays.get(req.tenantId, req.holidayId), 'Holiday');
      return { holiday: toHolidayMessage(holiday) };
    }),

    updateHoliday: unary(rpcName('UpdateHoliday'), logger, async (req) => {
      const input = toHolidayInput(req.fields);
      const holiday = await store.withTransaction(async (tx) => {
        const current = foundActive(await repos.holidays.get(req.tenantId, req.holidayId, tx), 'Holiday');
        const next = patchHoliday(current, input, now());
        await repos.holidays.save(next, tx);
        return next;
      });
      return { holiday: toHolidayMessage(holiday) };
    }),
  };
}

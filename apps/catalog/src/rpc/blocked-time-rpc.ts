import { unary } from '@svc/grpc';
import { newBlockedTime, parseBlockListWindow, patchBlockedTime } from '../domain/blocked-time.js';
import { newId } from '../domain/ids.js';
import { ownerToLookUp } from '../domain/owner.js';
import { parsePageRequest } from '../domain/paging.js';
import { toBlockedTimeInput, toBlockedTimeMessage } from './blocked-time-messages.js';
import type { CatalogContext } from './catalog-context.js';
import { rpcName, type Handlers } from './handlers.js';
import { findOwner, foundActive, requireTenant } from './lookups.js';
import { toPageResponse } from './page-messages.js';

export function blockedTimeHandlers(
  ctx: CatalogContext,
): Handlers<'createBlockedTime' | 'listBlockedTimes' | 'getBlockedTime' | 'updateBlockedTime'> {
  const { store, repos, logger, now } = ctx;
  return {
    createBlockedTime: unary(rpcName('CreateBlockedTime'), logger, async (req) => {
      const tenant = await requireTenant(repos, req.tenantId);
      const input = toBlockedTimeInput(req.fields);
      // Owners are never erased (only disabled), so the one found cannot vanish before the insert.
      const owner = await findOwner(repos, tenant.tenantId, ownerToLookUp(input));
      const context = { id: newId('blockedTime'), tenantId: tenant.tenantId, now: now(), found: owner };
      const blockedTime = newBlockedTime(input, context);
      await repos.blockedTimes.insert(blockedTime);
      return { blockedTime: toBlockedTimeMessage(blockedTime) };
    }),

    listBlockedTimes: unary(rpcName('ListBlockedTimes'), logger, async (req) => {
      const page = parsePageRequest(req.page);
      const window = parseBlockListWindow(req.fromMs, req.toMs);
      const tenant = await requireTenant(repos, req.tenantId);
      const result = await repos.blockedTimes.listActive(tenant.tenantId, window, page);
      return { items: result.items.map(toBlockedTimeMessage), page: toPageResponse(result.nextCursor) };
    }),

    getBlockedTime: unary(rpcName('GetBlockedTime'), logger, async (req) => {
      const blockedTime = foundActive(await repos.blockedTimes.get(req.tenantId, req.blockId), 'Blocked time');
      return { blockedTime: toBlockedTimeMessage(blockedTime) };
    }),

    updateBlockedTime: unary(rpcName('UpdateBlockedTime'), logger, async (req) => {
      const input = toBlockedTimeInput(req.fields);
      const blockedTime = await store.withTransaction(async (tx) => {
        const current = foundActive(await repos.blockedTimes.get(req.tenantId, req.blockId, tx), 'Blocked time');
        const owner = await findOwner(repos, current.tenantId, ownerToLookUp(input, current), tx);
        const next = patchBlockedTime(current, input, { tenantId: current.tenantId, now: now(), found: owner });
        await repos.blockedTimes.save(next, tx);
        return next;
      });
      return { blockedTime: toBlockedTimeMessage(blockedTime) };
    }),
  };
}

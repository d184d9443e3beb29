import type { catalogV1 } from '@svc/proto';
import {
  newBlockedTime,
  parseBlockListWindow,
  patchBlockedTime,
  type BlockedTimeRecord,
} from '../domain/blocked-time.js';
import { newId } from '../domain/ids.js';
import { ownerToLookUp } from '../domain/owner.js';
import { entityRpc, type CatalogContext, type CatalogHandlers } from './entity-rpc.js';
import { findOwner } from './lookups.js';

export const toBlockedTimeMessage = (r: BlockedTimeRecord): catalogV1.BlockedTime => ({
  blockId: r.blockId,
  tenantId: r.tenantId,
  ownerType: r.ownerType,
  ownerId: r.ownerId,
  startsAtMs: r.startsAtMs,
  endsAtMs: r.endsAtMs,
  reason: r.reason,
  status: r.status,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

export function blockedTimeHandlers(
  ctx: CatalogContext,
): CatalogHandlers<'createBlockedTime' | 'listBlockedTimes' | 'getBlockedTime' | 'updateBlockedTime'> {
  const { repos, now } = ctx;
  const blocks = entityRpc(ctx, {
    what: 'Blocked time',
    repo: repos.blockedTimes,
    softDeleted: true,
    toMessage: toBlockedTimeMessage,
    build: async (fields: catalogV1.BlockedTimeFields | undefined, tenant) => {
      const input = { ...fields };
      // Owners are never erased (only disabled), so the one found cannot vanish before the insert.
      const owner = await findOwner(repos, tenant.tenantId, ownerToLookUp(input));
      return newBlockedTime(input, { id: newId('blockedTime'), tenantId: tenant.tenantId, now: now(), found: owner });
    },
    patch: async (current, fields, tx) => {
      const input = { ...fields };
      const owner = await findOwner(repos, current.tenantId, ownerToLookUp(input, current), tx);
      return patchBlockedTime(current, input, { tenantId: current.tenantId, now: now(), found: owner });
    },
  });
  return {
    createBlockedTime: async (req) => ({ blockedTime: await blocks.create(req.tenantId, req.fields) }),
    listBlockedTimes: (req) => {
      const window = parseBlockListWindow(req.fromMs, req.toMs);
      return blocks.list(req.tenantId, req.page, (tenantId, page) =>
        repos.blockedTimes.listActive(tenantId, window, page),
      );
    },
    getBlockedTime: async (req) => ({ blockedTime: await blocks.get(req.tenantId, req.blockId) }),
    updateBlockedTime: async (req) => ({ blockedTime: await blocks.update(req.tenantId, req.blockId, req.fields) }),
  };
}

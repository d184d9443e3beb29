import type { catalogV1 } from '@svc/proto';
import {
  newDateOverride,
  parseOverrideListDates,
  patchDateOverride,
  type DateOverrideInput,
  type DateOverrideRecord,
} from '../domain/date-override.js';
import { newId } from '../domain/ids.js';
import { ownerToLookUp } from '../domain/owner.js';
import { entityRpc, type CatalogContext, type CatalogHandlers } from './entity-rpc.js';
import { findOwner } from './lookups.js';

export const toDateOverrideMessage = (r: DateOverrideRecord): catalogV1.DateOverride => ({
  overrideId: r.overrideId,
  tenantId: r.tenantId,
  ownerType: r.ownerType,
  ownerId: r.ownerId,
  date: r.date,
  windows: r.windows.map((w) => ({ startMinute: w.startMinute, endMinute: w.endMinute })),
  status: r.status,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

/** The wire's fields as the domain's input: `windows` counts only when `windowsSet`. */
function inputOf(fields: catalogV1.DateOverrideFields | undefined): DateOverrideInput {
  const { windows, windowsSet, ...rest } = fields ?? { windows: [], windowsSet: false };
  return { ...rest, ...(windowsSet ? { windows } : {}) };
}

export function dateOverrideHandlers(
  ctx: CatalogContext,
): CatalogHandlers<'createDateOverride' | 'listDateOverrides' | 'getDateOverride' | 'updateDateOverride'> {
  const { repos, now } = ctx;
  const overrides = entityRpc(ctx, {
    what: 'Date override',
    repo: repos.dateOverrides,
    softDeleted: true,
    toMessage: toDateOverrideMessage,
    build: async (fields: catalogV1.DateOverrideFields | undefined, tenant) => {
      const input = inputOf(fields);
      // Owners are never erased (only disabled), so the one found cannot vanish before the insert.
      const owner = await findOwner(repos, tenant.tenantId, ownerToLookUp(input));
      return newDateOverride(input, { id: newId('dateOverride'), tenantId: tenant.tenantId, now: now(), found: owner });
    },
    patch: async (current, fields, tx) => {
      const input = inputOf(fields);
      const owner = await findOwner(repos, current.tenantId, ownerToLookUp(input, current), tx);
      return patchDateOverride(current, input, { tenantId: current.tenantId, now: now(), found: owner });
    },
  });
  return {
    createDateOverride: async (req) => ({ dateOverride: await overrides.create(req.tenantId, req.fields) }),
    listDateOverrides: (req) => {
      const dates = parseOverrideListDates(req.fromDate, req.toDate);
      return overrides.list(req.tenantId, req.page, (tenantId, page) =>
        repos.dateOverrides.listActive(tenantId, dates, page),
      );
    },
    getDateOverride: async (req) => ({ dateOverride: await overrides.get(req.tenantId, req.overrideId) }),
    updateDateOverride: async (req) => ({
      dateOverride: await overrides.update(req.tenantId, req.overrideId, req.fields),
    }),
  };
}

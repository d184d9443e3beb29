import type { catalogV1 } from '@svc/proto';
import {
  newAvailabilityRule,
  patchAvailabilityRule,
  type AvailabilityRuleRecord,
} from '../domain/availability-rule.js';
import { newId } from '../domain/ids.js';
import { ownerToLookUp, parseOwnerFilter } from '../domain/owner.js';
import { entityRpc, type CatalogContext, type CatalogHandlers } from './entity-rpc.js';
import { findOwner } from './lookups.js';

/** The record's fields are the message's; an unbounded effective bound is absent. */
export const toRuleMessage = (r: AvailabilityRuleRecord): catalogV1.AvailabilityRule => ({
  ...r,
  effectiveFromAtMs: r.effectiveFromAtMs ?? undefined,
  effectiveUntilAtMs: r.effectiveUntilAtMs ?? undefined,
});

export function availabilityRuleHandlers(
  ctx: CatalogContext,
): CatalogHandlers<
  'createAvailabilityRule' | 'listAvailabilityRules' | 'getAvailabilityRule' | 'updateAvailabilityRule'
> {
  const { repos, now } = ctx;
  const rules = entityRpc(ctx, {
    what: 'Availability rule',
    repo: repos.rules,
    softDeleted: true,
    toMessage: toRuleMessage,
    build: async (fields: catalogV1.AvailabilityRuleFields | undefined, tenant) => {
      const input = { ...fields };
      // Owners are never erased (only disabled), so the one found cannot vanish before the insert.
      const owner = await findOwner(repos, tenant.tenantId, ownerToLookUp(input));
      const context = { tenantId: tenant.tenantId, tenantTimezone: tenant.timezone, now: now(), found: owner };
      return newAvailabilityRule(input, { ...context, id: newId('rule') });
    },
    patch: async (current, fields, tx) => {
      const input = { ...fields };
      const owner = await findOwner(repos, current.tenantId, ownerToLookUp(input, current), tx);
      return patchAvailabilityRule(current, input, { tenantId: current.tenantId, now: now(), found: owner });
    },
  });
  return {
    createAvailabilityRule: async (req) => ({ rule: await rules.create(req.tenantId, req.fields) }),
    listAvailabilityRules: (req) => {
      const owner = parseOwnerFilter(req.ownerType, req.ownerId);
      return rules.list(req.tenantId, req.page, (tenantId, page) => repos.rules.listActive(tenantId, owner, page));
    },
    getAvailabilityRule: async (req) => ({ rule: await rules.get(req.tenantId, req.ruleId) }),
    updateAvailabilityRule: async (req) => ({ rule: await rules.update(req.tenantId, req.ruleId, req.fields) }),
  };
}

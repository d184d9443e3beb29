import { unary } from '@svc/grpc';
import { newAvailabilityRule, patchAvailabilityRule } from '../domain/availability-rule.js';
import { newId } from '../domain/ids.js';
import { ownerToLookUp, parseOwnerFilter } from '../domain/owner.js';
import { parsePageRequest } from '../domain/paging.js';
import { toRuleInput, toRuleMessage } from './availability-rule-messages.js';
import type { CatalogContext } from './catalog-context.js';
import { rpcName, type Handlers } from './handlers.js';
import { findOwner, foundActive, requireTenant } from './lookups.js';
import { toPageResponse } from './page-messages.js';

export function availabilityRuleHandlers(
  ctx: CatalogContext,
): Handlers<'createAvailabilityRule' | 'listAvailabilityRules' | 'getAvailabilityRule' | 'updateAvailabilityRule'> {
  const { store, repos, logger, now } = ctx;
  return {
    createAvailabilityRule: unary(rpcName('CreateAvailabilityRule'), logger, async (req) => {
      const tenant = await requireTenant(repos, req.tenantId);
      const input = toRuleInput(req.fields);
      // Owners are never erased (only disabled), so the one found cannot vanish before the insert.
      const owner = await findOwner(repos, tenant.tenantId, ownerToLookUp(input));
      const rule = newAvailabilityRule(input, {
        id: newId('rule'),
        tenantId: tenant.tenantId,
        tenantTimezone: tenant.timezone,
        now: now(),
        found: owner,
      });
      await repos.rules.insert(rule);
      return { rule: toRuleMessage(rule) };
    }),

    listAvailabilityRules: unary(rpcName('ListAvailabilityRules'), logger, async (req) => {
      const page = parsePageRequest(req.page);
      const owner = parseOwnerFilter(req.ownerType, req.ownerId);
      const tenant = await requireTenant(repos, req.tenantId);
      const result = await repos.rules.listActive(tenant.tenantId, owner, page);
      return { items: result.items.map(toRuleMessage), page: toPageResponse(result.nextCursor) };
    }),

    getAvailabilityRule: unary(rpcName('GetAvailabilityRule'), logger, async (req) => {
      const rule = foundActive(await repos.rules.get(req.tenantId, req.ruleId), 'Availability rule');
      return { rule: toRuleMessage(rule) };
    }),

    updateAvailabilityRule: unary(rpcName('UpdateAvailabilityRule'), logger, async (req) => {
      const input = toRuleInput(req.fields);
      const rule = await store.withTransaction(async (tx) => {
        const current = foundActive(await repos.rules.get(req.tenantId, req.ruleId, tx), 'Availability rule');
        const owner = await findOwner(repos, current.tenantId, ownerToLookUp(input, current), tx);
        const next = patchAvailabilityRule(current, input, { tenantId: current.tenantId, now: now(), found: owner });
        await repos.rules.save(next, tx);
        return next;
      });
      return { rule: toRuleMessage(rule) };
    }),
  };
}

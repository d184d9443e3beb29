import { unary } from '@svc/grpc';
import { newId } from '../domain/ids.js';
import { newTenant, patchTenant } from '../domain/tenant.js';
import type { CatalogContext } from './catalog-context.js';
import { rpcName, type Handlers } from './handlers.js';
import { found, rejectSlugClash, requireTenant } from './lookups.js';
import { toTenantCreateInput, toTenantMessage, toTenantPatch } from './tenant-messages.js';

export function tenantHandlers(
  ctx: CatalogContext,
): Handlers<'createTenant' | 'getTenant' | 'getTenantBySlug' | 'updateTenant'> {
  const { store, repos, logger, now } = ctx;
  return {
    createTenant: unary(rpcName('CreateTenant'), logger, async (req) => {
      const tenant = newTenant(toTenantCreateInput(req), { id: newId('tenant'), now: now() });
      await rejectSlugClash('tenant', () => repos.tenants.insert(tenant));
      return { tenant: toTenantMessage(tenant) };
    }),

    getTenant: unary(rpcName('GetTenant'), logger, async (req) => ({
      tenant: toTenantMessage(await requireTenant(repos, req.tenantId)),
    })),

    getTenantBySlug: unary(rpcName('GetTenantBySlug'), logger, async (req) => ({
      tenant: toTenantMessage(found(req.slug === '' ? null : await repos.tenants.getBySlug(req.slug), 'Tenant')),
    })),

    updateTenant: unary(rpcName('UpdateTenant'), logger, async (req) => {
      const patch = toTenantPatch(req);
      const tenant = await store.withTransaction(async (tx) => {
        const next = patchTenant(await requireTenant(repos, req.tenantId, tx), patch, now());
        await repos.tenants.save(next, tx);
        return next;
      });
      return { tenant: toTenantMessage(tenant) };
    }),
  };
}

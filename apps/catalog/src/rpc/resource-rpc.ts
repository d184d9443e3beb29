import { unary } from '@svc/grpc';
import { newId } from '../domain/ids.js';
import { parsePageRequest } from '../domain/paging.js';
import { newResource, patchResource } from '../domain/resource.js';
import type { CatalogContext } from './catalog-context.js';
import { rpcName, type Handlers } from './handlers.js';
import { found, requireTenant } from './lookups.js';
import { toPageResponse } from './page-messages.js';
import { toResourceInput, toResourceMessage } from './resource-messages.js';

export function resourceHandlers(
  ctx: CatalogContext,
): Handlers<'createResource' | 'listResources' | 'getResource' | 'updateResource'> {
  const { store, repos, logger, now } = ctx;
  return {
    createResource: unary(rpcName('CreateResource'), logger, async (req) => {
      const tenant = await requireTenant(repos, req.tenantId);
      const context = { id: newId('resource'), tenantId: tenant.tenantId, now: now() };
      const resource = newResource(toResourceInput(req.fields), context);
      await repos.resources.insert(resource);
      return { resource: toResourceMessage(resource) };
    }),

    listResources: unary(rpcName('ListResources'), logger, async (req) => {
      const page = parsePageRequest(req.page);
      const tenant = await requireTenant(repos, req.tenantId);
      const result = await repos.resources.list(tenant.tenantId, page);
      return { items: result.items.map(toResourceMessage), page: toPageResponse(result.nextCursor) };
    }),

    getResource: unary(rpcName('GetResource'), logger, async (req) => {
      const resource = found(await repos.resources.get(req.tenantId, req.resourceId), 'Resource');
      return { resource: toResourceMessage(resource) };
    }),

    updateResource: unary(rpcName('UpdateResource'), logger, async (req) => {
      const input = toResourceInput(req.fields);
      const resource = await store.withTransaction(async (tx) => {
        const current = found(await repos.resources.get(req.tenantId, req.resourceId, tx), 'Resource');
        const next = patchResource(current, input, now());
        await repos.resources.save(next, tx);
        return next;
      });
      return { resource: toResourceMessage(resource) };
    }),
  };
}

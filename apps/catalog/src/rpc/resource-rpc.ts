import type { catalogV1 } from '@svc/proto';
import { newId } from '../domain/ids.js';
import { newResource, patchResource, type ResourceRecord } from '../domain/resource.js';
import { entityRpc, type CatalogContext, type CatalogHandlers } from './entity-rpc.js';

export const toResourceMessage = (r: ResourceRecord): catalogV1.Resource => ({
  resourceId: r.resourceId,
  tenantId: r.tenantId,
  type: r.type,
  name: r.name,
  locationLabel: r.locationLabel,
  capacity: r.capacity,
  status: r.status,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

export function resourceHandlers(
  ctx: CatalogContext,
): CatalogHandlers<'createResource' | 'listResources' | 'getResource' | 'updateResource'> {
  const { repos, now } = ctx;
  const resources = entityRpc(ctx, {
    what: 'Resource',
    repo: repos.resources,
    toMessage: toResourceMessage,
    build: async (fields: catalogV1.ResourceFields | undefined, tenant) =>
      newResource({ ...fields }, { id: newId('resource'), tenantId: tenant.tenantId, now: now() }),
    patch: async (current, fields) => patchResource(current, { ...fields }, now()),
  });
  return {
    createResource: async (req) => ({ resource: await resources.create(req.tenantId, req.fields) }),
    listResources: (req) =>
      resources.list(req.tenantId, req.page, (tenantId, page) => repos.resources.list(tenantId, page)),
    getResource: async (req) => ({ resource: await resources.get(req.tenantId, req.resourceId) }),
    updateResource: async (req) => ({ resource: await resources.update(req.tenantId, req.resourceId, req.fields) }),
  };
}

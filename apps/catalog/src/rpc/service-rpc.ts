import { validationError } from '@svc/errors';
import { unary } from '@svc/grpc';
import { newId } from '../domain/ids.js';
import { parsePageRequest } from '../domain/paging.js';
import { newService, parseServiceStatusFilter, patchService } from '../domain/service.js';
import type { CatalogContext } from './catalog-context.js';
import { rpcName, type Handlers } from './handlers.js';
import { findServiceReferences, found, rejectSlugClash, requireTenant } from './lookups.js';
import { toPageResponse } from './page-messages.js';
import { toServiceInput, toServiceMessage } from './service-messages.js';

export function serviceHandlers(
  ctx: CatalogContext,
): Handlers<'createService' | 'listServices' | 'getService' | 'updateService'> {
  const { store, repos, logger, now } = ctx;
  return {
    createService: unary(rpcName('CreateService'), logger, async (req) => {
      const tenant = await requireTenant(repos, req.tenantId);
      const input = toServiceInput(req.fields);
      // Staff and resources are never erased (only disabled), so the references cannot vanish before the insert.
      const references = await findServiceReferences(repos, tenant.tenantId, input);
      const context = { id: newId('service'), tenantId: tenant.tenantId, now: now(), references };
      const service = newService(input, context);
      await rejectSlugClash('service', () => repos.services.insert(service));
      return { service: toServiceMessage(service) };
    }),

    listServices: unary(rpcName('ListServices'), logger, async (req) => {
      const page = parsePageRequest(req.page);
      const statuses = parseServiceStatusFilter(req.statuses);
      const tenant = await requireTenant(repos, req.tenantId);
      const result = await repos.services.list(tenant.tenantId, statuses, page);
      return { items: result.items.map(toServiceMessage), page: toPageResponse(result.nextCursor) };
    }),

    getService: unary(rpcName('GetService'), logger, async (req) => {
      if (req.serviceId === '' && req.slug === '') {
        throw validationError([{ path: 'params.serviceId', message: 'serviceId or slug is required' }]);
      }
      const service =
        req.serviceId !== ''
          ? await repos.services.get(req.tenantId, req.serviceId)
          : await repos.services.findBySlug(req.tenantId, req.slug);
      // Both given: they must name the same service.
      const matches = service !== null && (req.slug === '' || service.slug === req.slug);
      return { service: toServiceMessage(found(matches ? service : null, 'Service')) };
    }),

    updateService: unary(rpcName('UpdateService'), logger, async (req) => {
      const input = toServiceInput(req.fields);
      const service = await rejectSlugClash('service', () =>
        store.withTransaction(async (tx) => {
          const current = found(await repos.services.get(req.tenantId, req.serviceId, tx), 'Service');
          const references = await findServiceReferences(repos, current.tenantId, input, tx);
          const next = patchService(current, input, { tenantId: current.tenantId, now: now(), references });
          await repos.services.save(next, tx);
          return next;
        }),
      );
      return { service: toServiceMessage(service) };
    }),
  };
}

import { type CatalogClient } from '@svc/grpc';
import type { ServiceLookup, ServiceRef } from '../application/ports.js';
import { servicePaymentOf } from './service-payment.js';

/** Services by id from the catalog, uncached: each caller asks once per request (see buffer-fill.ts). */
export function catalogServices(client: CatalogClient): ServiceLookup {
  return {
    async byId(tenantId: string, serviceId: string): Promise<ServiceRef> {
      const { service } = await client.getService({ tenantId, serviceId, slug: '' });
      if (!service) throw new Error('catalog answered without a service');
      return {
        serviceId: service.serviceId,
        slug: service.slug,
        name: service.name,
        bufferBeforeMin: service.bufferBeforeMin,
        bufferAfterMin: service.bufferAfterMin,
        staffIds: service.staffIds,
        resourceIds: service.resourceIds,
        ...servicePaymentOf(service),
      };
    },
  };
}

import type { catalogV1 } from '@svc/proto';
import type { ResourceInput, ResourceRecord } from '../domain/resource.js';

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

export const toResourceInput = (fields: catalogV1.ResourceFields | undefined): ResourceInput => ({ ...fields });

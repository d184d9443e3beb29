import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import { trimmedTextSchema } from '@svc/rules';
import { registerAdminResource } from '../../api/admin-resource.js';
import { int, nameSchema, optionalText, patchOf } from '../../api/field-schemas.js';
import { pageQuerySchema, pageRequest } from '../../api/paging.js';
import { DASHBOARD_SURFACE, onSurface, type AdminSurface } from '../../api/surfaces.js';

/** ResourceAdminRecord: the catalog's Resource message as it is. */
const resourceRecordSchema = z
  .object({
    resourceId: z.string(),
    tenantId: z.string(),
    type: z.string().describe('Kind of resource, e.g. room or equipment.'),
    name: z.string(),
    locationLabel: z.string(),
    capacity: z.number().int().describe('Bookings it can hold at the same time.'),
    status: z.string().describe('active | disabled'),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe('A room, seat or piece of equipment a service needs.');

const resourceFieldsShape = {
  type: trimmedTextSchema(64, { required: true }),
  name: nameSchema,
  locationLabel: optionalText(200),
  // No default here: the service applies capacity 1, so PATCH never resets it by accident.
  capacity: int(1, 10_000).describe('Default: 1.'),
  status: z.enum(['active', 'disabled']).describe('Default: active.'),
};

const createResourceSchema = z.strictObject(resourceFieldsShape).partial().required({ type: true, name: true });
const patchResourceSchema = patchOf(resourceFieldsShape);

/** /api/resources (or /v1/resources): rooms and equipment that services need. */
export function registerResourceRoutes(
  app: FastifyInstance,
  catalog: CatalogClient,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  registerAdminResource(app, {
    ...onSurface(surface, 'resources', 'resources'),
    idParam: 'resourceId',
    singular: 'resource',
    plural: 'resources',
    field: 'resource',
    record: resourceRecordSchema,
    listQuery: pageQuerySchema,
    createBody: createResourceSchema,
    patchBody: patchResourceSchema,
    list: (tenantId, query) => catalog.listResources({ tenantId, page: pageRequest(query) }),
    create: (tenantId, fields) => catalog.createResource({ tenantId, fields }),
    update: (tenantId, resourceId, fields) => catalog.updateResource({ tenantId, resourceId, fields }),
    get: (tenantId, resourceId) => catalog.getResource({ tenantId, resourceId }),
  });
}

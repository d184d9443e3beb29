import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { emailSchema, optionalIdSchema, timeZoneSchema } from '@svc/rules';
import { DASHBOARD_SURFACE, onSurface, registerAdminResource, type AdminSurface } from './admin-resource.js';
import { pageRequest } from './paging.js';
import { nameSchema, pageQuerySchema, patchOf } from './schemas.js';

/** StaffAdminRecord: the catalog's Staff message as it is. */
const staffRecordSchema = z
  .object({
    staffId: z.string(),
    tenantId: z.string(),
    userId: z.string().describe('The dashboard user this staff member is, if any.'),
    displayName: z.string(),
    email: z.string(),
    timezone: z.string(),
    status: z.string().describe('active | disabled'),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe('A person who performs services.');

const staffFieldsShape = {
  displayName: nameSchema,
  // '' clears userId, email and timezone.
  userId: optionalIdSchema,
  email: emailSchema.or(z.literal('')),
  timezone: timeZoneSchema.or(z.literal('')).describe("Default ('' or absent): the tenant's time zone."),
  status: z.enum(['active', 'disabled']).describe('Default: active.'),
};

const createStaffSchema = z.strictObject(staffFieldsShape).partial().required({ displayName: true });
const patchStaffSchema = patchOf(staffFieldsShape);

/** A page of the tenant's staff: the list route's query and call, also MCP `list_staff`'s. */
export const listStaffQuery = pageQuerySchema;
export const listStaff = (
  catalog: CatalogClient,
  tenantId: string,
  query: z.output<typeof listStaffQuery>,
): Promise<catalogV1.ListStaffResponse> => catalog.listStaff({ tenantId, page: pageRequest(query) });

/** /api/staff (or /v1/staff): the people who perform services. */
export function registerStaffRoutes(
  app: FastifyInstance,
  catalog: CatalogClient,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  registerAdminResource(app, {
    ...onSurface(surface, 'staff', 'staff'),
    idParam: 'staffId',
    singular: 'staff member',
    plural: 'staff',
    field: 'staff',
    record: staffRecordSchema,
    // A staff member's calendar is connected by their id, on the dashboard.
    ...('access' in surface
      ? {}
      : {
          createdLinks: [
            { to: 'POST /api/integrations/caldav', body: { staffId: 'staffId' } },
            { to: 'POST /api/integrations/google/connect', body: { staffId: 'staffId' } },
            { to: 'POST /api/integrations/microsoft/connect', body: { staffId: 'staffId' } },
          ],
        }),
    listQuery: listStaffQuery,
    createBody: createStaffSchema,
    patchBody: patchStaffSchema,
    list: (tenantId, query) => listStaff(catalog, tenantId, query),
    create: (tenantId, fields) => catalog.createStaff({ tenantId, fields }),
    update: (tenantId, staffId, fields) => catalog.updateStaff({ tenantId, staffId, fields }),
    get: (tenantId, staffId) => catalog.getStaff({ tenantId, staffId }),
  });
}

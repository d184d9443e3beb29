import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import { emailSchema, optionalIdSchema, timeZoneSchema } from '@svc/rules';
import { registerAdminResource } from './admin-resource.js';
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

/** /api/staff: the people who perform services. */
export function registerStaffRoutes(app: FastifyInstance, catalog: CatalogClient): void {
  registerAdminResource(app, {
    path: '/api/staff',
    idParam: 'staffId',
    tag: 'staff',
    singular: 'staff member',
    plural: 'staff',
    field: 'staff',
    record: staffRecordSchema,
    // A staff member's calendar is connected by their id.
    createdLinks: [
      { to: 'POST /api/integrations/caldav', body: { staffId: 'staffId' } },
      { to: 'POST /api/integrations/google/connect', body: { staffId: 'staffId' } },
    ],
    listQuery: pageQuerySchema,
    createBody: createStaffSchema,
    patchBody: patchStaffSchema,
    list: (tenantId, query) => catalog.listStaff({ tenantId, page: pageRequest(query) }),
    create: (tenantId, fields) => catalog.createStaff({ tenantId, fields }),
    update: (tenantId, staffId, fields) => catalog.updateStaff({ tenantId, staffId, fields }),
    get: (tenantId, staffId) => catalog.getStaff({ tenantId, staffId }),
  });
}

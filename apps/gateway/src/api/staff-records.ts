import { z } from 'zod';
import type { CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { emailSchema, optionalIdSchema, timeZoneSchema } from '@svc/rules';
import { nameSchema, patchOf } from './field-schemas.js';
import { pageQuerySchema, pageRequest } from './paging.js';

/**
 * A staff member as the HTTP API shows and takes it: the record, the create and update bodies, and
 * the list (the staff routes on `/api` and `/v1`, MCP `list_staff`).
 */

/** StaffAdminRecord: the catalog's Staff message as it is. */
export const staffRecordSchema = z
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

export const createStaffSchema = z.strictObject(staffFieldsShape).partial().required({ displayName: true });
export const patchStaffSchema = patchOf(staffFieldsShape);

/** A page of the tenant's staff: the list route's query and call, also MCP `list_staff`'s. */
export const listStaffQuery = pageQuerySchema;
export const listStaff = (
  catalog: CatalogClient,
  tenantId: string,
  query: z.output<typeof listStaffQuery>,
): Promise<catalogV1.ListStaffResponse> => catalog.listStaff({ tenantId, page: pageRequest(query) });

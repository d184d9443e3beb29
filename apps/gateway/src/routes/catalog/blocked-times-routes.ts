import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { epochMsQuerySchema, epochMsSchema } from '@svc/rules';
import { DASHBOARD_SURFACE, onSurface, registerAdminResource, type AdminSurface } from './admin-resource.js';
import { pageRequest } from './paging.js';
import {
  ascending,
  createStatusSchema,
  ownerIdSchema,
  OWNER_RULE,
  ownerRequired,
  optionalText,
  ownerTypeSchema,
  pageQueryShape,
  patchOf,
  recordStatusSchema,
} from './schemas.js';

/** The catalog's BlockedTime message as it is. */
const blockedTimeRecordSchema = z
  .object({
    blockId: z.string(),
    tenantId: z.string(),
    ownerType: z.string().describe('tenant | staff | resource'),
    ownerId: z.string(),
    startsAtMs: z.number().int(),
    endsAtMs: z.number().int().describe('Exclusive.'),
    reason: z.string(),
    status: z.string().describe('active | deleted'),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe('A period in which the tenant, a staff member or a resource cannot be booked.');

const blockFieldsShape = {
  ownerType: ownerTypeSchema,
  ownerId: ownerIdSchema.describe('Required for staff and resource blocks.'),
  startsAtMs: epochMsSchema,
  endsAtMs: epochMsSchema,
  reason: optionalText(500),
};

const timesInOrder = ascending('startsAtMs', 'endsAtMs', 'startsAtMs must be before endsAtMs.');

/** A new block: the create route's body, also MCP `block_time`'s arguments. */
export const createBlockSchema = ownerRequired(
  z
    .strictObject({ ...blockFieldsShape, status: createStatusSchema })
    .partial()
    .required({ ownerType: true, startsAtMs: true, endsAtMs: true }),
).superRefine(timesInOrder);
const patchBlockSchema = patchOf({ ...blockFieldsShape, status: recordStatusSchema }).superRefine(timesInOrder);

/** Creates a block: the create route's call, also MCP `block_time`'s. */
export const createBlockedTime = (
  catalog: CatalogClient,
  tenantId: string,
  fields: z.output<typeof createBlockSchema>,
): Promise<catalogV1.CreateBlockedTimeResponse> => catalog.createBlockedTime({ tenantId, fields });

const listBlocksQuery = z
  .strictObject({
    ...pageQueryShape,
    fromMs: epochMsQuerySchema.optional().describe('Only blocks ending after this instant.'),
    toMs: epochMsQuerySchema.optional().describe('Only blocks starting before this instant.'),
  })
  .superRefine(ascending('fromMs', 'toMs', 'toMs must be greater than fromMs.', { at: 'toMs' }));

/** /api/blocked-times (or /v1/blocked-times): one-off unavailable periods. */
export function registerBlockedTimeRoutes(
  app: FastifyInstance,
  catalog: CatalogClient,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  registerAdminResource(app, {
    ...onSurface(surface, 'blocked-times', 'availability'),
    idParam: 'blockId',
    singular: 'blocked time',
    plural: 'blocked times',
    field: 'blockedTime',
    record: blockedTimeRecordSchema,
    rules: {
      list: '`fromMs` < `toMs` when both are given.',
      create: '`startsAtMs` < `endsAtMs`. ' + OWNER_RULE,
      update:
        'The changed block must still hold `startsAtMs` < `endsAtMs` (a time sent alone is compared with the stored one). ' +
        OWNER_RULE,
    },
    listQuery: listBlocksQuery,
    createBody: createBlockSchema,
    patchBody: patchBlockSchema,
    list: (tenantId, { fromMs, toMs, ...page }) =>
      catalog.listBlockedTimes({ tenantId, page: pageRequest(page), fromMs, toMs }),
    create: (tenantId, fields) => createBlockedTime(catalog, tenantId, fields),
    update: (tenantId, blockId, fields) => catalog.updateBlockedTime({ tenantId, blockId, fields }),
    get: (tenantId, blockId) => catalog.getBlockedTime({ tenantId, blockId }),
  });
}

import { z } from 'zod';
import type { CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { epochMsSchema } from '@svc/rules';
import {
  ascending,
  createStatusSchema,
  ownerRequired,
  optionalText,
  patchOf,
  recordStatusSchema,
} from './field-schemas.js';
import { ownerBodyShape, ownerRecordShape, removableRecordShape } from './owned-records.js';

/**
 * A blocked time as the HTTP API shows and takes it: the record, the create and update bodies, and
 * the create (the blocked-time routes on `/api` and `/v1`, MCP `block_time`).
 */

/** The catalog's BlockedTime message as it is. */
export const blockedTimeRecordSchema = z
  .object({
    blockId: z.string(),
    tenantId: z.string(),
    ...ownerRecordShape,
    startsAtMs: z.number().int(),
    endsAtMs: z.number().int().describe('Exclusive.'),
    reason: z.string(),
    ...removableRecordShape,
  })
  .describe('A period in which the tenant, a staff member or a resource cannot be booked.');

const blockFieldsShape = {
  ...ownerBodyShape('blocks'),
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
export const patchBlockSchema = patchOf({ ...blockFieldsShape, status: recordStatusSchema }).superRefine(timesInOrder);

/** Creates a block: the create route's call, also MCP `block_time`'s. */
export const createBlockedTime = (
  catalog: CatalogClient,
  tenantId: string,
  fields: z.output<typeof createBlockSchema>,
): Promise<catalogV1.CreateBlockedTimeResponse> => catalog.createBlockedTime({ tenantId, fields });

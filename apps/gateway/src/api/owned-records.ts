import { z } from 'zod';
import { ownerIdSchema, ownerTypeSchema } from './field-schemas.js';

/**
 * The members the catalog's owned availability records (weekly rules, date overrides, blocked
 * times) share: whose hours they are, as the record shows them and as a body names them.
 */

/** The owner as a record shows it (after its id and tenant). */
export const ownerRecordShape = {
  ownerType: z.string().describe('tenant | staff | resource'),
  ownerId: z.string(),
};

/** How a record removed by PATCH `status: deleted` ends (docs/decisions.md "Catalog"), with its times. */
export const removableRecordShape = {
  status: z.string().describe('active | deleted'),
  createdAtMs: z.number().int(),
  updatedAtMs: z.number().int(),
};

/** The owner as a create or PATCH body names it; `kind` as the description says it, e.g. `rules`. */
export const ownerBodyShape = (kind: string) => ({
  ownerType: ownerTypeSchema,
  ownerId: ownerIdSchema.describe(`Required for staff and resource ${kind}.`),
});

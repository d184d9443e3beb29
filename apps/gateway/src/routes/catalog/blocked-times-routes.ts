import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import { epochMsQuerySchema } from '@svc/rules';
import { registerAdminResource } from '../../api/admin-resource.js';
import {
  blockedTimeRecordSchema,
  createBlockedTime,
  createBlockSchema,
  patchBlockSchema,
} from '../../api/blocked-time-records.js';
import { ascending, OWNER_RULE } from '../../api/field-schemas.js';
import { pageQueryShape, pageRequest } from '../../api/paging.js';
import { DASHBOARD_SURFACE, onSurface, type AdminSurface } from '../../api/surfaces.js';

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

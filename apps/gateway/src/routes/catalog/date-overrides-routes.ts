import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import { dayWindowsSchema } from '@svc/rules';
import { registerAdminResource } from '../../api/admin-resource.js';
import {
  createStatusSchema,
  dateSchema,
  OWNER_RULE,
  ownerRequired,
  patchOf,
  recordStatusSchema,
} from '../../api/field-schemas.js';
import { ownerBodyShape, ownerRecordShape, removableRecordShape } from '../../api/owned-records.js';
import { pageQueryShape, pageRequest } from '../../api/paging.js';
import { DASHBOARD_SURFACE, onSurface, type AdminSurface } from '../../api/surfaces.js';

/** The catalog's DateOverride message as it is. */
const dateOverrideRecordSchema = z
  .object({
    overrideId: z.string(),
    tenantId: z.string(),
    ...ownerRecordShape,
    date: z.string().describe("YYYY-MM-DD in the owner's time zone (a staff member's own, else the tenant's)."),
    windows: z
      .array(z.object({ startMinute: z.number().int(), endMinute: z.number().int() }))
      .describe('The hours that day, in order; none: closed.'),
    ...removableRecordShape,
  })
  .describe("One date on which an owner's hours are these windows instead of its weekly rules.");

const overrideFieldsShape = {
  ...ownerBodyShape('overrides'),
  date: dateSchema.describe("YYYY-MM-DD in the owner's time zone (a staff member's own, else the tenant's)."),
  windows: dayWindowsSchema,
};

const createOverrideSchema = ownerRequired(
  z
    .strictObject({ ...overrideFieldsShape, status: createStatusSchema })
    .partial()
    .required({ ownerType: true, date: true, windows: true }),
);
const patchOverrideSchema = patchOf({ ...overrideFieldsShape, status: recordStatusSchema });

const listOverridesQuery = z
  .strictObject({
    ...pageQueryShape,
    fromDate: dateSchema.optional().describe('Only overrides of this date or later.'),
    toDate: dateSchema.optional().describe('Only overrides of this date or earlier.'),
  })
  .superRefine((q, ctx) => {
    if (q.fromDate !== undefined && q.toDate !== undefined && q.fromDate > q.toDate) {
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'toDate must not be before fromDate.' });
    }
  });

const OVERRIDE_RULE =
  "On `date` the owner's hours are `windows` instead of its weekly rules (`[]` closes the day); several " +
  "overrides of one owner on one date add up. A staff member's or resource's hours never reach past the tenant's. ";

/** /api/date-overrides (or /v1/date-overrides): one date's hours of the tenant, a staff member or a resource. */
export function registerDateOverrideRoutes(
  app: FastifyInstance,
  catalog: CatalogClient,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  registerAdminResource(app, {
    ...onSurface(surface, 'date-overrides', 'availability'),
    idParam: 'overrideId',
    singular: 'date override',
    plural: 'date overrides',
    field: 'dateOverride',
    record: dateOverrideRecordSchema,
    rules: {
      list: '`fromDate` ≤ `toDate` when both are given.',
      create: OVERRIDE_RULE + OWNER_RULE,
      update: OVERRIDE_RULE + '`windows` replaces the windows. ' + OWNER_RULE,
    },
    listQuery: listOverridesQuery,
    createBody: createOverrideSchema,
    patchBody: patchOverrideSchema,
    list: (tenantId, { fromDate, toDate, ...page }) =>
      catalog.listDateOverrides({ tenantId, page: pageRequest(page), fromDate: fromDate ?? '', toDate: toDate ?? '' }),
    create: (tenantId, { windows, ...fields }) =>
      catalog.createDateOverride({ tenantId, fields: { ...fields, windows, windowsSet: true } }),
    update: (tenantId, overrideId, { windows, ...fields }) =>
      catalog.updateDateOverride({
        tenantId,
        overrideId,
        fields: { ...fields, windows: windows ?? [], windowsSet: windows !== undefined },
      }),
    get: (tenantId, overrideId) => catalog.getDateOverride({ tenantId, overrideId }),
  });
}

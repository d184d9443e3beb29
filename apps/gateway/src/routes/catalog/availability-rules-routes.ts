import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { epochMsSchema, idSchema, timeZoneSchema } from '@svc/rules';
import { registerAdminResource } from '../../api/admin-resource.js';
import {
  ascending,
  createStatusSchema,
  int,
  minuteOfDaySchema,
  OWNER_RULE,
  ownerRequired,
  ownerTypeSchema,
  patchOf,
  recordStatusSchema,
} from '../../api/field-schemas.js';
import { ownerBodyShape, ownerRecordShape, removableRecordShape } from '../../api/owned-records.js';
import { pageQueryShape, pageRequest } from '../../api/paging.js';
import { DASHBOARD_SURFACE, onSurface, type AdminSurface } from '../../api/surfaces.js';

/** AvailabilityRuleAdminRecord: the catalog's AvailabilityRule message, an unset bound as null. */
const availabilityRuleRecordSchema = z
  .object({
    ruleId: z.string(),
    tenantId: z.string(),
    ...ownerRecordShape,
    ownerId: z.string().describe('Staff or resource id; for tenant rules the tenant.'),
    weekday: z.number().int().describe('0 = Sunday … 6 = Saturday.'),
    startMinute: z.number().int().describe('Minutes after midnight, wall clock in timezone.'),
    endMinute: z.number().int().describe('Exclusive; 1440 is midnight at the end of the day.'),
    timezone: z.string(),
    effectiveFromAtMs: z.number().int().nullable().describe('Inclusive start of the rule; null when it has none.'),
    effectiveUntilAtMs: z.number().int().nullable().describe('Exclusive end of the rule; null when it has none.'),
    ...removableRecordShape,
  })
  .describe('Weekly working hours of the tenant, a staff member or a resource.');

type RuleRecord = z.input<typeof availabilityRuleRecordSchema>;

/** proto3 leaves an unset bound out; the API answers null, as for every absent field. */
function toRecord(r: catalogV1.AvailabilityRule): RuleRecord {
  return { ...r, effectiveFromAtMs: r.effectiveFromAtMs ?? null, effectiveUntilAtMs: r.effectiveUntilAtMs ?? null };
}

const recordOf = (res: { rule?: catalogV1.AvailabilityRule | undefined }) => ({ rule: res.rule && toRecord(res.rule) });

const ruleFieldsShape = {
  ...ownerBodyShape('rules'),
  weekday: int(0, 6).describe('0 = Sunday … 6 = Saturday.'),
  startMinute: minuteOfDaySchema,
  endMinute: minuteOfDaySchema,
  timezone: timeZoneSchema,
  effectiveFromAtMs: epochMsSchema.or(z.literal(0)).describe('Inclusive; 0 removes the bound.'),
  effectiveUntilAtMs: epochMsSchema.or(z.literal(0)).describe('Exclusive; 0 removes the bound.'),
};

const minutesInOrder = ascending('startMinute', 'endMinute', 'startMinute must be less than endMinute.');
const periodInOrder = ascending(
  'effectiveFromAtMs',
  'effectiveUntilAtMs',
  'effectiveFromAtMs must be before effectiveUntilAtMs.',
  { zeroClears: true },
);

const createRuleSchema = ownerRequired(
  z
    .strictObject({
      ...ruleFieldsShape,
      timezone: timeZoneSchema
        .or(z.literal(''))
        .describe("Default ('' or absent): the staff member's, else the tenant's time zone."),
      status: createStatusSchema,
    })
    .partial()
    .required({ ownerType: true, weekday: true, startMinute: true, endMinute: true }),
)
  .superRefine(minutesInOrder)
  .superRefine(periodInOrder);
const patchRuleSchema = patchOf({ ...ruleFieldsShape, status: recordStatusSchema })
  .superRefine(minutesInOrder)
  .superRefine(periodInOrder);

const listRulesQuery = z.strictObject({
  ...pageQueryShape,
  ownerType: ownerTypeSchema.optional().describe('Only rules of this owner type.'),
  ownerId: idSchema.optional().describe('Only rules of this owner.'),
});

/** /api/availability-rules (or /v1/availability-rules): weekly working hours. */
export function registerAvailabilityRuleRoutes(
  app: FastifyInstance,
  catalog: CatalogClient,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  registerAdminResource(app, {
    ...onSurface(surface, 'availability-rules', 'availability'),
    idParam: 'ruleId',
    singular: 'availability rule',
    plural: 'availability rules',
    field: 'rule',
    record: availabilityRuleRecordSchema,
    rules: {
      create:
        '`startMinute` < `endMinute`; `effectiveFromAtMs` < `effectiveUntilAtMs` when both are set. ' + OWNER_RULE,
      update:
        'The changed rule must still hold `startMinute` < `endMinute` and `effectiveFromAtMs` < `effectiveUntilAtMs` (a field sent alone is compared with the stored one). ' +
        OWNER_RULE,
    },
    listQuery: listRulesQuery,
    createBody: createRuleSchema,
    patchBody: patchRuleSchema,
    list: async (tenantId, query) => {
      const res = await catalog.listAvailabilityRules({
        tenantId,
        page: pageRequest(query),
        ownerType: query.ownerType ?? '',
        ownerId: query.ownerId ?? '',
      });
      return { ...res, items: res.items.map(toRecord) };
    },
    create: async (tenantId, fields) => recordOf(await catalog.createAvailabilityRule({ tenantId, fields })),
    update: async (tenantId, ruleId, fields) =>
      recordOf(await catalog.updateAvailabilityRule({ tenantId, ruleId, fields })),
    get: async (tenantId, ruleId) => recordOf(await catalog.getAvailabilityRule({ tenantId, ruleId })),
  });
}

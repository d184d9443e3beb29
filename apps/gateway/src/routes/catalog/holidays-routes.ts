import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CatalogClient } from '@svc/grpc';
import { registerAdminResource } from '../../api/admin-resource.js';
import { createStatusSchema, dateSchema, optionalText, patchOf, recordStatusSchema } from '../../api/field-schemas.js';
import { removableRecordShape } from '../../api/owned-records.js';
import { pageQuerySchema, pageRequest } from '../../api/paging.js';
import { DASHBOARD_SURFACE, onSurface, type AdminSurface } from '../../api/surfaces.js';

/** The catalog's Holiday message as it is. */
const holidayRecordSchema = z
  .object({
    holidayId: z.string(),
    tenantId: z.string(),
    date: z.string().describe("YYYY-MM-DD in the tenant's time zone."),
    name: z.string(),
    ...removableRecordShape,
  })
  .describe('A day on which the whole tenant is closed.');

const holidayFieldsShape = {
  date: dateSchema.describe("YYYY-MM-DD in the tenant's time zone."),
  name: optionalText(200),
};

const createHolidaySchema = z
  .strictObject({ ...holidayFieldsShape, status: createStatusSchema })
  .partial()
  .required({ date: true });
const patchHolidaySchema = patchOf({ ...holidayFieldsShape, status: recordStatusSchema });

/** /api/holidays (or /v1/holidays): days the whole tenant is closed. */
export function registerHolidayRoutes(
  app: FastifyInstance,
  catalog: CatalogClient,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  registerAdminResource(app, {
    ...onSurface(surface, 'holidays', 'availability'),
    idParam: 'holidayId',
    singular: 'holiday',
    plural: 'holidays',
    field: 'holiday',
    record: holidayRecordSchema,
    listQuery: pageQuerySchema,
    createBody: createHolidaySchema,
    patchBody: patchHolidaySchema,
    list: (tenantId, query) => catalog.listHolidays({ tenantId, page: pageRequest(query) }),
    create: (tenantId, fields) => catalog.createHoliday({ tenantId, fields }),
    update: (tenantId, holidayId, fields) => catalog.updateHoliday({ tenantId, holidayId, fields }),
    get: (tenantId, holidayId) => catalog.getHoliday({ tenantId, holidayId }),
  });
}

import type { FastifyInstance } from 'fastify';
import { type CatalogClient } from '@svc/grpc';
import { registerAdminResource } from '../../api/admin-resource.js';
import {
  createStaffSchema,
  listStaff,
  listStaffQuery,
  patchStaffSchema,
  staffRecordSchema,
} from '../../api/staff-records.js';
import { DASHBOARD_SURFACE, onSurface, type AdminSurface } from '../../api/surfaces.js';

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

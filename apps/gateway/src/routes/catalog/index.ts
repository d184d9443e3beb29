import type { FastifyInstance } from 'fastify';
import type { CatalogClient } from '@svc/grpc';
import type { Downstream } from '../../downstream/services.js';
import { DASHBOARD_SURFACE, type AdminSurface } from '../../api/surfaces.js';
import { registerAvailabilityRuleRoutes } from './availability-rules-routes.js';
import { registerBlockedTimeRoutes } from './blocked-times-routes.js';
import { registerDateOverrideRoutes } from './date-overrides-routes.js';
import { registerHolidayRoutes } from './holidays-routes.js';
import { registerResourceRoutes } from './resources-routes.js';
import { registerServiceRoutes } from './services-routes.js';
import { registerStaffRoutes } from './staff-routes.js';
import { registerTenantRoutes } from './tenant-routes.js';

/** The dashboard's catalog administration: tenant settings, catalog, availability inputs. */
export function registerCatalogRoutes(app: FastifyInstance, downstream: Pick<Downstream, 'catalog'>): void {
  registerTenantRoutes(app, downstream.catalog);
  registerCatalogCollections(app, downstream.catalog, DASHBOARD_SURFACE);
}

/**
 * The catalog's collections (services, staff, resources, weekly rules, blocked times, holidays,
 * date overrides) on a surface: the dashboard's `/api`, or `/v1` under catalog:read and
 * catalog:write (docs/decisions.md "Partner API").
 */
export function registerCatalogCollections(app: FastifyInstance, catalog: CatalogClient, surface: AdminSurface): void {
  registerServiceRoutes(app, catalog, surface);
  registerStaffRoutes(app, catalog, surface);
  registerResourceRoutes(app, catalog, surface);
  registerAvailabilityRuleRoutes(app, catalog, surface);
  registerBlockedTimeRoutes(app, catalog, surface);
  registerHolidayRoutes(app, catalog, surface);
  registerDateOverrideRoutes(app, catalog, surface);
}

import type { FastifyInstance } from 'fastify';
import type { Downstream } from '../../downstream/services.js';
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
  const { catalog } = downstream;
  registerTenantRoutes(app, catalog);
  registerServiceRoutes(app, catalog);
  registerStaffRoutes(app, catalog);
  registerResourceRoutes(app, catalog);
  registerAvailabilityRuleRoutes(app, catalog);
  registerBlockedTimeRoutes(app, catalog);
  registerHolidayRoutes(app, catalog);
  registerDateOverrideRoutes(app, catalog);
}

import type { CatalogContext, CatalogHandlers } from './entity-rpc.js';
import { found } from './lookups.js';
import { toServiceMessage } from './service-rpc.js';
import { toStaffMessage } from './staff-rpc.js';
import { toTenantMessage } from './tenant-rpc.js';

/**
 * The public booking page's catalog in one round trip (docs/benchmarks.md "Round 5"): the tenant
 * by slug whatever its status (the gateway answers TENANT_INACTIVE), its active services, and the
 * active staff members those services name. Only the staff's names reach the page; the gateway
 * leaves a collective service's team out of what the customer may choose.
 */
export function bookingPageHandlers({ repos }: CatalogContext): CatalogHandlers<'getBookingPage'> {
  return {
    getBookingPage: async (req) => {
      const { tenant, catalogVersion } = found(
        req.slug === '' ? null : await repos.tenants.getBySlugVersioned(req.slug),
        'Tenant',
      );
      const services = await repos.services.findActive(tenant.tenantId);
      const named = [...new Set(services.flatMap((s) => s.staffIds))];
      const staff = await repos.staff.findByIds(tenant.tenantId, named);
      return {
        tenant: toTenantMessage(tenant),
        catalogVersion,
        services: services.map(toServiceMessage),
        staff: staff.filter((s) => s.status === 'active').map(toStaffMessage),
      };
    },
  };
}

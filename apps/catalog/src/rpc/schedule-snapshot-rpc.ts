import { requireTenantId } from '@svc/errors';
import { ruleApplies, ownerKey, scheduleScope } from '../domain/schedule-scope.js';
import { localDateRange, parseScheduleWindow, widenedByADay } from '../domain/schedule-window.js';
import { toRuleMessage } from './availability-rule-rpc.js';
import { toBlockedTimeMessage } from './blocked-time-rpc.js';
import { toDateOverrideMessage } from './date-override-rpc.js';
import type { CatalogContext, CatalogHandlers } from './entity-rpc.js';
import { toHolidayMessage } from './holiday-rpc.js';
import { found } from './lookups.js';
import { toResourceMessage } from './resource-rpc.js';
import { toServiceMessage } from './service-rpc.js';
import { toStaffMessage } from './staff-rpc.js';
import { toTenantMessage } from './tenant-rpc.js';

/**
 * Everything the availability engine needs for one service and window, whatever the statuses of
 * tenant and service (the caller decides TENANT_INACTIVE / SERVICE_INACTIVE). The window is taken
 * literally: a caller that needs blocks touching slot buffers widens it.
 */
export function scheduleSnapshotHandlers({
  repos,
}: CatalogContext): CatalogHandlers<'getScheduleSnapshot' | 'getCatalogVersion' | 'bumpCatalogVersion'> {
  return {
    getScheduleSnapshot: async (req) => {
      const window = parseScheduleWindow(req.fromMs, req.toMs);
      // The version first: records read after it are at least as new as it says.
      const versioned = req.tenantId === '' ? null : await repos.tenants.getVersioned(req.tenantId);
      const { tenant, catalogVersion } = found(versioned, 'Tenant');
      const { tenantId } = tenant;
      const slug = req.serviceSlug;
      const service = found(slug === '' ? null : await repos.services.findBySlug(tenantId, slug), 'Service');
      // Everything below depends only on the tenant and the service's lists, so it is read at once;
      // the scope then drops disabled owners together with their rules and blocks.
      const ownerIds = [tenantId, ...service.staffIds, ...service.resourceIds];
      const days = localDateRange(window, tenant.timezone);
      // Overrides are dates in their owner's zone, which may be a day off the tenant's.
      const around = localDateRange(widenedByADay(window), tenant.timezone);
      const [staff, resources, rules, blocks, holidays, overrides] = await Promise.all([
        repos.staff.findByIds(tenantId, service.staffIds),
        repos.resources.findByIds(tenantId, service.resourceIds),
        repos.rules.findActiveForOwners(tenantId, ownerIds),
        repos.blockedTimes.findActiveOverlapping(tenantId, ownerIds, window),
        repos.holidays.findActiveBetween(tenantId, days.first, days.last),
        repos.dateOverrides.findActiveBetween(tenantId, ownerIds, around.first, around.last),
      ]);
      const scope = scheduleScope(service, staff, resources);
      return {
        tenant: toTenantMessage(tenant),
        service: toServiceMessage(service),
        staff: scope.staff.map(toStaffMessage),
        resources: scope.resources.map(toResourceMessage),
        rules: rules.filter((rule) => ruleApplies(rule, scope.ownerKeys, window)).map(toRuleMessage),
        blockedTimes: blocks.filter((block) => scope.ownerKeys.has(ownerKey(block))).map(toBlockedTimeMessage),
        holidays: holidays.map(toHolidayMessage),
        dateOverrides: overrides.filter((o) => scope.ownerKeys.has(ownerKey(o))).map(toDateOverrideMessage),
        catalogVersion,
      };
    },

    getCatalogVersion: async (req) => {
      const versioned = req.tenantId === '' ? null : await repos.tenants.getVersioned(req.tenantId);
      return { catalogVersion: found(versioned, 'Tenant').catalogVersion };
    },

    // What availability reads outside the catalog changed (a calendar connection): answers the
    // booking service kept at the old version are not taken again (docs/decisions.md
    // "Integrations"). An unknown tenant has nothing kept: nothing to do.
    bumpCatalogVersion: async (req) => {
      await repos.tenants.bumpCatalogVersion(requireTenantId(req.tenantId));
      return {};
    },
  };
}

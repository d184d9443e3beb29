import { bindService, type ServiceBinding } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { availabilityRuleHandlers } from './availability-rule-rpc.js';
import { blockedTimeHandlers } from './blocked-time-rpc.js';
import { bookingPageHandlers } from './booking-page-rpc.js';
import { dateOverrideHandlers } from './date-override-rpc.js';
import type { CatalogContext } from './entity-rpc.js';
import { holidayHandlers } from './holiday-rpc.js';
import { resourceHandlers } from './resource-rpc.js';
import { scheduleSnapshotHandlers } from './schedule-snapshot-rpc.js';
import { serviceHandlers } from './service-rpc.js';
import { staffHandlers } from './staff-rpc.js';
import { tenantHandlers } from './tenant-rpc.js';

/** Every RPC of catalog.v1.CatalogService (the type fails to compile when one is missing). */
export function catalogService(ctx: CatalogContext): ServiceBinding {
  return bindService(catalogV1.CatalogServiceService, {
    ...tenantHandlers(ctx),
    ...serviceHandlers(ctx),
    ...staffHandlers(ctx),
    ...resourceHandlers(ctx),
    ...availabilityRuleHandlers(ctx),
    ...blockedTimeHandlers(ctx),
    ...holidayHandlers(ctx),
    ...dateOverrideHandlers(ctx),
    ...scheduleSnapshotHandlers(ctx),
    ...bookingPageHandlers(ctx),
  });
}

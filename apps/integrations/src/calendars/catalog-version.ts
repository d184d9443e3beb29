import type { CatalogClient } from '@svc/grpc';
import type { Logger } from '@svc/telemetry';
import type { ConnectionsChanged } from '../connections/store/connection-repository.js';

/** How long a connection change waits for the catalog before it answers anyway. */
export const BUMP_DEADLINE_MS = 3_000;

/**
 * A connection change, told to the catalog: the tenant's catalog version changes, which every
 * availability read takes from the catalog anyway (the gateway's tenant lookup, or the booking
 * service's own version read), so no answer the booking service kept at the old version is taken
 * again, on any replica, with no hop more per read (docs/decisions.md "Integrations", "A
 * connection change counts at the next read"). The change waits for it. A catalog that does not
 * answer in time fails nothing (the change is stored, and the store is what busy times read):
 * answers kept from before then hold until their `validForMs`, at most BUSY_CACHE_MS, as before.
 */
export function bumpCatalogVersion(catalog: CatalogClient, logger: Logger): ConnectionsChanged {
  return async (tenantId) => {
    try {
      await catalog.bumpCatalogVersion({ tenantId }, { deadlineMs: BUMP_DEADLINE_MS });
    } catch (err) {
      logger.warn(
        { tenantId, err },
        'catalog version not bumped after a calendar connection change: availability may show the earlier state up to BUSY_CACHE_MS',
      );
    }
  };
}

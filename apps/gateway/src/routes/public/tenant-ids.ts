import { LruCache, stringBytes, type LruBounds } from '@svc/cache';
import type { CatalogClient } from '@svc/grpc';
import { publicTenant } from '../../api/public-tenant.js';

/**
 * Slugs kept at most (a gateway serving more tenants asks the catalog again for the least recently
 * used); only slugs of existing tenants are kept (docs/operations.md "Memory bounds").
 */
export const TENANT_ID_CACHE_BOUNDS: LruBounds = { maxEntries: 10_000, maxBytes: 4 * 1024 * 1024 };

/**
 * The tenant id of a public slug, for the create route: one catalog call per slug, not per
 * create. A slug is given to its tenant at creation and never changes (UpdateTenant takes none),
 * so an id once found stays right. The tenant's status is not kept: the booking service checks it
 * under the lock with the catalog read fresh, so a tenant suspended later is refused with
 * TENANT_INACTIVE all the same (docs/architecture.md "Booking create"). An unknown or inactive
 * slug is not kept, so it is asked about again.
 */
export function tenantIdsBySlug(
  catalog: CatalogClient,
  bounds: LruBounds = TENANT_ID_CACHE_BOUNDS,
): (slug: string) => Promise<string> {
  const ids = new LruCache<string>({ ...bounds, sizeOf: stringBytes });
  return async (slug) => {
    const known = ids.get(slug);
    if (known !== undefined) return known;
    const { tenantId } = (await publicTenant(catalog, slug)).tenant;
    ids.set(slug, tenantId);
    return tenantId;
  };
}

import { z } from 'zod';
import { DomainError } from '@svc/errors';
import { type CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { SLUG_PATTERN } from '@svc/rules';

/** The tenant of a public path (`/book/{tenantSlug}/…`): the booking page, its config and its routes. */
export const tenantSlugParams = z.object({
  tenantSlug: z.string().regex(SLUG_PATTERN, 'not a tenant slug'),
});

/**
 * The tenant of a public path and its catalog version, read with it: unknown → NOT_FOUND,
 * disabled or suspended → TENANT_INACTIVE.
 */
export async function publicTenant(
  catalog: CatalogClient,
  slug: string,
): Promise<{ tenant: catalogV1.Tenant; catalogVersion: string }> {
  const { tenant, catalogVersion } = await catalog.getTenantBySlug({ slug });
  return { tenant: bookable(tenant), catalogVersion };
}

/** The tenant a public path named, if it takes bookings: absent → NOT_FOUND, not active → TENANT_INACTIVE. */
export function bookable(tenant: catalogV1.Tenant | undefined): catalogV1.Tenant {
  if (!tenant) throw new DomainError('NOT_FOUND', 'Tenant was not found.');
  if (tenant.status !== 'active') throw new DomainError('TENANT_INACTIVE', 'This business is not taking bookings.');
  return tenant;
}

import { DomainError } from '@svc/errors';
import { callUnary } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';

/** A workspace as the dashboard session shows it; the catalog owns tenants. */
export interface TenantSummary {
  tenantId: string;
  slug: string;
  name: string;
  status: string;
}

export const isActive = (tenant: TenantSummary): boolean => tenant.status === 'active';

/** The tenant from the catalog, or null when it does not exist (any other failure is thrown). */
export async function fetchTenant(
  catalog: catalogV1.CatalogServiceClient,
  tenantId: string,
): Promise<TenantSummary | null> {
  try {
    const { tenant } = await callUnary(catalog.getTenant.bind(catalog), { tenantId });
    if (!tenant) return null;
    return { tenantId: tenant.tenantId, slug: tenant.slug, name: tenant.name, status: tenant.status };
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}

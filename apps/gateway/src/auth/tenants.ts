import { unlessNotFound, type CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';

/** A workspace as the dashboard session shows it; the catalog owns tenants. */
export interface TenantSummary {
  tenantId: string;
  slug: string;
  name: string;
  status: string;
}

export const isActive = (tenant: Pick<catalogV1.Tenant, 'status'>): boolean => tenant.status === 'active';

export const tenantSummary = (tenant: catalogV1.Tenant): TenantSummary => ({
  tenantId: tenant.tenantId,
  slug: tenant.slug,
  name: tenant.name,
  status: tenant.status,
});

/** The tenant from the catalog, or null when it does not exist (any other failure is thrown). */
export async function fetchTenant(catalog: CatalogClient, tenantId: string): Promise<catalogV1.Tenant | null> {
  return (await unlessNotFound(catalog.getTenant({ tenantId })))?.tenant ?? null;
}

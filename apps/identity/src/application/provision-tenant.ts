import type { CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import type { IdentityStore, User } from '../store/identity-store.js';

/** A tenant as an operator opens it: the catalog's fields and its owner's address. */
export interface NewTenant {
  slug: string;
  name: string;
  timezone: string;
  /** '' or absent: the catalog's default. */
  locale?: string | undefined;
  ownerEmail: string;
}

export interface ProvisionedTenant {
  tenant: catalogV1.Tenant;
  owner: User;
}

/**
 * Opens a tenant with its owner, the one way both the operator CLI (`tenant:create`) and the
 * platform API (`POST /platform/v1/tenants`) do it (docs/decisions.md "Platform provisioning").
 * The user is found or created first, so a failed tenant create leaves at most a user without a
 * membership (harmless), never a tenant without an owner. The owner signs in with Google under
 * that address, or with a sign-in link an operator prints.
 */
export async function provisionTenant(
  deps: { catalog: CatalogClient; identity: IdentityStore },
  input: NewTenant,
): Promise<ProvisionedTenant> {
  const owner = await deps.identity.findOrCreateUserByEmail(input.ownerEmail);
  const { tenant } = await deps.catalog.createTenant({
    slug: input.slug,
    name: input.name,
    timezone: input.timezone,
    locale: input.locale ?? '',
  });
  if (!tenant) throw new Error('the catalog answered without a tenant');
  await deps.identity.addMembership(owner.userId, tenant.tenantId, 'tenant_owner');
  return { tenant, owner };
}

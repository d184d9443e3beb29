import type { catalogV1 } from '@svc/proto';
import { UsageError, type CommandArgs } from '../args.js';
import type { PlatformConnection } from '../platform-connection.js';

export async function tenantBySlug(conn: PlatformConnection, slug: string): Promise<catalogV1.Tenant> {
  const res = await conn.catalog.getTenantBySlug({ slug });
  if (!res.tenant) throw new Error(`tenant ${slug} was not found`);
  return res.tenant;
}

/** Creates the tenant with its owner, as the platform API does (identity.v1 ProvisionTenant). */
export async function createTenant(conn: PlatformConnection, args: CommandArgs<'tenant:create'>) {
  const { tenant, owner } = await conn.identity.provisionTenant({
    slug: args.slug,
    name: args.name,
    timezone: args.timezone,
    locale: args.locale ?? '',
    ownerEmail: args['owner-email'],
    platformKeyId: '',
  });
  if (!tenant || !owner) throw new Error('the identity service answered without the tenant or its owner');
  return { tenantId: tenant.tenantId, slug: tenant.slug, ownerUserId: owner.userId };
}

export async function setTenantStatus(conn: PlatformConnection, args: CommandArgs<'tenant:set-status'>) {
  const current = await tenantBySlug(conn, args.tenant);
  const { tenant } = await conn.catalog.updateTenant({
    tenantId: current.tenantId,
    status: args.status,
  });
  if (!tenant) throw new Error('the catalog answered without a tenant');
  return { tenantId: tenant.tenantId, status: tenant.status };
}

/**
 * The one-time link of the setup wizard, while no workspace exists (docs/decisions.md "First
 * start"): the embedded platform prints it on each start, a distributed one only through this. A
 * new link replaces the earlier one.
 */
export async function createSetupLink(conn: PlatformConnection) {
  if (!conn.baseUrl) throw new UsageError("the gateway's address is unknown: set BASE_URL");
  const issued = await conn.identity.issueSetupLink({});
  if (!issued.token) {
    throw new UsageError('a workspace exists already, so there is nothing to set up: sign in with session:link');
  }
  const url = new URL('/setup', conn.baseUrl);
  url.searchParams.set('token', issued.token);
  return { url: url.href };
}

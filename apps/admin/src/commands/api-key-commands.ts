import type { CommandArgs } from '../args.js';
import type { PlatformConnection } from '../platform-connection.js';
import { tenantBySlug } from './tenant-commands.js';

/** A partner API key for the tenant, as the dashboard creates one; the secret is printed once. */
export async function createApiKey(conn: PlatformConnection, args: CommandArgs<'apikey:create'>) {
  const tenant = await tenantBySlug(conn, args.tenant);
  const { apiKey, secret } = await conn.identity.createApiKey({
    tenantId: tenant.tenantId,
    name: args.name,
    scopes: [...args.scopes],
  });
  return { apiKeyId: apiKey?.apiKeyId ?? '', secret };
}

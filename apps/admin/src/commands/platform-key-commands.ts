import type { PlatformKey } from '@svc/gateway';
import type { CommandArgs } from '../args.js';
import type { PlatformConnection } from '../platform-connection.js';

/**
 * An operator-level key of /platform/v1 (docs/decisions.md "Platform provisioning"); the secret
 * is printed once, only its SHA-256 is kept. Only this tool makes platform keys: no HTTP route does.
 */
export async function createPlatformKey(conn: PlatformConnection, args: CommandArgs<'platformkey:create'>) {
  const { platformKey, secret } = await conn.platformKeys.create(args.name);
  return { platformKeyId: platformKey.platformKeyId, prefix: platformKey.prefix, secret };
}

/** Every platform key, oldest first, revoked ones included; never a secret. */
export async function listPlatformKeys(conn: PlatformConnection): Promise<{ items: PlatformKey[] }> {
  const items: PlatformKey[] = [];
  let cursor: string | undefined;
  do {
    const page = await conn.platformKeys.list({ limit: 100, cursor });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { items };
}

/** Revokes the key at once (its next request is AUTH_REQUIRED); again changes nothing. */
export async function revokePlatformKey(conn: PlatformConnection, args: CommandArgs<'platformkey:revoke'>) {
  return conn.platformKeys.revoke(args.id);
}

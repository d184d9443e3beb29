import type { identityV1 } from '@svc/proto';
import type { CommandArgs } from '../args.js';
import type { PlatformConnection } from '../platform-connection.js';

/** A platform key as this tool prints it: never the secret, nor its hash; null for what never happened. */
export interface PlatformKeyView {
  platformKeyId: string;
  name: string;
  prefix: string;
  status: string;
  lastUsedAtMs: number | null;
  createdAtMs: number;
  revokedAtMs: number | null;
}

const view = (k: identityV1.PlatformKey | undefined): PlatformKeyView => {
  if (!k) throw new Error('the identity service answered without a platform key');
  return { ...k, lastUsedAtMs: k.lastUsedAtMs ?? null, revokedAtMs: k.revokedAtMs ?? null };
};

/**
 * An operator-level key of /platform/v1 (docs/decisions.md "Platform provisioning"); the secret
 * is printed once, only its SHA-256 is kept. Only this tool makes platform keys: no HTTP route does.
 */
export async function createPlatformKey(conn: PlatformConnection, args: CommandArgs<'platformkey:create'>) {
  const { platformKey, secret } = await conn.identity.createPlatformKey({ name: args.name });
  const made = view(platformKey);
  return { platformKeyId: made.platformKeyId, prefix: made.prefix, secret };
}

/** Every platform key, oldest first, revoked ones included; never a secret. */
export async function listPlatformKeys(conn: PlatformConnection): Promise<{ items: PlatformKeyView[] }> {
  const items: PlatformKeyView[] = [];
  let cursor = '';
  do {
    const page = await conn.identity.listPlatformKeys({ page: { limit: 100, cursor } });
    items.push(...page.items.map(view));
    cursor = page.page?.nextCursor ?? '';
  } while (cursor);
  return { items };
}

/** Revokes the key at once (its next request is AUTH_REQUIRED); again changes nothing. */
export async function revokePlatformKey(conn: PlatformConnection, args: CommandArgs<'platformkey:revoke'>) {
  return view((await conn.identity.revokePlatformKey({ platformKeyId: args.id })).platformKey);
}

import { SESSION_COOKIE } from '@svc/crypto';
import { UsageError, type CommandArgs } from '../args.js';
import type { PlatformConnection } from '../platform-connection.js';
import { tenantBySlug } from './tenant-commands.js';

export async function addMember(conn: PlatformConnection, args: CommandArgs<'member:add'>) {
  const tenant = await tenantBySlug(conn, args.tenant);
  const { user } = await conn.identity.findOrCreateUser({ email: args.email });
  if (!user) throw new Error('the identity service answered without a user');
  await conn.identity.addMembership({ userId: user.userId, tenantId: tenant.tenantId, role: args.role });
  return { userId: user.userId, role: args.role };
}

/** The member `email` of the tenant `slug`, or an error saying they are not one. */
async function memberOf(conn: PlatformConnection, slug: string, email: string) {
  const tenant = await tenantBySlug(conn, slug);
  const { user } = await conn.identity.findUserByEmail({ email });
  const member = user && (await conn.identity.getMembership({ userId: user.userId, tenantId: tenant.tenantId }));
  if (!user || !member?.membership) throw new Error(`${email} is not a member of ${slug}`);
  return { userId: user.userId, tenantId: tenant.tenantId };
}

/** A dashboard session for a member, as a login would create it (operations and tests); the identity service mints it. */
export async function createSession(conn: PlatformConnection, args: CommandArgs<'session:create'>) {
  const session = await conn.identity.createSession(await memberOf(conn, args.tenant, args.email));
  return {
    cookie: `${SESSION_COOKIE}=${session.token}`,
    csrfToken: session.csrfToken,
    expiresAtMs: session.expiresAtMs,
  };
}

/**
 * A one-time sign-in URL for a member (single use, 10 minutes): opening it in a browser ends in
 * a normal dashboard session (docs/decisions.md "Staff dashboard").
 */
export async function createSignInLink(conn: PlatformConnection, args: CommandArgs<'session:link'>) {
  if (!conn.baseUrl) throw new UsageError("the gateway's address is unknown: set BASE_URL");
  const link = await conn.identity.createSignInLink(await memberOf(conn, args.tenant, args.email));
  const url = new URL('/auth/link', conn.baseUrl);
  url.searchParams.set('token', link.token);
  return { url: url.href, expiresAtMs: link.expiresAtMs };
}

import { csrfToken, SESSION_COOKIE } from '@svc/gateway';
import { UsageError, type CommandArgs } from '../args.js';
import type { PlatformConnection } from '../platform-connection.js';
import { tenantBySlug } from './tenant-commands.js';

export async function addMember(conn: PlatformConnection, args: CommandArgs<'member:add'>) {
  const tenant = await tenantBySlug(conn, args.tenant);
  const user = await conn.identity.findOrCreateUserByEmail(args.email);
  await conn.identity.addMembership(user.userId, tenant.tenantId, args.role);
  return { userId: user.userId, role: args.role };
}

/** The member `email` of the tenant `slug`, or an error saying they are not one. */
async function memberOf(conn: PlatformConnection, slug: string, email: string) {
  const tenant = await tenantBySlug(conn, slug);
  const user = await conn.identity.findUserByEmail(email);
  const member = user && (await conn.identity.membership(user.userId, tenant.tenantId));
  if (!user || !member) throw new Error(`${email} is not a member of ${slug}`);
  return { userId: user.userId, tenantId: tenant.tenantId };
}

/** A dashboard session for a member, as a login would create it (operations and tests). */
export async function createSession(conn: PlatformConnection, args: CommandArgs<'session:create'>) {
  const { userId, tenantId } = await memberOf(conn, args.tenant, args.email);
  const session = await conn.identity.createSession(userId, tenantId);
  return {
    cookie: `${SESSION_COOKIE}=${session.token}`,
    csrfToken: csrfToken(conn.sessionSecret, session.sessionId, session.tokenHash),
    expiresAtMs: session.expiresAtMs,
  };
}

/**
 * A one-time sign-in URL for a member (single use, 10 minutes): opening it in a browser ends in
 * a normal dashboard session (docs/decisions.md "Staff dashboard").
 */
export async function createSignInLink(conn: PlatformConnection, args: CommandArgs<'session:link'>) {
  if (!conn.baseUrl) throw new UsageError("the gateway's address is unknown: set BASE_URL");
  const { userId, tenantId } = await memberOf(conn, args.tenant, args.email);
  const link = await conn.identity.createSignInLink(userId, tenantId);
  const url = new URL('/auth/link', conn.baseUrl);
  url.searchParams.set('token', link.token);
  return { url: url.href, expiresAtMs: link.expiresAtMs };
}

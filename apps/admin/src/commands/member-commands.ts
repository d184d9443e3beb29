import { csrfToken, SESSION_COOKIE } from '@svc/gateway';
import type { CommandArgs } from '../args.js';
import type { PlatformConnection } from '../platform-connection.js';
import { tenantBySlug } from './tenant-commands.js';

export async function addMember(conn: PlatformConnection, args: CommandArgs<'member:add'>) {
  const tenant = await tenantBySlug(conn, args.tenant);
  const user = await conn.identity.findOrCreateUserByEmail(args.email);
  await conn.identity.addMembership(user.userId, tenant.tenantId, args.role);
  return { userId: user.userId, role: args.role };
}

/** A dashboard session for a member, as a login would create it (operations and tests). */
export async function createSession(conn: PlatformConnection, args: CommandArgs<'session:create'>) {
  const tenant = await tenantBySlug(conn, args.tenant);
  const user = await conn.identity.findUserByEmail(args.email);
  const member = user && (await conn.identity.membership(user.userId, tenant.tenantId));
  if (!user || !member) throw new Error(`${args.email} is not a member of ${args.tenant}`);
  const session = await conn.identity.createSession(user.userId, tenant.tenantId);
  return {
    cookie: `${SESSION_COOKIE}=${session.token}`,
    csrfToken: csrfToken(conn.sessionSecret, session.sessionId, session.tokenHash),
    expiresAtMs: session.expiresAtMs,
  };
}

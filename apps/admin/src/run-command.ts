import { randomUUID } from 'node:crypto';
import type { ParsedCommand } from './args.js';
import { createApiKey } from './commands/api-key-commands.js';
import { createPlatformKey, listPlatformKeys, revokePlatformKey } from './commands/platform-key-commands.js';
import { addMember, createSession, createSignInLink } from './commands/member-commands.js';
import { createSetupLink, createTenant, setTenantStatus, tenantBySlug } from './commands/tenant-commands.js';
import type { PlatformConnection } from './platform-connection.js';

/**
 * Runs a command under its audit record (docs/decisions.md "Audit log"): actor `operator`, the
 * command as the operation, written `pending` before the command changes anything and completed
 * with the ids it answers, or its error. The tenant named by `--tenant` is looked up first (a
 * read): an unknown slug is refused before anything is recorded. tenant:create learns its tenant
 * from its answer. Platform keys belong to no tenant: their records have none (tenantId ''), and
 * their list, a read, has no record.
 */
export async function runCommand(conn: PlatformConnection, parsed: ParsedCommand): Promise<object> {
  if (parsed.command === 'platformkey:list') return listPlatformKeys(conn);
  const tenantId = 'tenant' in parsed.args ? (await tenantBySlug(conn, parsed.args.tenant)).tenantId : '';
  const context = { tenantId, actor: OPERATOR, surface: 'cli', requestId: randomUUID() };
  return conn.audit.record(context, parsed.command, [], () => dispatch(conn, parsed));
}

/** The operator CLI's actor (docs/decisions.md "Audit log"); no client address. */
const OPERATOR = { type: 'operator', id: 'operator' };

function dispatch(conn: PlatformConnection, parsed: ParsedCommand): Promise<object> {
  switch (parsed.command) {
    case 'tenant:create':
      return createTenant(conn, parsed.args);
    case 'member:add':
      return addMember(conn, parsed.args);
    case 'session:create':
      return createSession(conn, parsed.args);
    case 'session:link':
      return createSignInLink(conn, parsed.args);
    case 'setup:link':
      return createSetupLink(conn);
    case 'tenant:set-status':
      return setTenantStatus(conn, parsed.args);
    case 'apikey:create':
      return createApiKey(conn, parsed.args);
    case 'platformkey:create':
      return createPlatformKey(conn, parsed.args);
    case 'platformkey:list':
      return listPlatformKeys(conn);
    case 'platformkey:revoke':
      return revokePlatformKey(conn, parsed.args);
  }
}

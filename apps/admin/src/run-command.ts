import type { ParsedCommand } from './args.js';
import { createApiKey } from './commands/api-key-commands.js';
import { addMember, createSession, createSignInLink } from './commands/member-commands.js';
import { createTenant, setTenantStatus } from './commands/tenant-commands.js';
import type { PlatformConnection } from './platform-connection.js';

export function runCommand(conn: PlatformConnection, parsed: ParsedCommand): Promise<object> {
  switch (parsed.command) {
    case 'tenant:create':
      return createTenant(conn, parsed.args);
    case 'member:add':
      return addMember(conn, parsed.args);
    case 'session:create':
      return createSession(conn, parsed.args);
    case 'session:link':
      return createSignInLink(conn, parsed.args);
    case 'tenant:set-status':
      return setTenantStatus(conn, parsed.args);
    case 'apikey:create':
      return createApiKey(conn, parsed.args);
  }
}

import { ConfigError, loadConfig } from '@svc/config';
import { DomainError } from '@svc/errors';
import { parseCommand, USAGE, UsageError } from './args.js';
import { adminConfigSchema } from './config.js';
import { connectToPlatform } from './platform-connection.js';
import { runCommand } from './run-command.js';

// Exactly one JSON object on stdout on success (the usage for --help); a message on stderr
// and exit 1 otherwise.
try {
  const parsed = parseCommand(process.argv.slice(2));
  if (parsed.command === 'help') {
    process.stdout.write(USAGE + '\n');
  } else {
    const conn = await connectToPlatform(loadConfig(adminConfigSchema));
    try {
      process.stdout.write(JSON.stringify(await runCommand(conn, parsed)) + '\n');
    } finally {
      await conn.close();
    }
  }
} catch (err) {
  process.stderr.write(`admin: ${describe(err)}\n`);
  process.exitCode = 1;
}

function describe(err: unknown): string {
  if (err instanceof DomainError) {
    const details = err.details.map((d) => `${d.path}: ${d.message}`).join('; ');
    return `${err.code}: ${err.message}${details ? ` (${details})` : ''}`;
  }
  if (err instanceof UsageError || err instanceof ConfigError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * A named secret for the embedded profile, kept in DATA_DIR/secrets.json (mode 0600) and
 * created on first use, so the platform and the operator CLI on the same data folder agree
 * and sessions survive a restart. The distributed profile takes secrets from the environment.
 */
export function embeddedSecret(dataDir: string, name: string): string {
  const dir = resolve(dataDir);
  const file = join(dir, 'secrets.json');
  let secrets: Record<string, string> = {};
  try {
    secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const existing = secrets[name];
  if (existing) return existing;
  const created = randomBytes(32).toString('base64url');
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...secrets, [name]: created }, null, 2) + '\n', { mode: 0o600 });
  return created;
}

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** What a running embedded platform tells local tools (the operator CLI) about itself. */
export interface PlatformRuntime {
  pid: number;
  url: string;
  services: Record<string, string>;
}

export const RUNTIME_FILE = 'platform.json';

/** Writes DATA_DIR/platform.json; returns a function that removes it again. */
export function publishRuntime(dataDir: string, runtime: PlatformRuntime): () => void {
  const file = join(resolve(dataDir), RUNTIME_FILE);
  writeFileSync(file, JSON.stringify(runtime, null, 2) + '\n');
  return () => rmSync(file, { force: true });
}

/** Reads DATA_DIR/platform.json, or null when no embedded platform announced itself there. */
export function readPlatformRuntime(dataDir: string): PlatformRuntime | null {
  try {
    return JSON.parse(readFileSync(join(resolve(dataDir), RUNTIME_FILE), 'utf8')) as PlatformRuntime;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

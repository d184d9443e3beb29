import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The executable file `name` in a PATH folder, or null. */
export function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

export const onPath = (name: string): boolean => findOnPath(name) !== null;

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    // Directories pass the X_OK check too.
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

import { findOnPath, isExecutable } from './on-path.js';

/** The names Debian and others give the browser binary, in the order tried. */
const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** The Chromium binary the browser tests drive: CHROMIUM_BIN, else the first of NAMES on PATH. */
export function chromiumPath(): string | null {
  const fromEnv = process.env.CHROMIUM_BIN;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : null;
  for (const name of NAMES) {
    const found = findOnPath(name);
    if (found) return found;
  }
  return null;
}

/** Why no Chromium can be started here, or null when one can (for serverGate). */
export function chromiumMissing(): string | null {
  if (chromiumPath()) return null;
  const fromEnv = process.env.CHROMIUM_BIN;
  return fromEnv
    ? `CHROMIUM_BIN=${fromEnv} is not an executable file`
    : `none of ${NAMES.join(', ')} was found on PATH (apt-get install chromium, or set CHROMIUM_BIN)`;
}

/**
 * Flags for a headless Chromium in a test: no sandbox when running as root (CI containers,
 * where Chromium refuses to start with one), no GPU, no first-run or background work.
 */
export function chromiumArgs(): string[] {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return [
    ...(root ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
  ];
}

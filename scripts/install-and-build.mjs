#!/usr/bin/env node
// What `npm start` and `npm run dev` do before the platform starts: install, then build. The one
// native module, better-sqlite3, compiles from source where its prebuilt binary cannot be fetched
// (about 1.5 minutes, on one core); pnpm would compile it inside the install, before the
// TypeScript build could begin. Here the install runs no build scripts and the module compiles
// beside the build, which takes about a minute off a first start (README "Quick start"). Once it
// is built nothing is compiled again. The other packages with install scripts (esbuild, buf) work
// without theirs: those only swap a launcher for the binary it finds.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs the repository's pnpm (scripts/pnpm.mjs) with `args` and `env` on top of ours; rejects when
 * it fails. `niceness` lowers its priority (and its children's, which inherit it).
 */
const pnpm = (args, niceness = 0, env = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'pnpm.mjs'), ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    if (niceness > 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, niceness);
      } catch {
        // Not allowed here: the two share the cores as they come.
      }
    }
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pnpm ${args.join(' ')} exited with ${code}`))));
  });

/** Whether the installed better-sqlite3 (the store library's) has its compiled binding. */
function sqliteBuilt() {
  try {
    const resolve = createRequire(join(root, 'libs', 'store', 'package.json')).resolve;
    return existsSync(join(dirname(resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node'));
  } catch {
    return false;
  }
}

try {
  await pnpm(['install', '--ignore-scripts']);
  if (sqliteBuilt()) {
    await pnpm(['run', 'build']);
  } else {
    // The compile is one long job on one core, the build many short ones: the build yields to it,
    // so the compile ends as early as it can and the build fills the rest.
    // JOBS: node-gyp compiles SQLite and the binding's C++ side by side.
    const compile = pnpm(['--recursive', 'rebuild', 'better-sqlite3'], 0, { JOBS: 'max' });
    await Promise.all([compile, pnpm(['run', 'build'], 10)]);
  }
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}

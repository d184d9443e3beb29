#!/usr/bin/env node
// The README's test command after its install: every build, then every type check and test in two
// lanes side by side. The platform's suite is the long pole (about 13 of the run's minutes, one file
// at a time: each file starts whole platforms), so it starts first in a lane of its own; every other
// package's lint and tests, and the platform's lint, run one at a time in the other. One turbo run
// at --concurrency=2 would start it only once the packages it depends on had their turn, 7 minutes
// in, and end with one core idle (docs/testing.md "CI time"). A failed build stops it (the tests
// would run stale output); after that every check and test runs, and the exit code says whether any failed.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `turbo run …` through the repository's pnpm; resolves to its exit code. */
function turbo(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts/pnpm.mjs'), 'exec', 'turbo', 'run', ...args], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function lane(...runs) {
  let failed = 0;
  for (const args of runs) if ((await turbo(args)) !== 0) failed++;
  return failed;
}

// Builds first: both lanes run with --only (no dependencies of their own), on these outputs.
if ((await turbo(['build', '--concurrency=2'])) !== 0) process.exit(1);

const failures = await Promise.all([
  lane(['test', '--only', '--filter=@svc/platform']),
  lane(
    ['lint', 'test', '--only', '--concurrency=1', '--continue', '--filter=!@svc/platform'],
    ['lint', '--only', '--filter=@svc/platform'],
  ),
]);
process.exit(failures.some((n) => n > 0) ? 1 : 0);

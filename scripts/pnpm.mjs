#!/usr/bin/env node
// Runs the pnpm version pinned in package.json#packageManager through npx, so a machine with
// only Node and npm works (corepack's signature check fails on some machines).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const { packageManager } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const result = spawnSync('npx', ['--yes', packageManager, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
  env: withoutNpmConfig(process.env),
});
process.exit(result.status ?? 1);

// npm run passes its settings down as npm_config_* variables; npx then warns about every one
// it does not know (pnpm's own). Keep only the ones that change where packages come from.
function withoutNpmConfig(env) {
  const keep = new Set(['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig']);
  const out = {};
  for (const [k, v] of Object.entries(env)) {
    if (!k.toLowerCase().startsWith('npm_config_') || keep.has(k.toLowerCase())) out[k] = v;
  }
  out.npm_config_update_notifier = 'false';
  out.TURBO_TELEMETRY_DISABLED ??= '1';
  return out;
}

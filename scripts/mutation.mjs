#!/usr/bin/env node
// Mutation testing (docs/testing.md "Mutation testing"): StrykerJS over the availability engine,
// the money and erasure rules and the manage-token library, each target with its own Stryker
// configuration. Prints the score per file and fails when a target is under its own. Run after a
// build (`npm run mutation` does both); `node scripts/mutation.mjs money` runs one target.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TARGETS = [
  { name: 'engine', dir: 'apps/booking', target: 90 },
  { name: 'money', dir: 'apps/booking', config: 'stryker.money.config.json', report: 'money.json', target: 90 },
  { name: 'money-rules', dir: 'libs/rules', target: 90 },
  { name: 'erasure', dir: 'apps/booking', config: 'stryker.erasure.config.json', report: 'erasure.json', target: 90 },
  { name: 'crypto', dir: 'libs/crypto', target: 95 },
];
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !TARGETS.some((t) => t.name === w));
if (unknown.length > 0) {
  console.error(`mutation: unknown target ${unknown.join(', ')} (known: ${TARGETS.map((t) => t.name).join(', ')})`);
  process.exit(2);
}
const runs = TARGETS.filter((t) => wanted.length === 0 || wanted.includes(t.name));

/** Stryker's score: detected / (detected + undetected); compile and runtime errors do not count. */
function score(mutants) {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const valid = detected + undetected;
  return { detected, undetected, valid, percent: valid === 0 ? 100 : (100 * detected) / valid };
}

const rows = [];
let failed = false;
for (const run of runs) {
  const cwd = `${root}${run.dir}`;
  const started = Date.now();
  console.log(`\nmutation: ${run.name} (${run.dir}), target ${run.target} %`);
  const args = ['run', ...(run.config ? [run.config] : [])];
  const stryker = spawnSync(`${root}node_modules/.bin/stryker`, args, { cwd, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  let report;
  try {
    report = JSON.parse(readFileSync(`${cwd}/reports/mutation/${run.report ?? 'mutation.json'}`, 'utf8'));
  } catch {
    console.error(`mutation: ${run.name}: Stryker wrote no report (exit ${stryker.status})`);
    failed = true;
    continue;
  }
  const files = Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b));
  const total = score(files.flatMap(([, f]) => f.mutants));
  const ok = total.percent >= run.target;
  if (!ok || stryker.status !== 0) failed = true;
  rows.push({ run, files, total, ok, seconds });
}

console.log('\nmutation score per file (killed + timed out) / (killed + timed out + survived + not covered)');
for (const { run, files, total, ok, seconds } of rows) {
  for (const [path, file] of files) {
    const s = score(file.mutants);
    console.log(`  ${`${run.dir}/${path}`.padEnd(58)} ${s.percent.toFixed(2).padStart(6)} %  ${s.detected}/${s.valid}`);
  }
  const verdict = ok ? 'ok' : 'UNDER TARGET';
  console.log(
    `  ${`${run.name} total`.padEnd(58)} ${total.percent.toFixed(2).padStart(6)} %  ${total.detected}/${total.valid}` +
      `  target ${run.target} %: ${verdict}  (${seconds} s)\n`,
  );
}
process.exit(failed ? 1 : 0);

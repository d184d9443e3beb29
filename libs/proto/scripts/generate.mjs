#!/usr/bin/env node
// Regenerates the ts-proto code from ../../proto with buf (both from npm, no protoc download).
// `node generate.mjs [outDir]`: outDir defaults to this package; the staleness test passes a temp dir.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
const protoDir = resolve(pkgDir, '../../proto');
const outDir = resolve(process.argv[2] ?? pkgDir);
const bin = join(pkgDir, 'node_modules', '.bin');

rmSync(join(outDir, 'src', 'gen'), { recursive: true, force: true });
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
const run = (args) => {
  const r = spawnSync(join(bin, 'buf'), args, { cwd: protoDir, env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(['lint']);
run(['generate', '--template', 'buf.gen.yaml', '-o', outDir]);

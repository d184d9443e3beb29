import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const pkgDir = resolve(__dirname, '..');
const committed = join(pkgDir, 'src', 'gen');
const scratch = mkdtempSync(join(tmpdir(), 'proto-gen-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

describe('generated gRPC code', () => {
  it('passes buf lint and matches a fresh `buf generate` (run `npm run proto:generate` when this fails)', () => {
    const r = spawnSync(process.execPath, [join(pkgDir, 'scripts', 'generate.mjs'), scratch], { encoding: 'utf8' });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const fresh = files(join(scratch, 'src', 'gen'));
    const current = files(committed);
    expect([...current.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [name, text] of fresh) expect(current.get(name), `${name} is stale`).toBe(text);
  }, 120_000);
});

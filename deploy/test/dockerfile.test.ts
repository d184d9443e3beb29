import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '@svc/testing';
import { chartDir, hadolint, hadolintGate } from './k8s-tools.js';

/**
 * deploy/docker/Dockerfile cannot be built here (no base image can be pulled), so its rules are
 * read from the file: one recipe for every app, a build stage that `pnpm deploy`s the one app,
 * and a final stage without build tools or package managers, running as a numeric non-root user
 * under tini with NODE_ENV=production. hadolint lints it.
 */

const dockerfilePath = join(repoRoot(), 'deploy', 'docker', 'Dockerfile');
const dockerfile = readFileSync(dockerfilePath, 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}
/** Instructions by stage: continuation lines joined, comments dropped. */
function stages(text: string): Instruction[][] {
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const out: Instruction[][] = [];
  for (const line of logical) {
    const [keyword, ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') out.push([]);
    out.at(-1)?.push(instruction);
  }
  return out;
}

const all = stages(dockerfile);
const [build, final] = [all[0]!, all.at(-1)!];
const args = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword).map((i) => i.args);

describe('Dockerfile', () => {
  it('builds one app, chosen by --build-arg APP, with pnpm deploy in a build stage', () => {
    expect(all).toHaveLength(2);
    expect(args(build, 'FROM')[0]).toMatch(/ AS build$/);
    expect(args(build, 'ARG')).toContain('APP');
    const run = args(build, 'RUN').join(' ');
    expect(run).toContain('--filter "@svc/${APP}" deploy --prod');
    expect(run).toContain('--frozen-lockfile');
  });

  it('has a final stage with only the deployed app, no build tools and no package managers', () => {
    const copies = args(final, 'COPY');
    expect(copies.every((c) => c.startsWith('--from=build '))).toBe(true);
    expect(copies).toContain('--from=build /out /app');
    const runs = args(final, 'RUN').join(' ');
    expect(runs).not.toMatch(/apt-get|apk |python3|make|g\+\+|gcc|pnpm install|npm install/);
    // The base image's npm, npx, corepack and yarn are removed.
    for (const tool of [
      '/usr/local/lib/node_modules',
      '/usr/local/bin/npm',
      '/usr/local/bin/npx',
      '/usr/local/bin/corepack',
      '/opt/yarn-*',
    ]) {
      expect(runs).toContain(tool);
    }
  });

  it('runs node under tini as a numeric non-root user with NODE_ENV=production', () => {
    const user = args(final, 'USER');
    expect(user).toHaveLength(1);
    expect(user[0]).toMatch(/^[1-9][0-9]*:[1-9][0-9]*$/);
    expect(args(final, 'ENV').join(' ')).toMatch(/(^| )NODE_ENV=production( |$)/);
    expect(args(final, 'ENTRYPOINT')).toEqual(['["/usr/bin/tini", "--"]']);
    expect(args(final, 'CMD')).toEqual(['["node", "dist/main.js"]']);
    expect(args(final, 'COPY')).toContain('--from=build /usr/bin/tini-static /usr/bin/tini');
  });

  it("runs as the user the chart's pods require", () => {
    const values = parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8')) as {
      podSecurityContext: { runAsUser: number; runAsGroup: number };
    };
    const [uid, gid] = args(final, 'USER')[0]!.split(':').map(Number);
    expect(values.podSecurityContext).toMatchObject({ runAsUser: uid, runAsGroup: gid });
  });

  it('keeps dependencies, builds and caches out of the build context', () => {
    const ignored = readFileSync(join(repoRoot(), '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.cache', '.git']) expect(ignored).toContain(entry);
  });

  it.runIf(hadolintGate())('passes hadolint', () => {
    const result = hadolint(dockerfilePath);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

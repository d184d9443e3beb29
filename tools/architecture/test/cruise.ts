import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** The repository's root: where `.dependency-cruiser.cjs` holds the rules. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where a tree keeps the tsconfig that maps every `@svc/<package>` to its source. */
export const RESOLVE_TSCONFIG = 'tools/architecture/tsconfig.resolve.json';

/**
 * The source folders of a tree laid out like the repository: every app's and lib's `src` (and
 * `client`, browser code), whichever apps and libs exist when the check runs.
 * Tests, configs and scripts beside them are not the layering.
 */
export function sourceRoots(root: string): string[] {
  const roots: string[] = [];
  for (const [group, folders] of [
    ['apps', ['src', 'client']],
    ['libs', ['src', 'client']],
  ] as const) {
    if (!existsSync(join(root, group))) continue;
    for (const pkg of readdirSync(join(root, group), { withFileTypes: true })) {
      if (!pkg.isDirectory()) continue;
      for (const folder of folders) {
        const path = `${group}/${pkg.name}/${folder}`;
        if (existsSync(join(root, path))) roots.push(path);
      }
    }
  }
  return roots.sort();
}

/** What the cruise saw and broke: enough to tell an empty cruise from a clean one. */
export interface LayeringReport {
  violations: IViolation[];
  modules: number;
  dependencies: number;
}

/** Cruises a tree's source with the repository's rules (`.dependency-cruiser.cjs`). */
export async function checkLayering(root: string): Promise<LayeringReport> {
  const options = await extractDepcruiseOptions(join(REPO_ROOT, '.dependency-cruiser.cjs'));
  const tsConfigFile = join(root, RESOLVE_TSCONFIG);
  const { output } = await cruise(
    sourceRoots(root),
    { ...options, baseDir: root, tsConfig: { fileName: tsConfigFile } },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const result = output as ICruiseResult;
  return {
    violations: result.summary.violations,
    modules: result.modules.length,
    dependencies: result.summary.totalDependenciesCruised ?? 0,
  };
}

/** One line per violation: the rule, then the import (or the cycle) that breaks it. */
export function describeViolation(v: IViolation): string {
  const where = v.cycle?.length ? [v.from, ...v.cycle.map((step) => step.name)].join(' → ') : `${v.from} → ${v.to}`;
  return `${v.rule.name}: ${where}`;
}

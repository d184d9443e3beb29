import { describe, expect, it } from 'vitest';
import { checkLayering, describeViolation, REPO_ROOT } from './cruise.js';

// The layering rules over the repository's own source (docs/testing.md "Layering"). A violation
// is a design question: move the code where the rule lets it be; never silence the rule.
describe('the layering of apps/ and libs/', () => {
  it('breaks none of the rules in .dependency-cruiser.cjs', async () => {
    const report = await checkLayering(REPO_ROOT);
    // A cruise that found no source would pass every rule: it must have read the whole tree.
    expect(report.modules).toBeGreaterThan(300);
    expect(report.dependencies).toBeGreaterThan(1_000);
    const broken = report.violations.map(describeViolation).sort();
    expect(broken, `${broken.length} layering violations:\n${broken.join('\n')}`).toEqual([]);
  });
});

import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chromiumMissing, chromiumPath } from '../src/index.js';

const saved = { bin: process.env.CHROMIUM_BIN, path: process.env.PATH };
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chromium-test-'));
});
afterEach(() => {
  for (const [key, value] of [
    ['CHROMIUM_BIN', saved.bin],
    ['PATH', saved.path],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** An executable file named `name` in the test's folder. */
const fakeBinary = (name: string, mode = 0o755): string => {
  const file = join(dir, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, mode);
  return file;
};

describe('chromiumPath / chromiumMissing', () => {
  it('finds Debian’s chromium on PATH', () => {
    delete process.env.CHROMIUM_BIN;
    process.env.PATH = dir;
    const bin = fakeBinary('chromium');
    expect(chromiumPath()).toBe(bin);
    expect(chromiumMissing()).toBeNull();
  });

  it('says why there is none, and honours CHROMIUM_BIN only when it is executable', () => {
    delete process.env.CHROMIUM_BIN;
    process.env.PATH = dir;
    expect(chromiumPath()).toBeNull();
    expect(chromiumMissing()).toMatch(/none of chromium, .* was found on PATH/);
    process.env.CHROMIUM_BIN = fakeBinary('not-executable', 0o644);
    expect(chromiumMissing()).toMatch(/CHROMIUM_BIN=.* is not an executable file/);
    process.env.CHROMIUM_BIN = fakeBinary('my-chrome');
    expect(chromiumPath()).toBe(process.env.CHROMIUM_BIN);
  });
});

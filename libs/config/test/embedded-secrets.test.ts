import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedSecret } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embeddedSecret', () => {
  it('creates a secret once, keeps it, and keeps the file private', () => {
    const a = embeddedSecret(dir, 'session');
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(embeddedSecret(dir, 'session')).toBe(a);
    expect(embeddedSecret(dir, 'manage')).not.toBe(a);
    expect(embeddedSecret(dir, 'session')).toBe(a);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });
});

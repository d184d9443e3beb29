import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from '../src/index.js';

const KEY = 'k'.repeat(32);
const OTHER = 'o'.repeat(32);

describe('SecretBox (AES-256-GCM)', () => {
  it('opens what it sealed, and never stores the plaintext', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('whsec_secret', 'whs_1');
    expect(sealed).toMatch(/^sb1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('whsec_secret');
    expect(box.open(sealed, 'whs_1')).toBe('whsec_secret');
    // A fresh IV each time.
    expect(box.seal('whsec_secret', 'whs_1')).not.toBe(sealed);
  });

  it('refuses another context, a tampered value and an unknown key', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('whsec_secret', 'whs_1');
    expect(() => box.open(sealed, 'whs_2')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'whs_1')).toThrow(SecretBoxError);
    expect(() => new SecretBox(OTHER).open(sealed, 'whs_1')).toThrow(/not configured/);
    expect(() => box.open('plain', 'whs_1')).toThrow(SecretBoxError);
  });

  it('opens values sealed with a previous key after the key is rotated', () => {
    const sealed = new SecretBox(KEY).seal('whsec_old', 'whs_1');
    const rotated = new SecretBox(OTHER, [KEY]);
    expect(rotated.open(sealed, 'whs_1')).toBe('whsec_old');
    expect(rotated.seal('x', 'whs_1').split('.')[1]).toBe(rotated.kid);
    expect(rotated.kid).not.toBe(new SecretBox(KEY).kid);
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => new SecretBox('short')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import {
  decodeKeyCursor,
  decodePageCursor,
  encodeKeyCursor,
  encodePageCursor,
  KEY_CURSOR_PATTERN,
  PAGE_CURSOR_PATTERN,
} from '../src/index.js';

describe('page cursor', () => {
  it('round-trips a position', () => {
    for (const p of [
      { at: 1_790_000_000_000, id: 'svc_AbC-12_x' },
      { at: 0, id: '7' },
      { at: 999_999_999_999_999, id: 'x'.repeat(100) },
    ]) {
      const cursor = encodePageCursor(p);
      expect(cursor).toMatch(PAGE_CURSOR_PATTERN);
      expect(decodePageCursor(cursor)).toEqual(p);
    }
  });

  it('every string of the documented pattern is a position (what a schema-driven client may send)', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const idChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
    for (let i = 0; i < 5_000; i++) {
      const time = Array.from({ length: 15 }, () => String(next(10))).join('');
      const id = Array.from({ length: 1 + next(100) }, () => idChars[next(idChars.length)]).join('');
      const position = decodePageCursor(time + id);
      expect(position, time + id).not.toBeNull();
      expect(Number.isSafeInteger(position!.at)).toBe(true);
      expect(encodePageCursor(position!)).toBe(time + id);
    }
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['the former JSON form', Buffer.from('[1,"x"]').toString('base64url')],
    ['a short time', '12345x'],
    ['no id', '000000000000001'],
    ['an odd id', '000000000000001a b'],
    ['too long', `000000000000001${'a'.repeat(101)}`],
  ])('refuses %s', (_what, cursor) => {
    expect(decodePageCursor(cursor)).toBeNull();
    expect(cursor).not.toMatch(PAGE_CURSOR_PATTERN);
  });

  it('refuses to encode a position no cursor can hold', () => {
    expect(() => encodePageCursor({ at: -1, id: 'x' })).toThrow();
    expect(() => encodePageCursor({ at: 1, id: 'a b' })).toThrow();
  });
});

describe('key cursor', () => {
  it('round-trips a position, whatever the key holds', () => {
    for (const p of [
      { key: 'ann lee', id: 'cus_AbC-12_x' },
      { key: '', id: '7' },
      { key: 'müller 𠀋 ✓', id: 'x'.repeat(100) },
      { key: 'a'.repeat(254), id: 'cus_1' },
      { key: '\u{FFFD}'.repeat(254), id: 'cus_2' },
    ]) {
      const cursor = encodeKeyCursor(p);
      expect(cursor).toMatch(KEY_CURSOR_PATTERN);
      expect(cursor).not.toMatch(PAGE_CURSOR_PATTERN);
      expect(decodeKeyCursor(cursor)).toEqual(p);
    }
  });

  it('every string of the documented pattern is a position, and no list cursor is one', () => {
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
    const run = (max: number, min = 0) =>
      Array.from({ length: min + next(max - min + 1) }, () => chars[next(chars.length)]).join('');
    for (let i = 0; i < 5_000; i++) {
      const cursor = `${run(100, 1)}.${run(1400)}`;
      const position = decodeKeyCursor(cursor);
      expect(position, cursor).not.toBeNull();
      expect(typeof position!.key).toBe('string');
      expect(decodePageCursor(cursor)).toBeNull();
    }
    expect(decodeKeyCursor(encodePageCursor({ at: 1, id: 'cus_1' }))).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['no dot', 'cus_1'],
    ['no id', '.YQ'],
    ['two dots', 'cus_1.YQ.YQ'],
    ['padding', 'cus_1.YQ=='],
    ['not base64url', 'cus_1.a+b'],
    ['too long', `cus_1.${'A'.repeat(1401)}`],
  ])('refuses %s', (_label, cursor) => {
    expect(decodeKeyCursor(cursor)).toBeNull();
  });
});

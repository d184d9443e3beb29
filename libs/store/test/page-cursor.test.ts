import { describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor, PAGE_CURSOR_PATTERN } from '../src/index.js';

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

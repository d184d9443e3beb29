import { describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor } from '../src/index.js';

describe('page cursor', () => {
  it('round-trips a position', () => {
    const p = { createdAtMs: 1_790_000_000_000, id: 'svc_AbC-12_x' };
    expect(decodePageCursor(encodePageCursor(p))).toEqual(p);
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['wrong shape', Buffer.from('{"a":1}').toString('base64url')],
    ['negative time', Buffer.from('[-1,"x"]').toString('base64url')],
    ['odd id', Buffer.from('[1,"a b"]').toString('base64url')],
    ['too long', 'a'.repeat(201)],
  ])('refuses %s', (_what, cursor) => {
    expect(decodePageCursor(cursor)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { encodeCursor, parsePageRequest } from '../../src/rpc/paging.js';
import { violationPaths } from '../support/violations.js';

describe('page requests', () => {
  it('defaults to 50 and allows up to 100', () => {
    expect(parsePageRequest(undefined)).toEqual({ limit: 50, after: null });
    expect(parsePageRequest({ limit: 0, cursor: '' })).toEqual({ limit: 50, after: null });
    expect(parsePageRequest({ limit: 100 }).limit).toBe(100);
  });

  it.each([101, -1, 2.5])('rejects limit %d on query.limit', (limit) => {
    expect(violationPaths(() => parsePageRequest({ limit }))).toEqual(['limit']);
  });

  it('round-trips an opaque base64url cursor', () => {
    const cursor = encodeCursor({ at: 1_700_000_000_000, id: 'stf_abc' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parsePageRequest({ limit: 10, cursor })).toEqual({
      limit: 10,
      after: { at: 1_700_000_000_000, id: 'stf_abc' },
    });
  });

  it.each([
    'not a cursor',
    'e30',
    Buffer.from('[1]').toString('base64url'),
    Buffer.from('[1.5,"x"]').toString('base64url'),
  ])('rejects cursor %j on query.cursor', (cursor) => {
    expect(violationPaths(() => parsePageRequest({ cursor }))).toEqual(['cursor']);
  });
});

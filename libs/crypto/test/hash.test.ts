import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from '../src/base64url.js';
import { constantTimeEqual } from '../src/constant-time.js';
import { sha256Hex } from '../src/index.js';

describe('helpers', () => {
  it('sha256Hex hashes UTF-8 text to lower-case hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('constantTimeEqual answers false for different lengths instead of throwing', () => {
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abd'))).toBe(false);
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abcd'))).toBe(false);
  });

  it('decodeBase64Url accepts only canonical unpadded base64url', () => {
    const text = encodeBase64Url('hello?>');
    expect(decodeBase64Url(text)?.toString()).toBe('hello?>');
    expect(decodeBase64Url(`${text}=`)).toBeNull();
    expect(decodeBase64Url('aGVsbG8/Pg')).toBeNull(); // standard alphabet
    expect(decodeBase64Url('aGVsbG9')).toBeNull(); // trailing bits set
  });
});

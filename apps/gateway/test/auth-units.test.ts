import { describe, expect, it } from 'vitest';
import { csrfToken, verifyCsrf } from '@svc/crypto';
import { safeReturnTo } from '../src/auth/return-to.js';
import { sessionCookie } from '../src/index.js';

const SECRET = 'k'.repeat(40);

describe('csrf', () => {
  const hash = 'a'.repeat(64);

  it('is the base64url HMAC-SHA256 of csrf:{sessionId}:{sessionHash}', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', SECRET).update(`csrf:ses_1:${hash}`).digest('base64url');
    expect(csrfToken(SECRET, 'ses_1', hash)).toBe(expected);
  });

  it('verifies only the token of the same session, secret and hash', () => {
    const token = csrfToken(SECRET, 'ses_1', hash);
    expect(verifyCsrf(SECRET, 'ses_1', hash, token)).toBe(true);
    expect(verifyCsrf(SECRET, 'ses_2', hash, token)).toBe(false);
    expect(verifyCsrf(SECRET, 'ses_1', 'b'.repeat(64), token)).toBe(false);
    expect(verifyCsrf('x'.repeat(40), 'ses_1', hash, token)).toBe(false);
    expect(verifyCsrf(SECRET, 'ses_1', hash, `${token}x`)).toBe(false);
    expect(verifyCsrf(SECRET, 'ses_1', hash, '')).toBe(false);
    expect(verifyCsrf(SECRET, 'ses_1', hash, undefined)).toBe(false);
  });
});

describe('safeReturnTo', () => {
  const base = 'https://app.example.test';
  it.each([
    ['/bookings?view=week#today', '/bookings?view=week#today'],
    ['/', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['bookings', '/'],
    ['/a\nb', '/'],
    [undefined, '/'],
    [`/${'x'.repeat(3000)}`, '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnTo(input, base)).toBe(expected);
  });
});

describe('sessionCookie', () => {
  it('is a __Host- cookie: HttpOnly, Secure, SameSite=Lax, Path=/, 30 days, no Domain', () => {
    const token = 'A'.repeat(43);
    const now = 1_700_000_000_000;
    expect(sessionCookie(token, now + 30 * 86_400_000, now)).toBe(
      `__Host-service_session=${token}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=2592000`,
    );
  });

  it('refuses anything that is not a session token (no header injection)', () => {
    expect(() => sessionCookie('abc; Domain=evil.example', Date.now() + 1000)).toThrow(TypeError);
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The X-Service-CSRF value of a session: base64url HMAC-SHA256 over `csrf:{sessionId}:{sessionHash}`
 * (sessionHash = the stored SHA-256 hex of the session token). Deterministic, so it needs no
 * storage and survives workspace switches; a new session gets a new one.
 */
export function csrfToken(secret: string, sessionId: string, sessionHash: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}:${sessionHash}`, 'utf8').digest('base64url');
}

/** Whether `presented` is the session's CSRF token, compared in constant time. */
export function verifyCsrf(
  secret: string,
  sessionId: string,
  sessionHash: string,
  presented: string | undefined,
): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const expected = Buffer.from(csrfToken(secret, sessionId, sessionHash), 'utf8');
  const given = Buffer.from(presented, 'utf8');
  // timingSafeEqual needs equal lengths; the length of a well-formed token is public anyway.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { constantTimeEqual } from './constant-time.js';
import { encodeBase64Url } from './base64url.js';
import { hmacSha256 } from './hash.js';

/**
 * The dashboard session's cookie (`__Host-`: the browser only accepts it Secure, with Path=/ and
 * no Domain, so no subdomain can set it); the gateway sets it, the operator CLI prints it.
 */
export const SESSION_COOKIE = '__Host-service_session';

/**
 * The X-Service-CSRF value of a session: base64url HMAC-SHA256 over `csrf:{sessionId}:{sessionHash}`
 * (sessionHash = the stored SHA-256 hex of the session token). Deterministic, so it needs no
 * storage and survives workspace switches; a new session gets a new one.
 */
export function csrfToken(secret: string, sessionId: string, sessionHash: string): string {
  return encodeBase64Url(hmacSha256(secret, `csrf:${sessionId}:${sessionHash}`));
}

/** Whether `presented` is the session's CSRF token, compared in constant time. */
export function verifyCsrf(
  secret: string,
  sessionId: string,
  sessionHash: string,
  presented: string | undefined,
): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  return constantTimeEqual(
    Buffer.from(csrfToken(secret, sessionId, sessionHash), 'utf8'),
    Buffer.from(presented, 'utf8'),
  );
}

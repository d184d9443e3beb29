import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@svc/crypto';

export { SESSION_COOKIE };

/** Shape of a session or sign-in link token (43 base64url characters); anything else is not worth a lookup. */
export function looksLikeSessionToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Carries the id of the pending login's server-side record between start and callback. */
export const OAUTH_COOKIE = '__Host-service_oauth';

// Lax, not Strict: the cookies must come along on the top-level redirect back from the provider.
const ATTRIBUTES = 'HttpOnly; Secure; SameSite=Lax; Path=/';

/**
 * The Set-Cookie value of a dashboard session, set by the login callback. Max-Age counts down to
 * `expiresAtMs` (2592000 for a new session). (The operator CLI prints only `SESSION_COOKIE=token`.)
 */
export function sessionCookie(token: string, expiresAtMs: number, nowMs: number = Date.now()): string {
  if (!looksLikeSessionToken(token)) throw new TypeError('not a session token');
  const maxAge = Math.max(0, Math.round((expiresAtMs - nowMs) / 1000));
  return `${SESSION_COOKIE}=${token}; ${ATTRIBUTES}; Max-Age=${maxAge}`;
}

export const clearedSessionCookie = (): string => `${SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;

/** The pending login's cookie; Max-Age counts down to the attempt's `expiresAtMs` (600 for a new one). */
export function oauthCookie(id: string, expiresAtMs: number, nowMs: number = Date.now()): string {
  const maxAge = Math.max(0, Math.round((expiresAtMs - nowMs) / 1000));
  return `${OAUTH_COOKIE}=${id}; ${ATTRIBUTES}; Max-Age=${maxAge}`;
}

export const clearedOauthCookie = (): string => `${OAUTH_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;

/**
 * One cookie of the request, parsed on demand: cookies are not parsed for every request, so a
 * public route never even looks at the session cookie.
 */
export function readCookie(app: FastifyInstance, request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = app.parseCookie(header)[name];
  return value === undefined || value === '' ? undefined : value;
}

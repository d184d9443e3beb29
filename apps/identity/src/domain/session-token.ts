import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@svc/crypto';
import { DAY_MS } from '@svc/rules';

/** The spec's dashboard session lifetime. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

/** How long a one-time sign-in link can be used (docs/decisions.md "Staff dashboard"). */
export const SIGN_IN_LINK_LIFETIME_MS = 10 * 60_000;

/** 32 random bytes, base64url: what the cookie carries. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps instead of the token (SHA-256, hex). */
export function hashSessionToken(token: string): string {
  return sha256Hex(token);
}


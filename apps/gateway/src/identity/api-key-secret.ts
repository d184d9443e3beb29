import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@svc/crypto';

/** `sk_live_` then 32 random bytes in base64url: what a partner sends as `Authorization: Bearer …`. */
export const API_KEY_SECRET_PREFIX = 'sk_live_';
const SECRET_PATTERN = /^sk_live_[A-Za-z0-9_-]{43}$/;
/** How much of a secret the key record shows (docs/decisions.md "API keys and scopes"). */
export const API_KEY_PREFIX_LENGTH = 12;

export function newApiKeySecret(): string {
  return API_KEY_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** Shape of a secret we issued; anything else is not worth a lookup. */
export function looksLikeApiKeySecret(value: string): boolean {
  return SECRET_PATTERN.test(value);
}

/**
 * The indexed lookup id of a secret, and the only thing stored of it: SHA-256, hex. A secret has
 * 256 random bits, so a plain hash cannot be reversed or guessed (no salt or slow hash needed);
 * and an index lookup by hash leaks nothing usable through timing, since no caller can choose
 * the hash a guess will land on.
 */
export function apiKeySecretHash(secret: string): string {
  return sha256Hex(secret);
}

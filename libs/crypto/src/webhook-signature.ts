import { randomBytes } from 'node:crypto';
import { hmacSha256 } from './hash.js';

/**
 * Webhook signing (the specification's "Delivery headers"): `X-Service-Signature` is
 * `sha256=` and the hex HMAC-SHA256, keyed with the subscription's signing secret (the whole
 * `whsec_…` string as UTF-8), of `timestamp + "." + rawBody`, where the timestamp is the
 * `X-Service-Timestamp` header (epoch seconds).
 */
export const WEBHOOK_SIGNATURE_PREFIX = 'sha256=';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSigningSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

export function webhookSignature(secret: string, timestampSec: number, rawBody: string): string {
  return WEBHOOK_SIGNATURE_PREFIX + hmacSha256(secret, `${timestampSec}.${rawBody}`).toString('hex');
}

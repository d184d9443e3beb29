import { randomBytes } from 'node:crypto';
import { constantTimeEqual } from './constant-time.js';
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

/**
 * What a receiver checks before it parses the body: the signature (constant-time) and a
 * timestamp within `toleranceSec` of its clock (default 5 minutes), which bounds replays.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  signature: string | undefined;
  timestamp: string | undefined;
  rawBody: string;
  nowSec?: number;
  toleranceSec?: number;
}): boolean {
  const { signature, timestamp } = input;
  if (signature === undefined || timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return false;
  const nowSec = input.nowSec ?? Math.floor(Date.now() / 1000);
  if (Math.abs(nowSec - Number(timestamp)) > (input.toleranceSec ?? 300)) return false;
  const expected = webhookSignature(input.secret, Number(timestamp), input.rawBody);
  return constantTimeEqual(Buffer.from(signature, 'utf8'), Buffer.from(expected, 'utf8'));
}

/**
 * Unsubscribe tokens (docs/decisions.md "Notifications"): the last segment of the unsubscribe
 * link in a reminder, `svc_u1.<base64url(JSON {tenantId, customerId, kid})>.<base64url(HMAC)>`.
 * Signed with the manage-token keys (the same rotation by `kid`) under their own prefix, so
 * neither kind of token passes for the other. No expiry: an unsubscribe link works as long as
 * its key is kept, and using it twice changes nothing.
 */
import { decodeBase64Url, encodeBase64Url } from './base64url.js';
import { constantTimeEqual } from './constant-time.js';
import { hmacSha256 } from './hash.js';
import type { ManageTokenKeys } from './manage-token.js';

export const UNSUBSCRIBE_TOKEN_PREFIX = 'svc_u1';
const MAX_TOKEN_LENGTH = 1024;

export interface UnsubscribeClaims {
  tenantId: string;
  customerId: string;
}

const sign = (secret: string, payloadPart: string): string =>
  encodeBase64Url(hmacSha256(secret, `${UNSUBSCRIBE_TOKEN_PREFIX}.${payloadPart}`));

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function mintUnsubscribeToken(keys: ManageTokenKeys, claims: UnsubscribeClaims): string {
  if (!nonEmpty(claims.tenantId) || !nonEmpty(claims.customerId)) {
    throw new TypeError('unsubscribe-token claims need a tenantId and a customerId');
  }
  const payload = { tenantId: claims.tenantId, customerId: claims.customerId, kid: keys.current.kid };
  const payloadPart = encodeBase64Url(JSON.stringify(payload));
  return `${UNSUBSCRIBE_TOKEN_PREFIX}.${payloadPart}.${sign(keys.current.secret, payloadPart)}`;
}

/** The claims of a well-formed token signed by a known key; null for anything else. */
export function verifyUnsubscribeToken(keys: ManageTokenKeys, token: string): UnsubscribeClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const [prefix, payloadPart, signaturePart, ...rest] = token.split('.');
  if (prefix !== UNSUBSCRIBE_TOKEN_PREFIX || !payloadPart || !signaturePart || rest.length > 0) return null;
  const bytes = decodeBase64Url(payloadPart);
  if (!bytes) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { tenantId, customerId, kid } = payload as Record<string, unknown>;
  if (!nonEmpty(tenantId) || !nonEmpty(customerId) || !nonEmpty(kid)) return null;
  const key = [keys.current, ...(keys.previous ?? [])].find((k) => k.kid === kid);
  if (!key || !nonEmpty(key.secret)) return null;
  if (!constantTimeEqual(Buffer.from(sign(key.secret, payloadPart)), Buffer.from(signaturePart))) return null;
  return { tenantId, customerId };
}

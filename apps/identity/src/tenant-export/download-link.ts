import { constantTimeEqual, encodeBase64Url, hmacSha256 } from '@svc/crypto';

/** How long a download link works after the status answer that handed it out. */
export const DOWNLOAD_LINK_TTL_MS = 60 * 60_000;

/** At most this long: 13 digits of epoch ms, a dot, 43 characters of base64url HMAC-SHA256. */
const MAX_TOKEN_LENGTH = 64;
const TOKEN = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * The `token` of an export's download link (docs/api-conventions.md "Tenant export"):
 * `<expiresAtMs>.<base64url HMAC-SHA256>` over the tenant, the job and the expiry, keyed with
 * SESSION_SECRET (which every gateway and identity process holds; the gateway's CSRF tokens use it
 * too) under its own prefix, so no other token of that key passes for it. Nothing is stored: any process checks it.
 */
export function mintDownloadToken(secret: string, tenantId: string, jobId: string, expiresAtMs: number): string {
  return `${expiresAtMs}.${signature(secret, tenantId, jobId, expiresAtMs)}`;
}

export type TokenVerdict = 'valid' | 'invalid' | 'expired';

/**
 * Whether `token` was minted for this tenant's job with this key (compared in constant time) and
 * is still within its time. A forged expiry fails the signature, so `expired` is only ever said of
 * a link the service handed out.
 */
export function checkDownloadToken(
  secret: string,
  tenantId: string,
  jobId: string,
  token: string,
  nowMs: number,
): TokenVerdict {
  if (token.length > MAX_TOKEN_LENGTH) return 'invalid';
  const match = TOKEN.exec(token);
  if (!match) return 'invalid';
  const expiresAtMs = Number(match[1]);
  const expected = signature(secret, tenantId, jobId, expiresAtMs);
  if (!constantTimeEqual(Buffer.from(expected), Buffer.from(match[2]!))) return 'invalid';
  return nowMs < expiresAtMs ? 'valid' : 'expired';
}

function signature(secret: string, tenantId: string, jobId: string, expiresAtMs: number): string {
  return encodeBase64Url(hmacSha256(secret, `tenant-export:${tenantId}:${jobId}:${expiresAtMs}`));
}

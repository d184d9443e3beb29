/**
 * Manage tokens (docs/decisions.md "Manage token"): `svc_m1.<base64url(JSON payload)>.<base64url(HMAC)>`,
 * the HMAC-SHA256 taken over `svc_m1.<payloadPart>` with the secret the payload's `kid` names.
 * Stateless: whoever holds the token may act on that one booking until it expires.
 */
import { decodeBase64Url, encodeBase64Url } from './base64url.js';
import { constantTimeEqual } from './constant-time.js';
import { hmacSha256 } from './hash.js';

export const MANAGE_TOKEN_PREFIX = 'svc_m1';
export const MANAGE_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const MANAGE_ACTIONS = ['read', 'cancel', 'reschedule'] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

/**
 * `{base_url}/booking/manage/{token}`: the link a customer gets with a booking (docs/decisions.md
 * "Manage token"): in the create's answer and in the notifications' emails.
 */
export const manageUrl = (baseUrl: string, token: string): string => `${baseUrl}/booking/manage/${token}`;

/** Far above a real token (~300 characters); bounds the work spent on garbage from the URL. */
const MAX_TOKEN_LENGTH = 4096;

export interface ManageTokenKey {
  /** Names the secret inside the token, so a verifier can pick it after a rotation. */
  kid: string;
  secret: string;
}

export interface ManageTokenKeys {
  /** Mints new tokens; also verifies. */
  current: ManageTokenKey;
  /** Retired secrets whose tokens still verify; drop one to invalidate its tokens. */
  previous?: ManageTokenKey[];
}

export interface ManageTokenClaims {
  tenantId: string;
  bookingId: string;
  customerId: string;
  /** Defaults to every action. */
  actions?: readonly ManageAction[];
}

export interface ManageTokenPayload {
  tenantId: string;
  bookingId: string;
  customerId: string;
  actions: ManageAction[];
  iatMs: number;
  expMs: number;
  kid: string;
}

function sign(secret: string, payloadPart: string): string {
  return encodeBase64Url(hmacSha256(secret, `${MANAGE_TOKEN_PREFIX}.${payloadPart}`));
}

const isManageAction = (value: unknown): value is ManageAction =>
  typeof value === 'string' && (MANAGE_ACTIONS as readonly string[]).includes(value);

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

function assertKey(key: ManageTokenKey, what: string): void {
  if (!isNonEmptyString(key.kid) || !isNonEmptyString(key.secret)) {
    throw new TypeError(`${what} needs a non-empty kid and secret`);
  }
}

/** Mints a token with the current key, valid for 30 days from nowMs. Throws on bad input (a caller bug). */
export function mintManageToken(keys: ManageTokenKeys, claims: ManageTokenClaims, nowMs: number): string {
  assertKey(keys.current, 'the current manage-token key');
  for (const field of ['tenantId', 'bookingId', 'customerId'] as const) {
    if (!isNonEmptyString(claims[field])) throw new TypeError(`manage-token claim ${field} must be a non-empty string`);
  }
  if (!Number.isSafeInteger(nowMs) || nowMs < 0) throw new TypeError('nowMs must be a non-negative integer');
  const requested = claims.actions ?? MANAGE_ACTIONS;
  if (requested.length === 0 || !requested.every(isManageAction)) {
    throw new TypeError(`manage-token actions must be a non-empty subset of ${MANAGE_ACTIONS.join(', ')}`);
  }
  const payload: ManageTokenPayload = {
    tenantId: claims.tenantId,
    bookingId: claims.bookingId,
    customerId: claims.customerId,
    // Canonical order, no duplicates: the same grant always encodes the same way.
    actions: MANAGE_ACTIONS.filter((a) => requested.includes(a)),
    iatMs: nowMs,
    expMs: nowMs + MANAGE_TOKEN_TTL_MS,
    kid: keys.current.kid,
  };
  const payloadPart = encodeBase64Url(JSON.stringify(payload));
  return `${MANAGE_TOKEN_PREFIX}.${payloadPart}.${sign(keys.current.secret, payloadPart)}`;
}

/** The payload's shape, read from untrusted JSON; null when anything is off. */
function parsePayload(value: unknown): ManageTokenPayload | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const p = value as Record<string, unknown>;
  const { tenantId, bookingId, customerId, actions, iatMs, expMs, kid } = p;
  if (![tenantId, bookingId, customerId, kid].every(isNonEmptyString)) return null;
  if (!Array.isArray(actions) || actions.length === 0 || !actions.every(isManageAction)) return null;
  if (new Set(actions).size !== actions.length) return null;
  if (!Number.isSafeInteger(iatMs) || !Number.isSafeInteger(expMs) || (expMs as number) <= (iatMs as number)) {
    return null;
  }
  return {
    tenantId: tenantId as string,
    bookingId: bookingId as string,
    customerId: customerId as string,
    actions: [...actions],
    iatMs: iatMs as number,
    expMs: expMs as number,
    kid: kid as string,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The token's payload when it is well formed, signed by the current or a previous key (chosen by
 * its kid) and not expired at nowMs; null otherwise. Callers answer NOT_FOUND for every null, so
 * a probe learns nothing about why a token failed.
 */
export function verifyManageToken(keys: ManageTokenKeys, token: string, nowMs: number): ManageTokenPayload | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [prefix, payloadPart, signaturePart] = parts as [string, string, string];
  // An empty payload part fails as JSON below, an empty signature part the comparison: no
  // separate checks (they could never change an answer, docs/testing.md).
  if (prefix !== MANAGE_TOKEN_PREFIX) return null;

  const payloadBytes = decodeBase64Url(payloadPart);
  if (!payloadBytes) return null;
  const payload = parsePayload(parseJson(payloadBytes.toString('utf8')));
  if (!payload) return null;

  // The kid is read before the signature is checked; it only selects which secret to check with.
  const key = [keys.current, ...(keys.previous ?? [])].find((k) => k.kid === payload.kid);
  if (!key || !isNonEmptyString(key.secret)) return null;
  // Both as UTF-8 bytes (Buffer.from's default); a real signature is ASCII, so bytes = characters.
  const expected = Buffer.from(sign(key.secret, payloadPart));
  if (!constantTimeEqual(expected, Buffer.from(signaturePart))) return null;

  return nowMs < payload.expMs ? payload : null;
}

export function hasAction(payload: Pick<ManageTokenPayload, 'actions'>, action: ManageAction): boolean {
  return payload.actions.includes(action);
}

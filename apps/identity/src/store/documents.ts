import { listIndex, type IndexSpec } from '@svc/store';
import type { Role } from '@svc/rules';

/** Collections of the identity store (the names they had in the gateway's store). */
export const USERS = 'users';
export const MEMBERSHIPS = 'memberships';
export const SESSIONS = 'sessions';
export const API_KEYS = 'api_keys';
export const SIGN_IN_LINKS = 'sign_in_links';
/** Operator-level keys of /platform/v1 (docs/decisions.md "Platform provisioning"). */
export const PLATFORM_KEYS = 'platform_keys';
/** The Idempotency-Keys of platform tenant creates. */
export const PLATFORM_TENANT_CREATES = 'platform_tenant_creates';
/** Pending logins between /auth/google/start and the callback (oauth-attempts.ts). */
export const OAUTH_ATTEMPTS = 'oauth_attempts';
/** Every collection of the identity data, by the names the gateway gave them (docs/decisions.md "Identity service"). */
export const IDENTITY_COLLECTIONS = [
  USERS,
  MEMBERSHIPS,
  SESSIONS,
  API_KEYS,
  SIGN_IN_LINKS,
  PLATFORM_KEYS,
  PLATFORM_TENANT_CREATES,
  OAUTH_ATTEMPTS,
] as const;

export interface UserDoc {
  [key: string]: unknown;
  _id: string;
  /** Normalized: trimmed, lower-case. */
  email: string;
  name: string;
  createdAtMs: number;
  updatedAtMs: number;
}

export interface MembershipDoc {
  [key: string]: unknown;
  _id: string;
  userId: string;
  tenantId: string;
  role: Role;
  createdAtMs: number;
  updatedAtMs: number;
}

/** A record found by the SHA-256 of a token handed out once (a session cookie, a sign-in link). */
interface HashedTokenDoc {
  [key: string]: unknown;
  _id: string;
  userId: string;
  /** The workspace it signs into. */
  tenantId: string;
  /** SHA-256 hex of the token; the token itself is never stored. */
  tokenHash: string;
  createdAtMs: number;
  expiresAtMs: number;
}

/** A dashboard session: its tenant is the active workspace. */
export interface SessionDoc extends HashedTokenDoc {
  /** Set by logout; a revoked session is treated as unknown. */
  revokedAtMs: number | null;
}

/** A one-time sign-in link an operator printed (`admin session:link`); docs/decisions.md "Staff dashboard". */
export interface SignInLinkDoc extends HashedTokenDoc {
  /** Set by the one redemption; a used link is refused. */
  usedAtMs: number | null;
}

export interface ApiKeyDoc {
  [key: string]: unknown;
  _id: string;
  tenantId: string;
  name: string;
  /** The first 12 characters of the current secret (`sk_live_` and 4 more), to recognise it. */
  prefix: string;
  /** SHA-256 hex of the current secret: the indexed lookup id; the secret itself is never stored. */
  secretHash: string;
  scopes: string[];
  status: 'active' | 'revoked';
  /** Written at most once a minute per process (api-key-store.ts), not on every request. */
  lastUsedAtMs: number | null;
  createdAtMs: number;
  updatedAtMs: number;
  rotatedAtMs: number | null;
  revokedAtMs: number | null;
}

/**
 * A platform key: like a partner API key (only the SHA-256 of its secret is kept), but of no
 * tenant and without scopes; made and revoked by the operator CLI only.
 */
export interface PlatformKeyDoc {
  [key: string]: unknown;
  _id: string;
  name: string;
  /** The first 12 characters of the secret (`pk_live_` and 4 more), to recognise it. */
  prefix: string;
  /** SHA-256 hex of the secret: the indexed lookup id; the secret itself is never stored. */
  secretHash: string;
  status: 'active' | 'revoked';
  /** Written at most once a minute per process (key-secret.ts LastUsedWriter). */
  lastUsedAtMs: number | null;
  createdAtMs: number;
  updatedAtMs: number;
  revokedAtMs: number | null;
}

/**
 * A platform tenant create sent with an Idempotency-Key (platform/tenant-creates.ts): the key's
 * record, written before the tenant is asked for and completed with its id.
 */
export interface PlatformTenantCreateDoc {
  [key: string]: unknown;
  /** SHA-256 hex of the platform key id and the Idempotency-Key. */
  _id: string;
  platformKeyId: string;
  /** SHA-256 of the canonical body: the same key with another body is refused. */
  fingerprint: string;
  slug: string;
  /** null until the tenant exists and its owner is a member. */
  tenantId: string | null;
  createdAtMs: number;
}

export const IDENTITY_INDEXES: IndexSpec[] = [
  { collection: USERS, fields: ['email'], unique: true, name: 'by_email' },
  { collection: MEMBERSHIPS, fields: ['userId', 'tenantId'], unique: true, name: 'by_user_tenant' },
  // A tenant's team, oldest first (the notifications' default business addresses).
  listIndex(MEMBERSHIPS),
  { collection: SESSIONS, fields: ['tokenHash'], unique: true, name: 'by_token_hash' },
  { collection: API_KEYS, fields: ['secretHash'], unique: true, name: 'by_secret_hash' },
  { collection: SIGN_IN_LINKS, fields: ['tokenHash'], unique: true, name: 'by_token_hash' },
  listIndex(API_KEYS),
  { collection: PLATFORM_KEYS, fields: ['secretHash'], unique: true, name: 'by_secret_hash' },
  // The operator's list of platform keys, oldest first (they belong to no tenant).
  { collection: PLATFORM_KEYS, fields: ['createdAtMs', '_id'], name: 'by_created' },
];

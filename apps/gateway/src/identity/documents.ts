import type { IndexSpec } from '@svc/store';
import type { Role } from '../auth/principal.js';

/** Collections of the gateway's identity store. */
export const USERS = 'users';
export const MEMBERSHIPS = 'memberships';
export const SESSIONS = 'sessions';

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

export interface SessionDoc {
  [key: string]: unknown;
  _id: string;
  userId: string;
  /** The active workspace. */
  tenantId: string;
  /** SHA-256 hex of the cookie token; the token itself is never stored. */
  tokenHash: string;
  createdAtMs: number;
  expiresAtMs: number;
  /** Set by logout; a revoked session is treated as unknown. */
  revokedAtMs: number | null;
}

export const IDENTITY_INDEXES: IndexSpec[] = [
  { collection: USERS, fields: ['email'], unique: true, name: 'by_email' },
  { collection: MEMBERSHIPS, fields: ['userId', 'tenantId'], unique: true, name: 'by_user_tenant' },
  { collection: SESSIONS, fields: ['tokenHash'], unique: true, name: 'by_token_hash' },
];

/** The identity records as identity.v1 messages: a null of the store is an absent optional field. */
import type { identityV1 } from '@svc/proto';
import type { ApiKey } from '../store/api-key-store.js';
import type { Membership, Session, User } from '../store/identity-store.js';
import type { PlatformKey } from '../store/platform-key-store.js';

const optional = (value: number | null): number | undefined => value ?? undefined;

export const toProtoUser = (u: User): identityV1.User => ({ userId: u.userId, email: u.email, name: u.name });

export const toProtoMembership = (m: Membership): identityV1.Membership => ({
  membershipId: m.membershipId,
  userId: m.userId,
  tenantId: m.tenantId,
  role: m.role,
  createdAtMs: m.createdAtMs,
});

export const toProtoSession = (s: Session): identityV1.Session => ({ ...s });

export const toProtoApiKey = (k: ApiKey): identityV1.ApiKey => ({
  apiKeyId: k.apiKeyId,
  tenantId: k.tenantId,
  name: k.name,
  prefix: k.prefix,
  scopes: [...k.scopes],
  status: k.status,
  lastUsedAtMs: optional(k.lastUsedAtMs),
  createdAtMs: k.createdAtMs,
  rotatedAtMs: optional(k.rotatedAtMs),
  revokedAtMs: optional(k.revokedAtMs),
});

export const toProtoPlatformKey = (k: PlatformKey): identityV1.PlatformKey => ({
  platformKeyId: k.platformKeyId,
  name: k.name,
  prefix: k.prefix,
  status: k.status,
  lastUsedAtMs: optional(k.lastUsedAtMs),
  createdAtMs: k.createdAtMs,
  revokedAtMs: optional(k.revokedAtMs),
});

/** The paging answer of every list: next cursor '' on the last page. */
export const toProtoPage = (nextCursor: string | null) => ({ nextCursor: nextCursor ?? '' });

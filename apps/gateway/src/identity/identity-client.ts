/**
 * The gateway's one way to the identity service (docs/decisions.md "Identity service"): its gRPC
 * calls as the records the routes and guards work with, and the guards' three decisions (a
 * session with its membership, an API key, a platform key) kept in the bounded credential cache,
 * dropped on identity.events (docs/decisions.md "Identity service").
 */
import type { IdentityChange } from '@svc/events';
import type { IdentityClient } from '@svc/grpc';
import type { catalogV1, identityV1 } from '@svc/proto';
import type { GrantedScope, Role } from '@svc/rules';
import { CredentialCache } from './credential-cache.js';

/** The identity records as identity.v1 has them; a membership's role narrowed to the known ones. */
export type User = identityV1.User;
export type Membership = Omit<identityV1.Membership, 'role'> & { role: Role };
/** `tokenHash`: SHA-256 hex of the cookie token, as stored; the input of the CSRF token. */
export type Session = identityV1.Session;
export type OAuthAttemptFields = identityV1.OAuthAttempt;

/** What a session cookie resolves to: the session, and its membership of the active workspace. */
export interface SessionAuth {
  session: Session;
  /** Null when the user is no member of the session's workspace (any more), or the session expired. */
  membership: Membership | null;
}

/** What CreateSession hands out once: the raw token exists only here and in the cookie. */
export type NewSession = Omit<identityV1.CreateSessionResponse, 'csrfToken'>;

/** What never happened is null in the HTTP answers (absent in identity.v1). */
type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> | null };
type KeyStatus = { status: 'active' | 'revoked' };

/** A key as the dashboard lists it: never the secret, nor its hash. */
export type ApiKey = Nullable<Omit<identityV1.ApiKey, 'scopes' | 'status'>, 'lastUsedAtMs' | 'rotatedAtMs' | 'revokedAtMs'> &
  KeyStatus & { scopes: GrantedScope[] };

export interface ApiKeyWithSecret {
  apiKey: ApiKey;
  secret: string;
}

export type PlatformKey = Nullable<Omit<identityV1.PlatformKey, 'status'>, 'lastUsedAtMs' | 'revokedAtMs'> & KeyStatus;

/** A tenant as an operator opens it: the catalog's fields and its owner's address. */
export type NewTenant = Pick<identityV1.ProvisionTenantRequest, 'slug' | 'name' | 'timezone' | 'ownerEmail'> & {
  locale?: string | undefined;
};

/** The tenant made, its owner, and whether an earlier request with this Idempotency-Key made it. */
export type ProvisionedTenant = { tenant: catalogV1.Tenant; owner: User; replay: boolean };

type Page<T> = { items: T[]; nextCursor: string | null };
type PageInput = { limit: number; cursor?: string | undefined };

const orNull = (value: number | undefined): number | null => value ?? null;
const pageRequest = (page: PageInput) => ({ limit: page.limit, cursor: page.cursor ?? '' });
const nextCursorOf = (page: { nextCursor: string } | undefined) => (page?.nextCursor ? page.nextCursor : null);

const toUser = (u: identityV1.User): User => ({ userId: u.userId, email: u.email, name: u.name });
const toMembership = (m: identityV1.Membership): Membership => ({ ...m, role: m.role as Role });
const toApiKey = (k: identityV1.ApiKey): ApiKey => ({
  apiKeyId: k.apiKeyId,
  tenantId: k.tenantId,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as GrantedScope[],
  status: k.status as ApiKey['status'],
  lastUsedAtMs: orNull(k.lastUsedAtMs),
  createdAtMs: k.createdAtMs,
  rotatedAtMs: orNull(k.rotatedAtMs),
  revokedAtMs: orNull(k.revokedAtMs),
});
const toPlatformKey = (k: identityV1.PlatformKey): PlatformKey => ({
  platformKeyId: k.platformKeyId,
  name: k.name,
  prefix: k.prefix,
  status: k.status as PlatformKey['status'],
  lastUsedAtMs: orNull(k.lastUsedAtMs),
  createdAtMs: k.createdAtMs,
  revokedAtMs: orNull(k.revokedAtMs),
});
const withSecret = (answer: { apiKey?: identityV1.ApiKey | undefined; secret: string }): ApiKeyWithSecret => ({
  apiKey: toApiKey(required(answer.apiKey)),
  secret: answer.secret,
});

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the identity service answered without a record');
  return value;
}

/** What the cache holds: the three answers the guards ask for. */
type Cached = SessionAuth | ApiKey | PlatformKey;

/** A tenant's partner API keys (the dashboard's and the platform API's routes). */
export interface ApiKeys {
  create(tenantId: string, name: string, scopes: readonly GrantedScope[]): Promise<ApiKeyWithSecret>;
  list(tenantId: string, page: PageInput): Promise<Page<ApiKey>>;
  get(tenantId: string, apiKeyId: string): Promise<ApiKey>;
  rotate(tenantId: string, apiKeyId: string): Promise<ApiKeyWithSecret>;
  revoke(tenantId: string, apiKeyId: string): Promise<ApiKey>;
}

export class GatewayIdentity {
  readonly apiKeys: ApiKeys;

  constructor(
    private readonly client: IdentityClient,
    /** `ttlMs` 0 without identity.events: nothing may be cached that no event can drop. */
    private readonly cache: CredentialCache<Cached>,
  ) {
    this.apiKeys = {
      create: async (tenantId, name, scopes) => withSecret(await client.createApiKey({ tenantId, name, scopes: [...scopes] })),
      list: async (tenantId, page) => {
        const res = await client.listApiKeys({ tenantId, page: pageRequest(page) });
        return { items: res.items.map(toApiKey), nextCursor: nextCursorOf(res.page) };
      },
      get: async (tenantId, apiKeyId) => toApiKey(required((await client.getApiKey({ tenantId, apiKeyId })).apiKey)),
      rotate: async (tenantId, apiKeyId) => {
        const rotated = withSecret(await client.rotateApiKey({ tenantId, apiKeyId }));
        this.changed({ kind: 'api_key', apiKeyId });
        return rotated;
      },
      revoke: async (tenantId, apiKeyId) => {
        const revoked = toApiKey(required((await client.revokeApiKey({ tenantId, apiKeyId })).apiKey));
        this.changed({ kind: 'api_key', apiKeyId });
        return revoked;
      },
    };
  }

  /** Drops what the change names (identity.events, and this process's own writes at once). */
  changed(change: IdentityChange): void {
    this.cache.drop(change);
  }

  async findUserById(userId: string): Promise<User | null> {
    const { user } = await this.client.getUser({ userId });
    return user ? toUser(user) : null;
  }

  async findUserByEmail(email: string): Promise<User | null> {
    const { user } = await this.client.findUserByEmail({ email });
    return user ? toUser(user) : null;
  }

  async findOrCreateUserByEmail(email: string, name?: string): Promise<User> {
    return toUser(required((await this.client.findOrCreateUser({ email, name })).user));
  }

  async membership(userId: string, tenantId: string): Promise<Membership | null> {
    const { membership } = await this.client.getMembership({ userId, tenantId });
    return membership ? toMembership(membership) : null;
  }

  async membershipsOf(userId: string): Promise<Membership[]> {
    return (await this.client.listUserMemberships({ userId })).memberships.map(toMembership);
  }

  async addMembership(userId: string, tenantId: string, role: Role): Promise<Membership> {
    const added = toMembership(required((await this.client.addMembership({ userId, tenantId, role })).membership));
    this.changed({ kind: 'membership', userId, tenantId });
    return added;
  }

  async membersOf(tenantId: string, page: PageInput): Promise<Page<Membership & { email: string; name: string }>> {
    const res = await this.client.listMembers({ tenantId, page: pageRequest(page) });
    return {
      items: res.items.map((m) => ({ ...toMembership(required(m.membership)), email: m.email, name: m.name })),
      nextCursor: nextCursorOf(res.page),
    };
  }

  /** The membership before the change, null when there is none, `last_owner` when refused as the last owner's. */
  async changeMember(tenantId: string, membershipId: string, role: Role | null): Promise<Membership | 'last_owner' | null> {
    const res = await this.client.changeMember({ tenantId, membershipId, role: role ?? undefined });
    if (res.lastOwner) return 'last_owner';
    if (!res.before) return null;
    this.changed({ kind: 'membership', userId: res.before.userId, tenantId });
    return toMembership(res.before);
  }

  async teamEmails(tenantId: string, roles: readonly Role[], limit: number): Promise<string[]> {
    return (await this.client.listTeamEmails({ tenantId, roles: [...roles], limit })).emails;
  }

  async createSession(userId: string, tenantId: string): Promise<NewSession> {
    const { sessionId, token, tokenHash, expiresAtMs } = await this.client.createSession({ userId, tenantId });
    return { sessionId, token, tokenHash, expiresAtMs };
  }

  /**
   * The session of a cookie token with its membership, or null (unknown or revoked): the
   * dashboard guard's data. A live session with a membership is cached; the expiry is checked
   * by the guard on every request, so a cached session still expires on time.
   */
  async authenticateSession(token: string): Promise<SessionAuth | null> {
    const key = CredentialCache.keyOf('session', token);
    const cached = this.cache.get(key) as SessionAuth | undefined;
    if (cached) return cached;
    const stamp = this.cache.stamp();
    const res = await this.client.authenticateSession({ token });
    if (!res.session) return null;
    const auth: SessionAuth = {
      session: { ...res.session },
      membership: res.membership ? toMembership(res.membership) : null,
    };
    if (auth.membership) {
      const { sessionId, userId, tenantId } = auth.session;
      this.cache.set(key, auth, { kind: 'session', sessionId, userId, tenantId }, stamp);
    }
    return auth;
  }

  async switchWorkspace(sessionId: string, tenantId: string): Promise<boolean> {
    const { switched } = await this.client.switchWorkspace({ sessionId, tenantId });
    this.changed({ kind: 'session', sessionId });
    return switched;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.client.revokeSession({ sessionId });
    this.changed({ kind: 'session', sessionId });
  }

  async redeemSignInLink(token: string): Promise<{ userId: string; tenantId: string } | null> {
    const res = await this.client.redeemSignInLink({ token });
    return res.redeemed ? { userId: res.userId, tenantId: res.tenantId } : null;
  }

  /** Why a setup token cannot open the first workspace, or null when it can (docs/decisions.md "First start"). */
  async checkSetupLink(token: string): Promise<string | null> {
    return (await this.client.checkSetupLink({ token })).refusal || null;
  }

  /** The wizard's submit: the opened workspace, or why the token was refused (nothing written then). */
  async completeSetup(
    req: identityV1.CompleteSetupRequest,
  ): Promise<{ tenantId: string; slug: string; ownerUserId: string } | { refusal: string }> {
    const res = await this.client.completeSetup(req);
    if (res.refusal || !res.tenant || !res.owner) return { refusal: res.refusal || 'unknown' };
    return { tenantId: res.tenant.tenantId, slug: res.tenant.slug, ownerUserId: res.owner.userId };
  }

  /** The active API key of a Bearer secret, or null; cached under the secret's hash. */
  async verifyApiKey(secret: string): Promise<ApiKey | null> {
    const key = CredentialCache.keyOf('api_key', secret);
    const cached = this.cache.get(key) as ApiKey | undefined;
    if (cached) return cached;
    const stamp = this.cache.stamp();
    const { apiKey } = await this.client.verifyApiKey({ secret });
    if (!apiKey) return null;
    const found = toApiKey(apiKey);
    this.cache.set(key, found, { kind: 'api_key', apiKeyId: found.apiKeyId }, stamp);
    return found;
  }

  /** The active platform key of a Bearer secret, or null; cached under the secret's hash. */
  async verifyPlatformKey(secret: string): Promise<PlatformKey | null> {
    const key = CredentialCache.keyOf('platform_key', secret);
    const cached = this.cache.get(key) as PlatformKey | undefined;
    if (cached) return cached;
    const stamp = this.cache.stamp();
    const { platformKey } = await this.client.verifyPlatformKey({ secret });
    if (!platformKey) return null;
    const found = toPlatformKey(platformKey);
    this.cache.set(key, found, { kind: 'platform_key', platformKeyId: found.platformKeyId }, stamp);
    return found;
  }

  async createOAuthAttempt(attempt: OAuthAttemptFields): Promise<{ id: string; expiresAtMs: number }> {
    return this.client.createOAuthAttempt({ attempt });
  }

  async takeOAuthAttempt(id: string): Promise<OAuthAttemptFields | null> {
    return (await this.client.takeOAuthAttempt({ id })).attempt ?? null;
  }

  /**
   * Opens a tenant with its owner (docs/decisions.md "Platform provisioning"); with an
   * Idempotency-Key, per platform key, a retry answers the tenant made.
   */
  async provisionTenant(input: NewTenant, idempotency?: { platformKeyId: string; key: string | undefined }): Promise<ProvisionedTenant> {
    const res = await this.client.provisionTenant({
      slug: input.slug,
      name: input.name,
      timezone: input.timezone,
      locale: input.locale ?? '',
      ownerEmail: input.ownerEmail,
      platformKeyId: idempotency?.platformKeyId ?? '',
      idempotencyKey: idempotency?.key,
    });
    return { tenant: required(res.tenant), owner: toUser(required(res.owner)), replay: res.replay };
  }
}

/** identity.v1.IdentityService: request checks, mapping and change events around the stores. */
import { validationError } from '@svc/errors';
import { bindService, type ServiceBinding } from '@svc/grpc';
import { identityV1 } from '@svc/proto';
import { csrfToken } from '@svc/crypto';
import { MAX_BUSINESS_EMAILS } from '@svc/rules';
import { parsePage, parseRole, parseScopes, required } from './requests.js';
import type { TenantCreates } from '../application/tenant-creates.js';
import type { FirstWorkspaceSetup } from '../setup/first-workspace.js';
import type { ChangePublisher } from '../events/change-publisher.js';
import type { ApiKeyStore } from '../store/api-key-store.js';
import type { IdentityStore } from '../store/identity-store.js';
import type { OAuthAttempts } from '../store/oauth-attempts.js';
import type { PlatformKeyStore } from '../store/platform-key-store.js';
import {
  toProtoApiKey,
  toProtoMembership,
  toProtoPage,
  toProtoPlatformKey,
  toProtoSession,
  toProtoUser,
} from './mapping.js';

export interface IdentityRpcDeps {
  identity: IdentityStore;
  apiKeys: ApiKeyStore;
  platformKeys: PlatformKeyStore;
  attempts: OAuthAttempts;
  tenantCreates: TenantCreates;
  /** The first start's setup link and wizard (docs/decisions.md "First start"). */
  setup: FirstWorkspaceSetup;
  changes: ChangePublisher;
  /** The HMAC key of the CSRF tokens a created session's answer carries (SESSION_SECRET). */
  sessionSecret: string;
  now: () => number;
}

/** The store's "not an email address" as the caller's field error. */
async function withEmail<T>(run: () => Promise<T>, path = 'email'): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TypeError) throw validationError([{ path, message: 'must be an email address' }]);
    throw err;
  }
}

export function identityService(deps: IdentityRpcDeps): ServiceBinding {
  const { identity, apiKeys, platformKeys, attempts, changes } = deps;
  const user = (u: Parameters<typeof toProtoUser>[0] | null) => ({ user: u ? toProtoUser(u) : undefined });
  const membership = (m: Parameters<typeof toProtoMembership>[0] | null) => ({
    membership: m ? toProtoMembership(m) : undefined,
  });

  return bindService(identityV1.IdentityServiceService, {
    getUser: async (req) => user(await identity.findUserById(required(req.userId, 'userId'))),
    findUserByEmail: async (req) => user(await identity.findUserByEmail(required(req.email, 'email'))),
    findOrCreateUser: async (req) =>
      user(await withEmail(() => identity.findOrCreateUserByEmail(req.email, req.name))),

    getMembership: async (req) =>
      membership(await identity.membership(required(req.userId, 'userId'), required(req.tenantId, 'tenantId'))),
    listUserMemberships: async (req) => ({
      memberships: (await identity.membershipsOf(required(req.userId, 'userId'))).map(toProtoMembership),
    }),
    addMembership: async (req) => {
      const userId = required(req.userId, 'userId');
      const tenantId = required(req.tenantId, 'tenantId');
      const added = await identity.addMembership(userId, tenantId, parseRole(req.role));
      await changes.changed({ kind: 'membership', userId, tenantId });
      return membership(added);
    },
    listMembers: async (req) => {
      const page = await identity.membersOf(required(req.tenantId, 'tenantId'), parsePage(req.page));
      return {
        items: page.items.map((m) => ({ membership: toProtoMembership(m), email: m.email, name: m.name })),
        page: toProtoPage(page.nextCursor),
      };
    },
    changeMember: async (req) => {
      const tenantId = required(req.tenantId, 'tenantId');
      const role = req.role === undefined ? null : parseRole(req.role);
      const before = await identity.changeMember(tenantId, required(req.membershipId, 'membershipId'), role);
      if (before === 'last_owner') return { lastOwner: true };
      if (before) await changes.changed({ kind: 'membership', userId: before.userId, tenantId });
      return { before: before ? toProtoMembership(before) : undefined, lastOwner: false };
    },
    listTeamEmails: async (req) => ({
      emails: await identity.teamEmails(
        required(req.tenantId, 'tenantId'),
        req.roles.map((r, i) => parseRole(r, `roles.${i}`)),
        // Never more than the notices' and the export's cap, and 0 (unset) means that cap, not "all".
        req.limit > 0 ? Math.min(req.limit, MAX_BUSINESS_EMAILS) : MAX_BUSINESS_EMAILS,
      ),
    }),

    createSession: async (req) => {
      const made = await identity.createSession(required(req.userId, 'userId'), required(req.tenantId, 'tenantId'));
      return { ...made, csrfToken: csrfToken(deps.sessionSecret, made.sessionId, made.tokenHash) };
    },
    authenticateSession: async (req) => {
      const session = await identity.findSessionByToken(required(req.token, 'token'));
      if (!session) return {};
      // An expired session is answered for SESSION_EXPIRED; its membership is not worth a read.
      if (session.expiresAtMs <= deps.now()) return { session: toProtoSession(session) };
      return {
        session: toProtoSession(session),
        ...membership(await identity.membership(session.userId, session.tenantId)),
      };
    },
    switchWorkspace: async (req) => {
      const sessionId = required(req.sessionId, 'sessionId');
      const switched = await identity.switchWorkspace(sessionId, required(req.tenantId, 'tenantId'));
      if (switched) await changes.changed({ kind: 'session', sessionId });
      return { switched };
    },
    revokeSession: async (req) => {
      const sessionId = required(req.sessionId, 'sessionId');
      await identity.revokeSession(sessionId);
      await changes.changed({ kind: 'session', sessionId });
      return {};
    },
    createSignInLink: async (req) =>
      identity.createSignInLink(required(req.userId, 'userId'), required(req.tenantId, 'tenantId')),
    redeemSignInLink: async (req) => {
      const link = await identity.redeemSignInLink(required(req.token, 'token'));
      return link ? { redeemed: true, ...link } : { redeemed: false, userId: '', tenantId: '' };
    },

    createApiKey: async (req) => {
      const made = await apiKeys.create(
        required(req.tenantId, 'tenantId'),
        required(req.name, 'name'),
        parseScopes(req.scopes),
      );
      return { apiKey: toProtoApiKey(made.apiKey), secret: made.secret };
    },
    listApiKeys: async (req) => {
      const page = await apiKeys.list(required(req.tenantId, 'tenantId'), parsePage(req.page));
      return { items: page.items.map(toProtoApiKey), page: toProtoPage(page.nextCursor) };
    },
    getApiKey: async (req) => ({
      apiKey: toProtoApiKey(await apiKeys.get(required(req.tenantId, 'tenantId'), required(req.apiKeyId, 'apiKeyId'))),
    }),
    rotateApiKey: async (req) => {
      const made = await apiKeys.rotate(required(req.tenantId, 'tenantId'), required(req.apiKeyId, 'apiKeyId'));
      // The old secret stopped working with the write: every gateway forgets it.
      await changes.changed({ kind: 'api_key', apiKeyId: made.apiKey.apiKeyId });
      return { apiKey: toProtoApiKey(made.apiKey), secret: made.secret };
    },
    revokeApiKey: async (req) => {
      const revoked = await apiKeys.revoke(required(req.tenantId, 'tenantId'), required(req.apiKeyId, 'apiKeyId'));
      await changes.changed({ kind: 'api_key', apiKeyId: revoked.apiKeyId });
      return { apiKey: toProtoApiKey(revoked) };
    },
    verifyApiKey: async (req) => {
      const key = await apiKeys.verify(req.secret);
      return { apiKey: key ? toProtoApiKey(key) : undefined };
    },

    createPlatformKey: async (req) => {
      const made = await platformKeys.create(required(req.name, 'name'));
      return { platformKey: toProtoPlatformKey(made.platformKey), secret: made.secret };
    },
    listPlatformKeys: async (req) => {
      const page = await platformKeys.list(parsePage(req.page));
      return { items: page.items.map(toProtoPlatformKey), page: toProtoPage(page.nextCursor) };
    },
    revokePlatformKey: async (req) => {
      const revoked = await platformKeys.revoke(required(req.platformKeyId, 'platformKeyId'));
      await changes.changed({ kind: 'platform_key', platformKeyId: revoked.platformKeyId });
      return { platformKey: toProtoPlatformKey(revoked) };
    },
    verifyPlatformKey: async (req) => {
      const key = await platformKeys.verify(req.secret);
      return { platformKey: key ? toProtoPlatformKey(key) : undefined };
    },

    createOAuthAttempt: async (req) => {
      if (!req.attempt) throw validationError([{ path: 'attempt', message: 'is required' }]);
      return attempts.create(req.attempt);
    },
    takeOAuthAttempt: async (req) => ({ attempt: (await attempts.take(req.id)) ?? undefined }),

    provisionTenant: async (req) => {
      if (req.idempotencyKey !== undefined) required(req.platformKeyId, 'platformKeyId');
      const made = await withEmail(() =>
        deps.tenantCreates.create(
          {
            slug: req.slug,
            name: req.name,
            timezone: req.timezone,
            ...(req.locale ? { locale: req.locale } : {}),
            ownerEmail: req.ownerEmail,
          },
          req.platformKeyId,
          req.idempotencyKey,
        ),
      );
      return { tenant: made.tenant, owner: toProtoUser(made.owner), replay: made.replay };
    },

    issueSetupLink: async () => {
      const issued = await deps.setup.issue();
      return 'token' in issued ? { token: issued.token, refusal: '' } : { token: '', refusal: issued.refusal };
    },
    checkSetupLink: async (req) => ({ refusal: (await deps.setup.check(req.token)) ?? '' }),
    completeSetup: async (req) => {
      const opened = await withEmail(() =>
        deps.setup.complete(req.token, {
          tenant: {
            slug: req.slug,
            name: req.name,
            timezone: req.timezone,
            ...(req.locale ? { locale: req.locale } : {}),
            ownerEmail: req.ownerEmail,
          },
          service: {
            name: req.serviceName,
            durationMin: req.durationMin,
            priceAmount: req.priceAmount,
            priceCurrency: req.priceCurrency,
            confirmation: req.confirmation,
          },
          hours: req.hours,
        }),
        'tenant.ownerEmail',
      );
      if ('refusal' in opened) return { refusal: opened.refusal, serviceId: '' };
      return { refusal: '', tenant: opened.tenant, owner: toProtoUser(opened.owner), serviceId: opened.serviceId };
    },
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import { constantTimeEqual } from '@svc/crypto';
import { DomainError } from '@svc/errors';
import type { CatalogClient } from '@svc/grpc';
import {
  OAUTH_COOKIE,
  clearedOauthCookie,
  looksLikeSessionToken,
  oauthCookie,
  readCookie,
  sessionCookie,
} from '../auth/cookies.js';
import type { OidcClient } from '../auth/oidc-client.js';
import { safeReturnTo } from '../auth/return-to.js';
import { fetchTenant, isActive } from '../auth/tenants.js';
import { errorEnvelope } from '../http/envelope.js';
import { errorResponsesOf } from '../http/operation-docs.js';
import type { GatewayIdentity, Membership } from '../identity/identity-client.js';
import { perIp } from '../limits/rate-limits.js';

export interface AuthRouteDeps {
  identity: GatewayIdentity;
  oidc: OidcClient;
  catalog: CatalogClient;
  baseUrl: string;
  redirectUri: string;
}

// The callback's query carries the authorization code: log the path only.
const pathOnlyLog = {
  req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0] }),
};

/** Limited per client network before any work: each try costs a login's budget (docs/decisions.md "Rate and abuse limits"). */
const loginLimit = (app: FastifyInstance) => async (request: FastifyRequest, reply: FastifyReply) =>
  app.rateLimits.enforce(request, reply, [perIp('login')]);

/** Ends a sign-in: the user's new session in `tenantId`, its cookie, and the browser sent on to `to`. */
async function signIn(deps: AuthRouteDeps, reply: FastifyReply, userId: string, tenantId: string, to: string) {
  const session = await deps.identity.createSession(userId, tenantId);
  reply.header('set-cookie', sessionCookie(session.token, session.expiresAtMs));
  return reply.redirect(to, 302);
}

/** A 302 answer: no body, a Location and the cookie it sets (documented in /openapi.json). */
const redirect = (description: string) =>
  z.null().meta({
    description,
    headers: {
      location: { type: 'string', description: 'Where the browser goes next.' },
      'set-cookie': { type: 'string' },
    },
  });

/** What the login routes' error answers list (http/operation-docs.ts): no guard, no path parameter. */
const PUBLIC = { access: 'public', guard: {}, limited: false, params: false } as const;
const START_DESCRIPTION =
  'Limited per client address (RATE_LIMITED 429 with Retry-After): each start records a pending login.\n\n' +
  '**Auth:** none; no cookie is read.';
const CALLBACK_DESCRIPTION =
  "The identity provider sends the browser here. A failed login is OAUTH_STATE_INVALID, OAUTH_TOKEN_EXCHANGE_FAILED " +
  'or FORBIDDEN (no membership).\n\n**Auth:** the pending-login cookie `__Host-service_oauth` that GET ' +
  '/auth/google/start set, with the `state` it was given.';
const LINK_DESCRIPTION =
  'The link comes from the operator CLI (`admin session:link`), is valid for 10 minutes and works once. ' +
  'Unknown, used or expired: AUTH_REQUIRED (a page when Accept prefers text/html).\n\n' +
  '**Auth:** the one-time `token` in the query; no cookie is read.';

/**
 * Google login (any OpenID provider at the configured issuer): authorization code flow with
 * PKCE S256, state and nonce. State, nonce, verifier and returnTo stay on the server in a
 * single-use record; the browser only carries that record's random id in `__Host-service_oauth`.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  app.get(
    '/auth/google/start',
    {
      // Each start writes a pending-login record.
      onRequest: loginLimit(app),
      schema: {
        summary: 'Start the dashboard login: redirects (302) to the identity provider',
        description: START_DESCRIPTION,
        tags: ['auth'],
        security: [],
        querystring: z.object({ returnTo: z.string().optional() }),
        response: {
          302: redirect('To the identity provider; sets the pending-login cookie __Host-service_oauth.'),
          500: errorEnvelope.describe(
            'CONFIG_MISSING when OIDC_CLIENT_ID/OIDC_CLIENT_SECRET are not set; INTERNAL_ERROR when the provider cannot be reached.',
          ),
          ...errorResponsesOf({ ...PUBLIC, limited: true, description: START_DESCRIPTION }),
        },
      },
    },
    async (request, reply) => {
      const { returnTo } = request.query as { returnTo?: string };
      const fields = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        returnTo: safeReturnTo(returnTo, deps.baseUrl),
      };
      // Discovery first: when the provider is down, or login is not configured (CONFIG_MISSING),
      // no record is left behind.
      const url = await deps.oidc.authorizationUrl(fields);
      const attempt = await deps.identity.createOAuthAttempt(fields);
      reply.header('set-cookie', oauthCookie(attempt.id, attempt.expiresAtMs));
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      logSerializers: pathOnlyLog,
      schema: {
        summary: 'Finish the dashboard login: sets the session cookie and redirects (302) to returnTo',
        description: CALLBACK_DESCRIPTION,
        tags: ['auth'],
        security: [],
        // Providers add members of their own (scope, authuser, iss...): not a strict object.
        querystring: z.looseObject({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
        response: {
          302: redirect('To returnTo (a same-origin path); sets the session cookie __Host-service_session.'),
          403: errorEnvelope.describe(
            'OAUTH_STATE_INVALID (unknown, missing or reused state), OAUTH_TOKEN_EXCHANGE_FAILED (code exchange, ID token, nonce or unverified email) or FORBIDDEN (no membership).',
          ),
          500: errorEnvelope.describe(
            'CONFIG_MISSING when login is not configured; INTERNAL_ERROR when the provider cannot be reached.',
          ),
          ...errorResponsesOf({ ...PUBLIC, description: CALLBACK_DESCRIPTION }),
        },
      },
    },
    async (request, reply) => {
      // The pending login is over whatever happens next.
      reply.header('set-cookie', clearedOauthCookie());
      reply.header('cache-control', 'no-store');

      const attemptId = readCookie(app, request, OAUTH_COOKIE);
      const attempt = attemptId ? await deps.identity.takeOAuthAttempt(attemptId) : null;
      const { state } = request.query as { state?: string };
      if (
        !attempt ||
        typeof state !== 'string' ||
        !constantTimeEqual(Buffer.from(state, 'utf8'), Buffer.from(attempt.state, 'utf8'))
      ) {
        throw new DomainError(
          'OAUTH_STATE_INVALID',
          'The login could not be matched to one started here; please try again.',
        );
      }

      // The raw query, not the parsed one: the client also checks members such as `iss`.
      const callbackUrl = new URL(deps.redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      const identity = await deps.oidc.finish(callbackUrl, attempt);
      if (!identity.emailVerified) {
        throw new DomainError(
          'OAUTH_TOKEN_EXCHANGE_FAILED',
          'The identity provider has not verified this email address.',
        );
      }

      const user = await deps.identity.findOrCreateUserByEmail(identity.email, identity.name);
      const workspace = await pickWorkspace(deps, await deps.identity.membershipsOf(user.userId));
      if (!workspace) {
        throw new DomainError(
          'FORBIDDEN',
          'This account is not a member of any workspace yet; ask a workspace owner to invite you.',
        );
      }
      return signIn(deps, reply, user.userId, workspace.tenantId, attempt.returnTo);
    },
  );

  registerSignInLinkRoute(app, deps);
}

/**
 * GET /auth/link?token=…: a one-time sign-in link an operator printed (`admin session:link`).
 * Used up by the first request, whatever follows; it ends in the same session a Google login
 * makes, in the link's workspace while the user is still a member there.
 */
function registerSignInLinkRoute(app: FastifyInstance, deps: AuthRouteDeps): void {
  app.get(
    '/auth/link',
    {
      // The token is in the query: the log gets the path only.
      logSerializers: pathOnlyLog,
      // Guessing tokens costs a login's budget.
      onRequest: loginLimit(app),
      config: { page: true },
      schema: {
        summary: 'Sign in with a one-time link: sets the session cookie and redirects (302) to /dashboard',
        description: LINK_DESCRIPTION,
        tags: ['auth'],
        security: [],
        querystring: z.object({ token: z.string().max(128).optional() }),
        response: {
          302: redirect('To /dashboard; sets the session cookie __Host-service_session.'),
          401: errorEnvelope.describe('AUTH_REQUIRED: the link is unknown, used or expired.'),
          403: errorEnvelope.describe('FORBIDDEN: the user is no longer a member of any workspace.'),
          ...errorResponsesOf({ ...PUBLIC, limited: true, description: LINK_DESCRIPTION }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token } = request.query as { token?: string };
      const link = token && looksLikeSessionToken(token) ? await deps.identity.redeemSignInLink(token) : null;
      if (!link) {
        throw new DomainError('AUTH_REQUIRED', 'This sign-in link is not valid: it was used already or has expired.');
      }
      const memberships = await deps.identity.membershipsOf(link.userId);
      const workspace =
        memberships.find((m) => m.tenantId === link.tenantId) ?? (await pickWorkspace(deps, memberships));
      if (!workspace) throw new DomainError('FORBIDDEN', 'This account is no longer a member of any workspace.');
      return signIn(deps, reply, link.userId, workspace.tenantId, '/dashboard');
    },
  );
}

/**
 * The workspace a new session starts in: the oldest membership whose tenant is active, else the
 * oldest one (the user then sees TENANT_INACTIVE and can switch). Looks tenants up one by one,
 * so the usual case costs one catalog call.
 */
async function pickWorkspace(
  deps: Pick<AuthRouteDeps, 'catalog'>,
  memberships: Membership[],
): Promise<Membership | undefined> {
  for (const m of memberships) {
    const tenant = await fetchTenant(deps.catalog, m.tenantId);
    if (tenant && isActive(tenant)) return m;
  }
  return memberships[0];
}

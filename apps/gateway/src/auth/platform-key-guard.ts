import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@svc/errors';
import type { GatewayIdentity } from '../identity/identity-client.js';
import { perPlatformKey, type RateLimits } from '../limits/rate-limits.js';
import { BEARER } from './api-key-guard.js';
import type { PlatformContext } from './principal.js';

/** Resolves the operator's platform behind a `/platform/v1` request or throws the answer. */
export type PlatformKeyGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<PlatformContext>;

declare module 'fastify' {
  interface FastifyInstance {
    platformKeyGuard: PlatformKeyGuard;
  }
}

export interface PlatformKeyGuardDeps {
  identity: GatewayIdentity;
  limits: RateLimits;
}

/**
 * The platform-key guard (docs/api-conventions.md "Platform API"), run in the route's onRequest
 * hook before the body is read:
 * 1. `Authorization: Bearer <secret>` missing, malformed, unknown or revoked → AUTH_REQUIRED 401
 *    (with `WWW-Authenticate: Bearer`). Only a `pk_live_` secret can match: a partner's `sk_live_`
 *    key is unknown here, and cookies are never read, so a dashboard session is this answer too;
 * 2. the key over its rate limit → RATE_LIMITED 429.
 * No tenant is named by the credential: the routes take it from the path.
 */
export function createPlatformKeyGuard(deps: PlatformKeyGuardDeps): PlatformKeyGuard {
  return async (request, reply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const platformKey = match?.[1] ? await deps.identity.verifyPlatformKey(match[1]) : null;
    if (!platformKey) {
      reply.header('www-authenticate', 'Bearer');
      throw new DomainError('AUTH_REQUIRED', 'Send a valid platform key as Authorization: Bearer pk_live_….');
    }
    await deps.limits.enforce(request, reply, [perPlatformKey(platformKey.platformKeyId)]);
    return { platformKey };
  };
}

/** Provides `app.platformKeyGuard`, used by every `platform` route (defineRoute). */
export function registerPlatformKeyAuth(app: FastifyInstance, deps: PlatformKeyGuardDeps): void {
  app.decorateRequest('platform', undefined);
  app.decorate('platformKeyGuard', createPlatformKeyGuard(deps));
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@svc/errors';
import type { CatalogClient } from '@svc/grpc';
import { grantsAnyScope, type ApiKeyScope } from '@svc/rules';
import type { GatewayIdentity } from '../identity/identity-client.js';
import { perApiKey, type RateLimits } from '../limits/rate-limits.js';
import type { PartnerContext } from './principal.js';
import { fetchTenant, isActive } from './tenants.js';

export const TENANT_ID_HEADER = 'x-service-tenant-id';
/** `Authorization: Bearer <secret>`: the partner and platform keys. */
export const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Where a partner request names its tenant: the `X-Service-Tenant-Id` header (`/v1`) or the
 * path (`/mcp/{tenantId}`). Either must be the key's own tenant.
 */
export type TenantClaim = { header: true } | { path: string };

/**
 * Resolves the partner behind a request or throws the answer (docs/api-conventions.md "Partner
 * API"); the key must hold one of `scopes`; null checks none (MCP checks each tool's scopes when
 * it is called).
 */
export type ApiKeyGuard = (
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly ApiKeyScope[] | null,
  claim: TenantClaim,
) => Promise<PartnerContext>;

declare module 'fastify' {
  interface FastifyInstance {
    apiKeyGuard: ApiKeyGuard;
  }
}

export interface ApiKeyGuardDeps {
  identity: GatewayIdentity;
  catalog: CatalogClient;
  limits: RateLimits;
}

const authRequired = () => new DomainError('AUTH_REQUIRED', 'Send a valid API key as Authorization: Bearer sk_live_….');

/** The answer to a key without the scope (or any of the scopes) an operation needs: routes and MCP tools. */
export const missingScope = (needed: readonly ApiKeyScope[]) =>
  new DomainError('FORBIDDEN', `This API key lacks the ${needed.join(' or ')} scope.`);

/**
 * The API-key guard, run in the route's onRequest hook (before the body is read). Checks, in
 * this order, and the first failure answers:
 * 1. `Authorization: Bearer <secret>` missing, malformed, unknown, rotated away or revoked →
 *    AUTH_REQUIRED 401 (with `WWW-Authenticate: Bearer`). Cookies are never read, so a session
 *    cookie alone is this answer too;
 * 2. the tenant the request names (header or path) missing or not the key's → FORBIDDEN;
 * 3. the key's tenant disabled, suspended or gone → TENANT_INACTIVE;
 * 4. none of the scopes the route takes granted → FORBIDDEN;
 * 5. the key over its rate limit → RATE_LIMITED 429.
 * Cost: one identity VerifyApiKey (none while the gateway's credential cache holds the key) and
 * one GetTenant, whose answer handlers reuse (`activeTenantOf`).
 */
export function createApiKeyGuard(deps: ApiKeyGuardDeps): ApiKeyGuard {
  return async (request, reply, scopes, claim) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const apiKey = match?.[1] ? await deps.identity.verifyApiKey(match[1]) : null;
    if (!apiKey) {
      reply.header('www-authenticate', 'Bearer');
      throw authRequired();
    }
    const named = 'path' in claim ? claim.path : request.headers[TENANT_ID_HEADER];
    if (named === undefined) {
      throw new DomainError('FORBIDDEN', 'Name the key’s tenant in the X-Service-Tenant-Id header.');
    }
    if (named !== apiKey.tenantId) throw new DomainError('FORBIDDEN', 'This API key belongs to another tenant.');
    const tenant = await fetchTenant(deps.catalog, apiKey.tenantId);
    if (!tenant || !isActive(tenant)) throw new DomainError('TENANT_INACTIVE', 'This workspace is not active.');
    if (scopes && !grantsAnyScope(apiKey.scopes, scopes)) throw missingScope(scopes);
    await deps.limits.enforce(request, reply, [perApiKey(apiKey.apiKeyId)]);
    return { apiKey, tenant };
  };
}

/** Provides `app.apiKeyGuard`, used by every `key:*` route (defineRoute) and the MCP endpoint. */
export function registerApiKeyAuth(app: FastifyInstance, deps: ApiKeyGuardDeps): void {
  app.decorateRequest('partner', undefined);
  app.decorate('apiKeyGuard', createApiKeyGuard(deps));
}

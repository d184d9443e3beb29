import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, type FieldViolation } from '@svc/errors';
import type { CatalogClient } from '@svc/grpc';
import { verifyCsrf } from '@svc/crypto';
import type { GatewayIdentity, Session } from '../identity/identity-client.js';
import { SESSION_COOKIE, looksLikeSessionToken, readCookie } from './cookies.js';
import { WRITE_ROLES, checksCsrf, type DashboardContext, type DashboardGuard } from './principal.js';
import { fetchTenant, isActive } from './tenants.js';

const CSRF_HEADER = 'x-service-csrf';
const TENANT_ID_HEADER = 'x-service-tenant-id';
const NOT_FROM_CALLER = 'must not be sent; the tenant comes from the session';

export interface DashboardGuardDeps {
  app: FastifyInstance;
  identity: GatewayIdentity;
  catalog: CatalogClient;
  sessionSecret: string;
  dashboardOrigin?: string;
  now?: () => number;
}

/**
 * The dashboard guard, run in the route's onRequest hook, so before the body is even read.
 * Checks run in this order, and the first failure answers:
 * 1. session cookie missing, malformed, unknown or revoked → AUTH_REQUIRED;
 * 2. session past its 30 days → SESSION_EXPIRED;
 * 3. an `Origin` other than the configured dashboard origin → ORIGIN_NOT_ALLOWED;
 * 4. a tenant id sent by the caller in the header or the query → VALIDATION_ERROR;
 * 5. no membership in the session's active workspace (any more) → FORBIDDEN;
 * 6. that tenant disabled, suspended or gone → TENANT_INACTIVE (unless the route's `tenant`
 *    option says otherwise);
 * 7. writes and routes with `csrf`: X-Service-CSRF missing or wrong → CSRF_INVALID;
 * 8. writes (and routes with `writeRole`): role other than tenant_owner/tenant_admin → FORBIDDEN.
 * CSRF comes before the role, so a forged request learns nothing about the victim's role.
 * A top-level body `tenantId` is refused later, once the body is parsed (`rejectBodyTenantId`).
 *
 * Cost: one identity AuthenticateSession (the session and its membership; none while the
 * gateway's credential cache holds them) and, unless `tenant: 'none'`, one catalog GetTenant, whose answer the route's handler may reuse (`activeTenantOf`).
 */
export function createDashboardGuard(deps: DashboardGuardDeps): DashboardGuard {
  const now = deps.now ?? Date.now;
  const allowedOrigin = deps.dashboardOrigin ? new URL(deps.dashboardOrigin).origin : undefined;

  return async (request, access, options) => {
    const token = readCookie(deps.app, request, SESSION_COOKIE);
    if (!token || !looksLikeSessionToken(token)) throw authRequired();
    const auth = await deps.identity.authenticateSession(token);
    if (!auth) throw authRequired();
    const { session, membership } = auth;
    if (session.expiresAtMs <= now()) {
      throw new DomainError('SESSION_EXPIRED', 'The session has expired; please sign in again.');
    }

    if (allowedOrigin !== undefined) checkOrigin(request, allowedOrigin);
    rejectTenantHeaderAndQuery(request);

    if (!membership) throw new DomainError('FORBIDDEN', 'You are no longer a member of this workspace.');
    const context: DashboardContext = {
      principal: {
        sessionId: session.sessionId,
        userId: session.userId,
        tenantId: session.tenantId,
        role: membership.role,
      },
      session,
    };
    const tenantNeed = options.tenant ?? 'active';
    if (tenantNeed !== 'none') {
      // A tenant the catalog no longer knows is as unusable as a disabled one.
      context.tenant = await fetchTenant(deps.catalog, session.tenantId);
      if (tenantNeed === 'active' && !(context.tenant && isActive(context.tenant))) {
        throw new DomainError('TENANT_INACTIVE', 'This workspace is not active.');
      }
    }

    if (checksCsrf(access, options) && !csrfHeaderValid(request, session, deps.sessionSecret)) {
      throw new DomainError('CSRF_INVALID', 'The X-Service-CSRF header is missing or wrong.');
    }
    if ((access === 'dashboard:write' || options.writeRole) && !WRITE_ROLES.includes(membership.role)) {
      throw new DomainError('FORBIDDEN', 'Your role cannot make changes in this workspace.');
    }
    if (options.ownerOnly && membership.role !== 'tenant_owner') {
      throw new DomainError('FORBIDDEN', 'Only an owner can do this in this workspace.');
    }
    return context;
  };
}

/**
 * The body half of check 4, for the route's preValidation hook: a top-level `tenantId` in the
 * parsed body → VALIDATION_ERROR, before the body's own schema is checked.
 */
export function rejectBodyTenantId(request: FastifyRequest): void {
  if (hasMember(request.body, 'tenantId')) {
    throw new DomainError('VALIDATION_ERROR', 'Dashboard requests must not name a tenant.', [
      { path: 'body.tenantId', message: NOT_FROM_CALLER },
    ]);
  }
}

function csrfHeaderValid(request: FastifyRequest, session: Session, secret: string): boolean {
  const header = request.headers[CSRF_HEADER];
  return verifyCsrf(secret, session.sessionId, session.tokenHash, typeof header === 'string' ? header : undefined);
}

const authRequired = () => new DomainError('AUTH_REQUIRED', 'Sign in to use the dashboard.');

/** Browsers send Origin on cross-origin requests and on every POST; only the dashboard's is allowed. */
function checkOrigin(request: FastifyRequest, allowedOrigin: string): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (normalizedOrigin(origin) !== allowedOrigin) {
    throw new DomainError('ORIGIN_NOT_ALLOWED', 'Requests from this origin are not allowed.');
  }
}

function normalizedOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).origin; // `null` (sandboxed frames, file:) throws and never matches
  } catch {
    return undefined;
  }
}

/** The tenant comes from the session only; a caller-supplied one is an error, never a hint. */
function rejectTenantHeaderAndQuery(request: FastifyRequest): void {
  const details: FieldViolation[] = [];
  if (request.headers[TENANT_ID_HEADER] !== undefined) {
    details.push({ path: `headers.${TENANT_ID_HEADER}`, message: NOT_FROM_CALLER });
  }
  if (hasMember(request.query, 'tenantId')) details.push({ path: 'query.tenantId', message: NOT_FROM_CALLER });
  if (details.length > 0) {
    throw new DomainError('VALIDATION_ERROR', 'Dashboard requests must not name a tenant.', details);
  }
}

function hasMember(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, name);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, type FieldViolation } from '@svc/errors';
import type { catalogV1 } from '@svc/proto';
import { verifyCsrf } from '../identity/csrf.js';
import type { IdentityStore, Session } from '../identity/identity-store.js';
import { looksLikeSessionToken } from '../identity/session-token.js';
import { SESSION_COOKIE, readCookie } from './cookies.js';
import { WRITE_ROLES, type DashboardGuard } from './principal.js';
import { sessionRoutePolicy } from './route-policy.js';
import { fetchTenant, isActive, type TenantSummary } from './tenants.js';

export const CSRF_HEADER = 'x-service-csrf';
export const TENANT_ID_HEADER = 'x-service-tenant-id';

export interface DashboardGuardDeps {
  app: FastifyInstance;
  identity: IdentityStore;
  catalog: catalogV1.CatalogServiceClient;
  sessionSecret: string;
  dashboardOrigin?: string;
  now?: () => number;
}

/** What the guard resolved beyond the principal, for the session routes. */
export interface ResolvedSession {
  session: Session;
  tenant: TenantSummary;
}

const resolved = new WeakMap<FastifyRequest, ResolvedSession>();

export function resolvedSessionOf(request: FastifyRequest): ResolvedSession {
  const value = resolved.get(request);
  if (!value) throw new Error('resolvedSessionOf() on a route without dashboard access');
  return value;
}

/**
 * The dashboard guard. Checks run in this order, and the first failure answers:
 * 1. session cookie missing, malformed, unknown or revoked → AUTH_REQUIRED;
 * 2. session past its 30 days → SESSION_EXPIRED;
 * 3. an `Origin` other than the configured dashboard origin → ORIGIN_NOT_ALLOWED;
 * 4. a tenant id sent by the caller (header, query, top-level body member) → VALIDATION_ERROR;
 * 5. no membership in the session's active workspace (any more) → FORBIDDEN;
 * 6. that tenant disabled, suspended or gone → TENANT_INACTIVE (not on the session routes);
 * 7. writes: X-Service-CSRF missing or wrong → CSRF_INVALID;
 * 8. writes: role other than tenant_owner/tenant_admin → FORBIDDEN.
 * CSRF comes before the role, so a forged request learns nothing about the victim's role.
 */
export function createDashboardGuard(deps: DashboardGuardDeps): DashboardGuard {
  const now = deps.now ?? Date.now;
  const allowedOrigin = deps.dashboardOrigin ? new URL(deps.dashboardOrigin).origin : undefined;

  return async (request, access) => {
    const token = readCookie(deps.app, request, SESSION_COOKIE);
    if (!token || !looksLikeSessionToken(token)) throw authRequired();
    const session = await deps.identity.findSessionByToken(token);
    if (!session) throw authRequired();
    if (session.expiresAtMs <= now()) {
      throw new DomainError('SESSION_EXPIRED', 'The session has expired; please sign in again.');
    }

    if (allowedOrigin !== undefined) checkOrigin(request, allowedOrigin);
    const policy = sessionRoutePolicy(request);
    rejectTenantInputs(request, policy?.bodyTenantId ?? false);

    const user = await deps.identity.findUserById(session.userId);
    if (!user) throw authRequired();
    const membership = await deps.identity.membership(session.userId, session.tenantId);
    if (!membership) throw new DomainError('FORBIDDEN', 'You are no longer a member of this workspace.');
    // A tenant the catalog no longer knows is as unusable as a disabled one.
    const tenant = (await fetchTenant(deps.catalog, session.tenantId)) ?? goneTenant(session.tenantId);
    if (!isActive(tenant) && !policy?.inactiveTenantOk) {
      throw new DomainError('TENANT_INACTIVE', 'This workspace is not active.');
    }

    if ((access === 'dashboard:write' || policy?.csrf) && !csrfHeaderValid(request, session, deps.sessionSecret)) {
      throw new DomainError('CSRF_INVALID', 'The X-Service-CSRF header is missing or wrong.');
    }
    if (access === 'dashboard:write' && !WRITE_ROLES.includes(membership.role)) {
      throw new DomainError('FORBIDDEN', 'Your role cannot make changes in this workspace.');
    }

    resolved.set(request, { session, tenant });
    return {
      sessionId: session.sessionId,
      userId: user.userId,
      email: user.email,
      name: user.name,
      tenantId: session.tenantId,
      role: membership.role,
    };
  };
}

function csrfHeaderValid(request: FastifyRequest, session: Session, secret: string): boolean {
  const header = request.headers[CSRF_HEADER];
  return verifyCsrf(secret, session.sessionId, session.tokenHash, typeof header === 'string' ? header : undefined);
}

const goneTenant = (tenantId: string): TenantSummary => ({ tenantId, slug: '', name: '', status: 'deleted' });

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
function rejectTenantInputs(request: FastifyRequest, bodyTenantIdAllowed: boolean): void {
  const details: FieldViolation[] = [];
  if (request.headers[TENANT_ID_HEADER] !== undefined) {
    details.push({
      path: `headers.${TENANT_ID_HEADER}`,
      message: 'must not be sent; the tenant comes from the session',
    });
  }
  if (hasMember(request.query, 'tenantId')) {
    details.push({ path: 'query.tenantId', message: 'must not be sent; the tenant comes from the session' });
  }
  if (!bodyTenantIdAllowed && hasMember(request.body, 'tenantId')) {
    details.push({ path: 'body.tenantId', message: 'must not be sent; the tenant comes from the session' });
  }
  if (details.length > 0) {
    throw new DomainError('VALIDATION_ERROR', 'Dashboard requests must not name a tenant.', details);
  }
}

function hasMember(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, name);
}

import type { FastifyRequest } from 'fastify';
import type { ManageAction } from '@svc/crypto';
import type { catalogV1 } from '@svc/proto';
import type { ApiKeyScope, Role } from '@svc/rules';
import type { ApiKey, PlatformKey, Session } from '../identity/identity-client.js';

export { ROLES, WRITE_ROLES, type Role } from '@svc/rules';

/**
 * Who is calling a dashboard route: the session's user in its active workspace. Email and name
 * are not here: the guard does not load the user (users are never deleted); the session view does.
 */
export interface DashboardPrincipal {
  sessionId: string;
  userId: string;
  tenantId: string;
  role: Role;
}

/**
 * Which auth context a route uses. `public` routes ignore any session cookie;
 * `dashboard:read` needs a session; `dashboard:write` also a write role and the CSRF header;
 * `manage:<action>` needs a manage token in the path (`:token`) that grants the action, and
 * ignores cookies like a public route (auth/manage-guard.ts); `key:<scope>` needs a partner API
 * key (`Authorization: Bearer sk_live_…`) of the tenant named by `X-Service-Tenant-Id` that
 * grants the scope, and ignores cookies too (auth/api-key-guard.ts); `key:<scope>|<scope>` takes
 * a key with either scope (`GET /v1/services`: docs/decisions.md "Partner API").
 */
export type Access = 'public' | DashboardAccess | ManageAccess | KeyAccess | PlatformAccess;
/**
 * An operator's platform key (`Authorization: Bearer pk_live_…`), made by the operator CLI only;
 * ignores cookies, names no tenant (auth/platform-key-guard.ts; docs/decisions.md "Platform provisioning").
 */
export type PlatformAccess = 'platform';
export type DashboardAccess = 'dashboard:read' | 'dashboard:write';
export type ManageAccess = `manage:${ManageAction}`;
export type KeyAccess = `key:${ApiKeyScope}` | `key:${ApiKeyScope}|${ApiKeyScope}`;

export const isManageAccess = (access: Access): access is ManageAccess => access.startsWith('manage:');
/** The token action a `manage:*` route needs. */
export const manageActionOf = (access: ManageAccess): ManageAction => access.slice('manage:'.length) as ManageAction;
export const isKeyAccess = (access: Access): access is KeyAccess => access.startsWith('key:');
/** The scopes a `key:*` route takes, any one of which opens it. */
export const scopesOf = (access: KeyAccess): ApiKeyScope[] => access.slice('key:'.length).split('|') as ApiKeyScope[];
export const isDashboardAccess = (access: Access): access is DashboardAccess => access.startsWith('dashboard:');
export const isPlatformAccess = (access: Access): access is PlatformAccess => access === 'platform';

/**
 * A route's exceptions to the guard's uniform rules, declared on the route itself (defineRoute's
 * `guard`). Only the routes that manage the session rather than tenant data use them.
 */
export interface GuardOptions {
  /** Check X-Service-CSRF although the route is `dashboard:read` (it changes state). Writes always check it. */
  csrf?: boolean;
  /** `tenantId` in the body is the route's input, not a tenant binding, so it is not refused. */
  bodyTenantId?: boolean;
  /**
   * What the route needs of the session's active tenant (the catalog's GetTenant):
   * - `active` (default): fetched; disabled, suspended or unknown to the catalog → TENANT_INACTIVE;
   * - `any`: fetched whatever its status, so members of a suspended workspace still see it;
   * - `none`: neither fetched nor checked (switching workspace, logout).
   */
  tenant?: 'active' | 'any' | 'none';
  /** Only write roles, although the route only reads (the API key list). */
  writeRole?: boolean;
  /** Only owners (the members routes' changes: who may act for the workspace). */
  ownerOnly?: boolean;
}

/** Whether the guard checks X-Service-CSRF: on every write, and where the route asks for it. */
export const checksCsrf = (access: DashboardAccess, options: GuardOptions): boolean =>
  access === 'dashboard:write' || options.csrf === true;

/** What the dashboard guard resolved for a request, for the route's handler. */
export interface DashboardContext {
  principal: DashboardPrincipal;
  session: Session;
  /**
   * The active workspace as the catalog has it: null when the catalog no longer knows it (only
   * possible with `tenant: 'any'`); absent with `tenant: 'none'`.
   */
  tenant?: catalogV1.Tenant | null;
}

/**
 * Resolves the caller of a dashboard route or throws the spec's auth error. Runs before the body
 * is read, so it never sees the body (see `rejectBodyTenantId`).
 */
export type DashboardGuard = (
  request: FastifyRequest,
  access: DashboardAccess,
  options: GuardOptions,
) => Promise<DashboardContext>;

/** What the platform-key guard resolved (`platform` routes). */
export interface PlatformContext {
  platformKey: PlatformKey;
}

/** What the API-key guard resolved for a partner request (`key:*` routes, MCP). */
export interface PartnerContext {
  apiKey: ApiKey;
  /** The key's tenant, active. */
  tenant: catalogV1.Tenant;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard on `dashboard:*` routes only. */
    dashboard?: DashboardContext;
    /** Set by the API-key guard on `key:*` routes only. */
    partner?: PartnerContext;
    /** Set by the platform-key guard on `platform` routes only. */
    platform?: PlatformContext;
  }
  interface FastifyInstance {
    dashboardGuard: DashboardGuard;
  }
}

/** What the guard resolved (routes with `dashboard:*` access only). */
export function dashboardOf(request: FastifyRequest): DashboardContext {
  if (!request.dashboard) throw new Error('dashboardOf() on a route without dashboard access');
  return request.dashboard;
}

/** What the platform-key guard resolved (routes with `platform` access only). */
export function platformOf(request: FastifyRequest): PlatformContext {
  if (!request.platform) throw new Error('platformOf() on a route without platform access');
  return request.platform;
}

/** What the API-key guard resolved (routes with `key:*` access only). */
export function partnerOf(request: FastifyRequest): PartnerContext {
  if (!request.partner) throw new Error('partnerOf() on a route without API-key access');
  return request.partner;
}

/**
 * The tenant a dashboard or partner request acts in: the session's workspace or the API key's
 * tenant, never one the request names.
 */
export function requestTenantId(request: FastifyRequest): string {
  if (request.dashboard) return request.dashboard.principal.tenantId;
  if (request.partner) return request.partner.apiKey.tenantId;
  throw new Error('requestTenantId() on a route without dashboard or API-key access');
}

/** The principal the guard resolved (routes with `dashboard:*` access only). */
export function principalOf(request: FastifyRequest): DashboardPrincipal {
  return dashboardOf(request).principal;
}

/**
 * The session's active workspace as the guard fetched it: on routes with the default
 * `tenant: 'active'` it exists and is active, so handlers need not ask the catalog again.
 */
export function activeTenantOf(request: FastifyRequest): catalogV1.Tenant {
  if (request.partner) return request.partner.tenant;
  const { tenant } = dashboardOf(request);
  if (!tenant) throw new Error('activeTenantOf() on a route whose guard does not fetch the tenant');
  return tenant;
}

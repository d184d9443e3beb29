import type { FastifyRequest } from 'fastify';

export const ROLES = ['tenant_owner', 'tenant_admin', 'tenant_staff', 'tenant_viewer'] as const;
export type Role = (typeof ROLES)[number];
export const WRITE_ROLES: readonly Role[] = ['tenant_owner', 'tenant_admin'];

/** Who is calling a dashboard route: the session's user in its active workspace. */
export interface DashboardPrincipal {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  tenantId: string;
  role: Role;
}

/**
 * Which auth context a route uses. `public` routes ignore any session cookie;
 * `dashboard:read` needs a session; `dashboard:write` also a write role and the CSRF header.
 */
export type Access = 'public' | 'dashboard:read' | 'dashboard:write';

/** Resolves the principal for a dashboard route or throws the spec's auth error. */
export type DashboardGuard = (
  request: FastifyRequest,
  access: Exclude<Access, 'public'>,
) => Promise<DashboardPrincipal>;

declare module 'fastify' {
  interface FastifyRequest {
    principal?: DashboardPrincipal;
  }
  interface FastifyInstance {
    dashboardGuard: DashboardGuard;
  }
}

/** The principal a dashboard route's guard resolved (routes with `dashboard:*` access only). */
export function principalOf(request: FastifyRequest): DashboardPrincipal {
  if (!request.principal) throw new Error('principalOf() on a route without dashboard access');
  return request.principal;
}

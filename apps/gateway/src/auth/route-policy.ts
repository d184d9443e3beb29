import type { FastifyRequest } from 'fastify';

/**
 * Exceptions to the dashboard guard's uniform rules, for the routes that manage the session
 * itself rather than tenant data. They are `dashboard:read` (any role may use them) and:
 * - `csrf`: the guard checks X-Service-CSRF anyway, because they change state;
 * - `bodyTenantId`: `tenantId` in the body is the input, not a tenant binding;
 * - `inactiveTenantOk`: a suspended or disabled active workspace does not block them, so its
 *   members can still see who they are, switch to another workspace, or log out.
 */
export interface SessionRoutePolicy {
  csrf: boolean;
  bodyTenantId: boolean;
  inactiveTenantOk: boolean;
}

export const SESSION_ROUTES = {
  session: { method: 'GET', url: '/api/session' },
  switchWorkspace: { method: 'POST', url: '/api/session/workspace' },
  logout: { method: 'POST', url: '/api/session/logout' },
} as const;

const key = (method: string, url: string) => `${method} ${url}`;

const POLICIES = new Map<string, SessionRoutePolicy>([
  [
    key(SESSION_ROUTES.session.method, SESSION_ROUTES.session.url),
    { csrf: false, bodyTenantId: false, inactiveTenantOk: true },
  ],
  [
    key(SESSION_ROUTES.switchWorkspace.method, SESSION_ROUTES.switchWorkspace.url),
    { csrf: true, bodyTenantId: true, inactiveTenantOk: true },
  ],
  [
    key(SESSION_ROUTES.logout.method, SESSION_ROUTES.logout.url),
    { csrf: true, bodyTenantId: false, inactiveTenantOk: true },
  ],
]);

/** The policy of the matched route (by its pattern, not the raw URL), if it is a session route. */
export function sessionRoutePolicy(request: FastifyRequest): SessionRoutePolicy | undefined {
  const url = request.routeOptions.url;
  return url === undefined ? undefined : POLICIES.get(key(request.method, url));
}

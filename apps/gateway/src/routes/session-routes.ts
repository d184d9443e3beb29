import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import { idSchema } from '@svc/rules';
import { clearedSessionCookie } from '../auth/cookies.js';
import { dashboardOf, principalOf } from '../auth/principal.js';
import { sessionView, sessionViewSchema, type SessionViewDeps } from '../auth/session-view.js';
import { fetchTenant, isActive } from '../auth/tenants.js';
import { routeGroup } from '../http/route-group.js';

/**
 * GET /api/session, POST /api/session/workspace, POST /api/session/logout.
 * All three are `dashboard:read` (any role) and keep working while the active workspace is
 * suspended; the two POSTs still need X-Service-CSRF, which the guard checks before the body is
 * read. Their exceptions to the guard's rules are declared on each route (`guard`).
 */
export function registerSessionRoutes(app: FastifyInstance, deps: SessionViewDeps): void {
  const route = routeGroup(app, { tags: ['session'], access: 'dashboard:read' });
  route({
    method: 'GET',
    url: '/api/session',
    summary: 'The signed-in user, the active workspace, every membership and the CSRF token',
    // The workspace is shown whatever its status, so its members see that it is suspended.
    guard: { tenant: 'any' },
    response: sessionViewSchema,
    handler: async (_input, request, reply) => {
      const { principal, session, tenant } = dashboardOf(request);
      reply.header('cache-control', 'no-store'); // carries the CSRF token
      return sessionView(deps, principal, session, tenant ?? null);
    },
  });

  route({
    method: 'POST',
    url: '/api/session/workspace',
    summary: 'Switch the active workspace to another one the user is a member of (needs X-Service-CSRF)',
    // The body's tenantId is the workspace to switch to; the current one is neither needed nor checked.
    guard: { csrf: true, bodyTenantId: true, tenant: 'none' },
    body: z.strictObject({ tenantId: idSchema }),
    response: sessionViewSchema,
    handler: async ({ body }, request, reply) => {
      reply.header('cache-control', 'no-store');
      const { principal, session } = dashboardOf(request);
      const membership = await deps.identity.membership(principal.userId, body.tenantId);
      if (!membership) throw new DomainError('FORBIDDEN', 'You are not a member of that workspace.');
      const tenant = await fetchTenant(deps.catalog, body.tenantId);
      if (!tenant || !isActive(tenant)) throw new DomainError('TENANT_INACTIVE', 'That workspace is not active.');
      if (!(await deps.identity.switchWorkspace(session.sessionId, body.tenantId))) {
        throw new DomainError('FORBIDDEN', 'You are not a member of that workspace.');
      }
      return sessionView(
        deps,
        { ...principal, tenantId: body.tenantId, role: membership.role },
        { ...session, tenantId: body.tenantId },
        tenant,
      );
    },
  });

  route({
    method: 'POST',
    url: '/api/session/logout',
    summary: 'End the session and clear its cookie (needs X-Service-CSRF)',
    guard: { csrf: true, tenant: 'none' },
    response: z.object({ loggedOut: z.literal(true) }),
    handler: async (_input, request, reply) => {
      await deps.identity.revokeSession(principalOf(request).sessionId);
      reply.header('set-cookie', clearedSessionCookie());
      return { loggedOut: true as const };
    },
  });
}

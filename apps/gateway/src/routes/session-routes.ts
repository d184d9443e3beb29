import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import { clearedSessionCookie } from '../auth/cookies.js';
import { resolvedSessionOf } from '../auth/dashboard-guard.js';
import { principalOf } from '../auth/principal.js';
import { SESSION_ROUTES } from '../auth/route-policy.js';
import { sessionView, sessionViewSchema, type SessionViewDeps } from '../auth/session-view.js';
import { fetchTenant, isActive } from '../auth/tenants.js';
import { defineRoute } from '../http/route.js';

/**
 * GET /api/session, POST /api/session/workspace, POST /api/session/logout.
 * All three are `dashboard:read` (any role); the two POSTs still need X-Service-CSRF, which the
 * guard checks for them before the body is validated (see auth/route-policy.ts).
 */
export function registerSessionRoutes(app: FastifyInstance, deps: SessionViewDeps): void {
  defineRoute(app, {
    ...SESSION_ROUTES.session,
    summary: 'The signed-in user, the active workspace, every membership and the CSRF token',
    tags: ['session'],
    access: 'dashboard:read',
    response: sessionViewSchema,
    handler: async (_input, request, reply) => {
      const { session, tenant } = resolvedSessionOf(request);
      reply.header('cache-control', 'no-store'); // carries the CSRF token
      return sessionView(deps, principalOf(request), session, tenant);
    },
  });

  defineRoute(app, {
    ...SESSION_ROUTES.switchWorkspace,
    summary: 'Switch the active workspace to another one the user is a member of (needs X-Service-CSRF)',
    tags: ['session'],
    access: 'dashboard:read',
    body: z.strictObject({ tenantId: z.string().min(1).max(200) }),
    response: sessionViewSchema,
    handler: async ({ body }, request, reply) => {
      reply.header('cache-control', 'no-store');
      const principal = principalOf(request);
      const { session } = resolvedSessionOf(request);
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

  defineRoute(app, {
    ...SESSION_ROUTES.logout,
    summary: 'End the session and clear its cookie (needs X-Service-CSRF)',
    tags: ['session'],
    access: 'dashboard:read',
    response: z.object({ loggedOut: z.literal(true) }),
    handler: async (_input, request, reply) => {
      await deps.identity.revokeSession(principalOf(request).sessionId);
      reply.header('set-cookie', clearedSessionCookie());
      return { loggedOut: true as const };
    },
  });
}

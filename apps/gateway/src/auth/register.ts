import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../app.js';
import { IdentityStore } from '../identity/identity-store.js';
import { registerAuthRoutes } from '../routes/auth-routes.js';
import { registerSessionRoutes } from '../routes/session-routes.js';
import { createDashboardGuard } from './dashboard-guard.js';
import { OAuthAttempts } from './oauth-attempts.js';
import { createOidcClient } from './oidc-client.js';

/**
 * Dashboard identity: ensures the identity indexes, provides `app.dashboardGuard` (used by every
 * `dashboard:*` route) and the login and session routes.
 */
export async function registerDashboardAuth(
  app: FastifyInstance,
  deps: Pick<GatewayDeps, 'logger' | 'downstream' | 'store' | 'settings'>,
): Promise<void> {
  const { settings } = deps;
  const identity = new IdentityStore(deps.store);
  const attempts = new OAuthAttempts(deps.store);
  await identity.ensureIndexes();
  await attempts.ensureIndexes();

  // hook: false — cookies are parsed only where a route asks (the guard, the login callback).
  await app.register(fastifyCookie, { hook: false });
  // What the guard resolved, set on `dashboard:*` routes only (read it with dashboardOf/principalOf).
  app.decorateRequest('dashboard', undefined);
  app.decorate(
    'dashboardGuard',
    createDashboardGuard({
      app,
      identity,
      catalog: deps.downstream.catalog,
      sessionSecret: settings.sessionSecret,
      ...(settings.dashboardOrigin ? { dashboardOrigin: settings.dashboardOrigin } : {}),
    }),
  );

  registerAuthRoutes(app, {
    identity,
    attempts,
    oidc: createOidcClient(settings.oidc, deps.logger),
    catalog: deps.downstream.catalog,
    baseUrl: settings.baseUrl,
    redirectUri: settings.oidc.redirectUri,
  });
  registerSessionRoutes(app, { identity, catalog: deps.downstream.catalog, sessionSecret: settings.sessionSecret });
}

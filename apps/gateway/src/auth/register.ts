import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '@svc/telemetry';
import type { GatewaySettings } from '../config.js';
import type { Downstream } from '../downstream/services.js';
import type { GatewayIdentity } from '../identity/identity-client.js';
import { registerAuthRoutes } from '../routes/auth-routes.js';
import { registerSessionRoutes } from '../routes/session-routes.js';
import { createDashboardGuard } from './dashboard-guard.js';
import { createOidcClient } from './oidc-client.js';

/**
 * Dashboard identity: provides `app.dashboardGuard` (used by every `dashboard:*` route) and the
 * login and session routes, over the identity service (identity/identity-client.ts).
 */
export async function registerDashboardAuth(
  app: FastifyInstance,
  deps: { logger: Logger; downstream: Downstream; settings: GatewaySettings; identity: GatewayIdentity },
): Promise<void> {
  const { settings, identity } = deps;

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
    oidc: createOidcClient(settings.oidc, deps.logger),
    catalog: deps.downstream.catalog,
    baseUrl: settings.baseUrl,
    redirectUri: settings.oidc.redirectUri,
  });
  registerSessionRoutes(app, { identity, catalog: deps.downstream.catalog, sessionSecret: settings.sessionSecret });
}

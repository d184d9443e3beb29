import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { EventBus } from '@svc/events';
import type { Logger } from '@svc/telemetry';
import { registerApiKeyAuth } from './auth/api-key-guard.js';
import { registerPlatformKeyAuth } from './auth/platform-key-guard.js';
import { registerIdentity } from './identity/register.js';
import { registerPlatformRoutes } from './routes/platform/platform-routes.js';
import { registerAuditLog } from './audit/audit-hooks.js';
import { registerAuditRoutes } from './routes/audit/audit-routes.js';
import { registerManageAuth } from './auth/manage-guard.js';
import { registerDashboardAuth } from './auth/register.js';
import type { GatewaySettings } from './config.js';
import type { Downstream } from './downstream/services.js';
import { clientErrorHandler, connectHandler } from './http/client-errors.js';
import { frameworkErrorHandler, registerClosingRefusal, registerErrorHandling } from './http/errors-plugin.js';
import { createRouteTable, registerMethodRules } from './http/methods.js';
import { registerOpenApi } from './http/openapi.js';
import { requestIdFrom } from './http/request-id.js';
import { PathSafeLogController, requestForLog } from './http/loggable-path.js';
import { setResponseHeaders } from './http/response-headers.js';
import { registerTracing } from './http/tracing.js';
import { errorPageFor, loadPageAssets, registerBookingPages } from './routes/pages/index.js';
import { InMemoryCounters, type RateCounters } from './limits/counters.js';
import { RateLimits } from './limits/rate-limits.js';
import { registerApiKeyRoutes } from './routes/api-keys/api-keys-routes.js';
import { registerAvailabilityExplainRoute } from './routes/availability/explain-route.js';
import { registerBookingRoutes } from './routes/bookings/bookings-routes.js';
import { registerCatalogCollections, registerCatalogRoutes } from './routes/catalog/index.js';
import { registerCustomerRoutes } from './routes/customers/customers-routes.js';
import { registerCustomerPrivacyRoutes } from './routes/customers/customer-privacy-routes.js';
import { registerHealthRoute } from './routes/health.js';
import { registerApiReference } from './routes/front-door/api-reference.js';
import { registerFrontDoor } from './routes/front-door/front-door-route.js';
import { registerLiveRoute } from './routes/live/live-route.js';
import { LiveBookingFeed } from './live/booking-feed.js';
import { loadDashboardApp, registerDashboardApp } from './routes/pages/dashboard-app.js';
import { registerSetupRoutes } from './routes/setup/index.js';
import { registerManageRoutes } from './routes/manage/manage-routes.js';
import { registerMemberRoutes } from './routes/members/members-routes.js';
import { registerMetricsRoute } from './routes/metrics.js';
import { registerMcpRoute } from './routes/mcp/mcp-route.js';
import { registerPartnerRoutes } from './routes/partner/partner-routes.js';
import { registerPublicBookingRoutes } from './routes/public/index.js';
import { registerWebhookRoutes } from './routes/webhooks/webhook-routes.js';
import { registerTenantExportRoutes } from './routes/tenant-export/tenant-export-routes.js';
import { registerIntegrationRoutes } from './routes/integrations/integration-routes.js';
import { registerPaymentAccountRoutes } from './routes/integrations/payment-account-routes.js';
import {
  registerNotificationLogRoutes,
  registerNotificationSettingsRoutes,
} from './routes/notifications/notification-routes.js';
import { registerUnsubscribeRoutes } from './routes/notifications/unsubscribe-routes.js';
import {
  DASHBOARD_NOTIFICATIONS,
  PARTNER_BOOKINGS,
  PARTNER_CATALOG,
  PARTNER_CUSTOMERS,
  PARTNER_NOTIFICATIONS,
  PARTNER_WEBHOOKS,
} from './api/surfaces.js';

const BODY_LIMIT_BYTES = 64 * 1024;
/** Node's limit of the request line and headers together (http.maxHeaderSize). */
const MAX_PARAM_LENGTH = 16 * 1024;

export interface GatewayDeps {
  logger: Logger;
  downstream: Downstream;
  settings: GatewaySettings;
  /**
   * The rate limit counters (limits/counters.ts); in memory unless given. Owned from here on:
   * closed with the gateway.
   */
  rateCounters?: RateCounters;
  /**
   * Where the dashboard's live updates come from (GET /api/live): the booking events' bus and
   * this process's consumer group. Without it the route is not there (tests of other routes).
   */
  live?: { bus: EventBus; groupId: string };
  /**
   * Where identity.events come from and this process's consumer group: the credential cache
   * drops what they name. Without them the gateway caches no identity decision.
   */
  identityEvents?: { bus: EventBus; groupId: string };
}

/**
 * The HTTP surface, not yet listening: request ids, tracing, the envelope, OpenAPI, routes.
 * Tests may add routes before calling `ready()`.
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const routes = createRouteTable();
  const app = Fastify({
    // Request log lines name the route template, never the raw URL: a manage token in the path,
    // an OAuth code and state in the query (http/loggable-path.ts, docs/operations.md "Logs").
    loggerInstance: deps.logger.child({}, { serializers: { req: requestForLog } }) as FastifyBaseLogger,
    logController: new PathSafeLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    // The router's own limit (100 by default) would refuse a manage token (~300 characters) in
    // the path. At Node's header limit no parameter can reach it: each one meets its schema (a
    // 65-character id is `params.serviceId`) or, for a token, its verification (404).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    // Requests during shutdown and URLs the router cannot decode get the envelope instead of
    // Fastify's bare answers (errors-plugin.ts: registerClosingRefusal, frameworkErrorHandler).
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
    // What Node's parser refuses (unknown method, 431, bad Content-Length, bare CR/LF) and
    // CONNECT get the envelope too (client-errors.ts).
    clientErrorHandler: clientErrorHandler(routes),
    // The client IP of the per-IP limits: X-Forwarded-For only through the configured proxy hops.
    trustProxy:
      deps.settings.trustProxy > 0 ? (_address: string, hop: number) => hop < deps.settings.trustProxy : false,
  });
  const limits = new RateLimits(deps.settings.rateLimits, deps.rateCounters ?? new InMemoryCounters(), deps.logger);
  if (!limits.enabled) deps.logger.warn('RATE_LIMITS=off: every rate and abuse limit is off (load tests only)');
  app.decorate('rateLimits', limits);
  app.addHook('onClose', () => limits.close());
  app.server.on('connect', connectHandler(routes));
  // JSON only (docs/api-conventions.md "Bodies"): any other content type, text/plain included,
  // is 415 instead of being handed to the route as a string.
  app.removeContentTypeParser('text/plain');
  // An empty body is no body, whatever its Content-Type: many HTTP clients send
  // `content-type: application/json` on every POST, body or not (a confirm, a manage cancel).
  // Anything else goes to Fastify's own parser, prototype-poisoning checks included.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
  // Fastify validates a request without a body as `null`: a route whose body is optional (a
  // cancel without a reason) reads that, like a JSON `null`, as no body.
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === 'body' ? (data: unknown) => validate(data ?? undefined) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('largeAnswers', deps.settings.responseValidation === false ? 'compiled' : 'validating');
  app.addHook('onRequest', (request, reply, done) => {
    setResponseHeaders(request, reply);
    done();
  });
  registerClosingRefusal(app);
  registerTracing(app);
  registerMethodRules(app, routes);
  const pageAssets = loadPageAssets();
  registerErrorHandling(app, errorPageFor(pageAssets));
  await registerOpenApi(app, deps.settings.baseUrl);
  const identity = await registerIdentity(app, {
    client: deps.downstream.identity,
    events: deps.identityEvents,
    cacheTtlMs: deps.settings.identityCacheTtlMs,
    logger: deps.logger,
  });
  await registerDashboardAuth(app, { ...deps, identity });
  registerManageAuth(app, {
    booking: deps.downstream.booking,
    catalog: deps.downstream.catalog,
    keys: deps.settings.manageTokens,
  });
  registerApiKeyAuth(app, { identity, catalog: deps.downstream.catalog, limits });
  registerPlatformKeyAuth(app, { identity, limits });
  // Every change through the dashboard, /v1 and MCP, recorded before it is asked for (audit/audit-hooks.ts).
  registerAuditLog(app, { audit: deps.downstream.audit, logger: deps.logger });
  registerAuditRoutes(app, deps.downstream.audit);
  registerHealthRoute(app, deps.downstream);
  registerMetricsRoute(app);
  // GET / and GET /docs: what runs here, and the API reference (docs/decisions.md "Front door and API reference").
  registerFrontDoor(app, { downstream: deps.downstream, assets: pageAssets, profile: deps.settings.profile ?? null });
  await registerApiReference(app, pageAssets);
  registerCatalogRoutes(app, deps.downstream);
  registerCustomerRoutes(app, deps.downstream.customer);
  registerCustomerPrivacyRoutes(app, deps.downstream);
  registerAvailabilityExplainRoute(app, deps.downstream);
  registerPublicBookingRoutes(app, deps.downstream, deps.settings);
  registerBookingRoutes(app, deps.downstream);
  registerManageRoutes(app, deps.downstream, deps.settings, pageAssets);
  registerBookingPages(app, deps.downstream.catalog, pageAssets);
  registerWebhookRoutes(app, deps.downstream.webhooks);
  registerIntegrationRoutes(app, deps.downstream, deps.settings.baseUrl);
  registerPaymentAccountRoutes(app, deps.downstream.integrations);
  registerApiKeyRoutes(app, identity.apiKeys);
  const { notifications } = deps.downstream;
  registerNotificationSettingsRoutes(app, notifications, identity);
  registerMemberRoutes(app, identity);
  registerNotificationLogRoutes(app, notifications, DASHBOARD_NOTIFICATIONS);
  registerNotificationLogRoutes(app, notifications, PARTNER_NOTIFICATIONS);
  await registerUnsubscribeRoutes(app, notifications, pageAssets);
  // The partner API (/v1): the dashboard's booking, customer, webhook and catalog routes on the
  // partner surfaces, then what only it has (docs/decisions.md "Partner API").
  registerBookingRoutes(app, deps.downstream, PARTNER_BOOKINGS);
  registerCustomerRoutes(app, deps.downstream.customer, PARTNER_CUSTOMERS);
  registerCustomerPrivacyRoutes(app, deps.downstream, PARTNER_CUSTOMERS);
  registerWebhookRoutes(app, deps.downstream.webhooks, PARTNER_WEBHOOKS);
  registerCatalogCollections(app, deps.downstream.catalog, PARTNER_CATALOG);
  registerPartnerRoutes(app, deps.downstream, deps.settings);
  registerMcpRoute(app, deps.downstream, deps.settings);
  // The operator's platform: tenants and their keys, with a pk_live_ key (docs/decisions.md "Platform provisioning").
  registerPlatformRoutes(app, { catalog: deps.downstream.catalog, identity });
  // A tenant's full export: jobs and archives in the identity service (routes/tenant-export).
  registerTenantExportRoutes(app, {
    exports: deps.downstream.tenantExports,
    identity,
    baseUrl: deps.settings.baseUrl,
  });
  if (deps.live) {
    const feed = new LiveBookingFeed(deps.live.bus, deps.live.groupId, deps.logger);
    await feed.start();
    // Before the server waits for open connections to end: the streams end here.
    app.addHook('preClose', () => feed.close());
    registerLiveRoute(app, feed);
  }
  const dashboard = loadDashboardApp();
  registerDashboardApp(app, dashboard);
  // The first start's wizard, on the dashboard's built files (docs/decisions.md "First start").
  registerSetupRoutes(app, { identity, wizard: dashboard.setup, assets: pageAssets });
  return app;
}

import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { registerDashboardAuth } from './auth/register.js';
import type { GatewaySettings } from './config.js';
import type { Downstream } from './downstream/services.js';
import { clientErrorHandler, connectHandler } from './http/client-errors.js';
import { frameworkErrorHandler, registerClosingRefusal, registerErrorHandling } from './http/errors-plugin.js';
import { createRouteTable, registerMethodRules } from './http/methods.js';
import { registerOpenApi } from './http/openapi.js';
import { requestIdFrom } from './http/request-id.js';
import { registerTracing } from './http/tracing.js';
import { registerAvailabilityExplainRoute } from './routes/availability/explain-route.js';
import { registerCatalogRoutes } from './routes/catalog/index.js';
import { registerCustomerRoutes } from './routes/customers/customers-routes.js';
import { registerHealthRoute } from './routes/health.js';
import { registerPublicBookingRoutes } from './routes/public/index.js';

const BODY_LIMIT_BYTES = 64 * 1024;

export interface GatewayDeps {
  logger: Logger;
  downstream: Downstream;
  /** Identity data the gateway owns: users, memberships, sessions. */
  store: DocumentStore;
  settings: GatewaySettings;
}

/**
 * The HTTP surface, not yet listening: request ids, tracing, the envelope, OpenAPI, routes.
 * Tests may add routes before calling `ready()`.
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const routes = createRouteTable();
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    // Requests during shutdown and URLs the router cannot decode get the envelope instead of
    // Fastify's bare answers (errors-plugin.ts: registerClosingRefusal, frameworkErrorHandler).
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
    // What Node's parser refuses (unknown method, 431, bad Content-Length, bare CR/LF) and
    // CONNECT get the envelope too (client-errors.ts).
    clientErrorHandler: clientErrorHandler(routes),
  });
  app.server.on('connect', connectHandler(routes));
  // JSON only (docs/api-conventions.md "Bodies"): any other content type, text/plain included,
  // is 415 instead of being handed to the route as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerClosingRefusal(app);
  registerTracing(app);
  registerMethodRules(app, routes);
  registerErrorHandling(app);
  await registerOpenApi(app, deps.settings.baseUrl);
  await registerDashboardAuth(app, deps);
  registerHealthRoute(app, deps.downstream);
  registerCatalogRoutes(app, deps.downstream);
  registerCustomerRoutes(app, deps.downstream.customer);
  registerAvailabilityExplainRoute(app, deps.downstream);
  registerPublicBookingRoutes(app, deps.downstream, deps.settings);
  return app;
}

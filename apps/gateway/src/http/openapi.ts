import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests, so
 * every route appears in it by being defined. Served raw (not enveloped) so tools can read it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Booking platform API',
        version: '1.0.0',
        description: 'Every JSON response is wrapped in { ok, data | error, meta: { requestId } }.',
      },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: '__Host-service_session',
            description: 'Dashboard session from the Google login (GET /auth/google/start).',
          },
          csrfHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Service-CSRF',
            description: 'data.csrfToken of GET /api/session; required on every dashboard write.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

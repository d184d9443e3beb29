import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachLinks } from './openapi-links.js';

/** The HTTP API's version: the document's `info.version`, shown by the front door (GET /). */
export const API_VERSION = '1.0.0';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests, so
 * every route appears in it by being defined. Served raw (not enveloped) so tools can read it.
 * `servers` is the gateway's public base URL (BASE_URL, else the local address); every
 * operation gets its operationId here, from its method and URL (operationIdOf), and the links
 * its route declares on its success responses (openapi-links.ts).
 */
export async function registerOpenApi(app: FastifyInstance, baseUrl: string): Promise<void> {
  /** operationIds of the routes whose body may be left out. */
  const optionalBodies = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Booking platform API',
        version: API_VERSION,
        description: 'Every JSON response is wrapped in { ok, data | error, meta: { requestId } }.',
      },
      servers: [{ url: baseUrl }],
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
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A partner API key, `Authorization: Bearer sk_live_…` (POST /api/api-keys shows the secret once). ' +
              'Each /v1 operation names the scope it needs; `*` grants all. The key’s tenant goes in X-Service-Tenant-Id.',
          },
          platformKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An operator-level platform key, `Authorization: Bearer pk_live_…`, made only by the operator CLI ' +
              '(`admin platformkey:create`): /platform/v1 only; it is refused on /v1 and /api, as partner keys and ' +
              'sessions are refused here.',
          },
        },
      },
    },
    transform: (input) => {
      const { schema = {}, url } = jsonSchemaTransform(input);
      const methods = [input.route.method].flat();
      if (schema.hide || methods.length !== 1 || schema.operationId) return { schema, url };
      const operationId = operationIdOf(String(methods[0]), url);
      if (acceptsNoBody(input.schema?.body)) optionalBodies.add(operationId);
      return { url, schema: { operationId, ...schema } };
    },
    // @fastify/swagger marks every request body required; a body the route's schema lets the
    // client leave out (a cancel without a reason) is not, and a JSON `null` is that too (app.ts
    // reads it as no body; found by scripts/fuzz-api.sh). It knows no links: they are attached here.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      attachLinks((document.openapiObject.paths ?? {}) as Record<string, Record<string, unknown>>);
      for (const item of Object.values(document.openapiObject.paths ?? {})) {
        for (const op of Object.values(item ?? {}) as Array<{
          operationId?: string;
          requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
        }>) {
          if (!op?.requestBody || !op.operationId || !optionalBodies.has(op.operationId)) continue;
          op.requestBody.required = false;
          const json = op.requestBody.content?.['application/json'];
          if (json?.schema) json.schema = { anyOf: [json.schema, { type: 'null' }] };
        }
      }
      return document.openapiObject;
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

const ITEM_VERBS: Record<string, string> = { GET: 'get', PATCH: 'update', PUT: 'replace', DELETE: 'delete' };
/** Collections whose name does not end in s. */
const COLLECTIVE_NOUNS = new Set(['staff']);
/** Last segments that end in s without being a collection (a file format). */
const NOT_PLURAL = new Set(['ics', 'js', 'css']);

/**
 * A route's operationId, from its method and URL alone, so it is stable while the route is
 * (client generators name their functions after it). `/api` is left out, and:
 * - an item (`…/services/:serviceId`): get, update, replace or delete + the singular → `getService`;
 * - a collection (a plural last segment): list (GET) or create (POST) + the noun → `listServices`,
 *   `createBooking`;
 * - anything else: the method + every fixed segment → `getHealth`, `updateTenant`,
 *   `postSessionLogout`, `getBookConfig`; the root `/` is `getRoot`;
 * - under `/v1` (the partner API): `partner` + the id of the rest → `partnerListBookings`;
 * - under `/platform/v1` (the platform API): `platform` + the id of the rest → `platformCreateTenant`.
 */
export function operationIdOf(method: string, url: string): string {
  // The partner API repeats dashboard paths under /v1: its operations are `partner…`
  // (`partnerListBookings`, `partnerGetBranding`).
  const [first, ...rest] = url.split('/').filter((s) => s !== '');
  if (first === 'v1') {
    const id = operationIdOf(method, `/${rest.join('/')}`);
    return `partner${id.charAt(0).toUpperCase()}${id.slice(1)}`;
  }
  if (first === 'platform' && rest[0] === 'v1') {
    const id = operationIdOf(method, `/${rest.slice(1).join('/')}`);
    return `platform${id.charAt(0).toUpperCase()}${id.slice(1)}`;
  }
  const segments = url.split('/').filter((s) => s !== '' && s !== 'api');
  const fixed = segments.filter((s) => !s.startsWith(':'));
  if (segments.length === 0) return camel([method.toLowerCase(), 'root']);
  const last = segments.at(-1) ?? '';
  const noun = fixed.at(-1) ?? '';
  const itemVerb = ITEM_VERBS[method];
  if (last.startsWith(':') && itemVerb && isCollection(noun)) return camel([itemVerb, singular(noun)]);
  if (!last.startsWith(':') && isCollection(noun)) {
    if (method === 'GET') return camel(['list', noun]);
    if (method === 'POST') return camel(['create', singular(noun)]);
  }
  return camel([itemVerb ?? method.toLowerCase(), ...fixed]);
}

function isCollection(noun: string): boolean {
  // A file name (`embed.js`) is no collection either.
  return COLLECTIVE_NOUNS.has(noun) || (/[^s]s$/.test(noun) && !NOT_PLURAL.has(noun) && !noun.includes('.'));
}

function singular(noun: string): string {
  if (COLLECTIVE_NOUNS.has(noun)) return noun;
  return noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.slice(0, -1);
}

/** `['get', 'blocked-times']` → `getBlockedTimes`. */
function camel(words: string[]): string {
  return words
    .flatMap((w) => w.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}

/** Whether a route's body schema (zod) takes a request without a body. */
function acceptsNoBody(body: unknown): boolean {
  return body instanceof z.ZodType && body.safeParse(undefined).success;
}

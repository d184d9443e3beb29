import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@svc/rules';
import { TENANT_ID_HEADER } from '../auth/api-key-guard.js';
import { rejectBodyTenantId } from '../auth/dashboard-guard.js';
import {
  checksCsrf,
  isDashboardAccess,
  isKeyAccess,
  isManageAccess,
  isPlatformAccess,
  manageActionOf,
  scopesOf,
  type Access,
  type GuardOptions,
} from '../auth/principal.js';
import type { RouteLimit } from '../limits/rate-limits.js';
import { largeAnswerSerializer } from './compiled-serializer.js';
import { ok, okEnvelope } from './envelope.js';
import { authSentence, errorResponsesOf, type OperationFacts } from './operation-docs.js';
import { operationIdOf } from './openapi.js';
import { LINKS_EXTENSION, linkObjects, type RouteLink } from './openapi-links.js';
import { inHttpTerms, type InputPart } from './service-paths.js';
import { prefersHtml } from './negotiate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** How `largeAnswer` routes write their success answer (compiled-serializer.ts). */
    largeAnswers: 'validating' | 'compiled';
  }
  interface FastifyContextConfig {
    /** The route answers a page (HTML): its errors are pages too for a browser (routes/pages/index.ts). */
    page?: boolean;
  }
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * The OpenAPI security requirement of what the guard checks (schemes declared in openapi.ts):
 * none for public and manage routes (no session, no cookie read; OpenAPI has no scheme for a
 * credential in the path, the token parameter documents itself); the session (and CSRF header)
 * for the dashboard; the Bearer key with the scope it needs for the partner API (one requirement
 * per scope when either opens the route: OpenAPI's alternatives).
 */
function securityOf(access: Access, guard: GuardOptions): Array<Record<string, string[]>> {
  if (isKeyAccess(access)) return scopesOf(access).map((scope) => ({ apiKey: [scope] }));
  if (isPlatformAccess(access)) return [{ platformKey: [] }];
  if (!isDashboardAccess(access)) return [];
  return [checksCsrf(access, guard) ? { sessionCookie: [], csrfHeader: [] } : { sessionCookie: [] }];
}

/** The header every `/v1` route needs beside the key, in the document as a header parameter. */
const partnerHeaders = z.object({
  [TENANT_ID_HEADER]: idSchema.describe("The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN."),
});

/** The route's header schema with the partner's tenant header added (key access only). */
function headersFor(access: Access, headers: z.ZodType | undefined): z.ZodType | undefined {
  if (!isKeyAccess(access)) return headers;
  if (!headers) return partnerHeaders;
  if (!(headers instanceof z.ZodObject)) throw new Error('key access needs an object header schema');
  return headers.extend(partnerHeaders.shape);
}

/**
 * The hooks of a route's auth context. Both guards run in onRequest, before the body is read, so
 * auth errors win over a malformed or oversized body as well as over validation errors, and a
 * manage token's action is checked before anything runs.
 */
function authHooks(
  app: FastifyInstance,
  access: Access,
  guard: GuardOptions,
  limits: readonly RouteLimit[],
): { onRequest?: Hook; preValidation?: Hook } {
  // The route's own limits (per IP, per tenant): before any work on public, manage and platform
  // routes; after the guard on dashboard and API-key routes, whose limits count per workspace.
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    if (limits.length > 0) await app.rateLimits.enforce(request, reply, limits);
  };
  if (access === 'public') return limits.length > 0 ? { onRequest: limited } : {};
  if (isPlatformAccess(access)) {
    return {
      onRequest: async (request, reply) => {
        await limited(request, reply);
        // The per-key limit is the guard's last check, once the key is known.
        request.platform = await app.platformKeyGuard(request, reply);
      },
    };
  }
  if (isManageAccess(access)) {
    const action = manageActionOf(access);
    return {
      onRequest: async (request, reply) => {
        await limited(request, reply);
        request.manage = await app.manageGuard((request.params as { token: string }).token, action);
      },
    };
  }
  if (isKeyAccess(access)) {
    const scopes = scopesOf(access);
    return {
      onRequest: async (request, reply) => {
        // The per-key limit is the guard's last check, once the key is known; the route's own
        // limits come after it, as on the dashboard, since their subject may be the key's workspace.
        request.partner = await app.apiKeyGuard(request, reply, scopes, { header: true });
        await limited(request, reply);
      },
    };
  }
  // A dashboard route's limits come after the guard: their subjects are the signed-in user and
  // the workspace, and every write of tenant data counts against the user's budget first. The
  // session's own routes (logout, workspace switch) are reads with CSRF and do not count: a user
  // over the budget can still sign out.
  const writes = access === 'dashboard:write' ? [DASHBOARD_WRITES] : [];
  return {
    onRequest: async (request, reply) => {
      request.dashboard = await app.dashboardGuard(request, access, guard);
      await app.rateLimits.enforce(request, reply, [...writes, ...limits]);
    },
    // The one check that needs the parsed body, still before schema validation.
    ...(guard.bodyTenantId ? {} : { preValidation: async (request) => rejectBodyTenantId(request) }),
  };
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Every dashboard write, per signed-in user across their sessions, so signing in again does not
 * refill it (docs/decisions.md "Rate and abuse limits").
 */
const DASHBOARD_WRITES: RouteLimit = {
  name: 'dashboardWrite',
  subject: (request) => request.dashboard?.principal.userId ?? '-',
};

export interface RouteDefinition<P, Q, B, H, D extends Schema> {
  method: HTTPMethods;
  url: string;
  summary: string;
  /** Rules the schemas cannot express (cross-field checks), for the OpenAPI operation. */
  description?: string;
  tags: string[];
  /**
   * Auth context; `public` (default) ignores cookies entirely. `manage:*` routes take the token
   * from the `:token` path parameter.
   */
  access?: Access;
  /** Exceptions to the dashboard guard's rules (dashboard access only); see GuardOptions. */
  guard?: GuardOptions;
  /**
   * Rate limits (limits/rate-limits.ts), checked before the auth context, except on dashboard and
   * `key:*` routes: there after the guard (their subjects are the session's or the key's
   * workspace), behind the per-user budget of every dashboard write and the per-key limit.
   */
  limits?: RouteLimit[];
  params?: P;
  querystring?: Q;
  body?: B;
  headers?: H;
  /**
   * Where the fields the handler passes to a service sit, for the paths of the violations the
   * service reports (see service-paths.ts). Default: `body` when the route has one, else `query`
   * when it has a query string, else `params`.
   */
  serviceFields?: InputPart;
  /** Schema of `data` in the success envelope (of the whole body with `produces`). */
  response: D;
  /**
   * The answer can be large (availability): in production its success envelope is written by a
   * serializer compiled from the schema, without validating it again (compiled-serializer.ts).
   */
  largeAnswer?: boolean;
  /**
   * A text media type other than JSON for the success body (e.g. `text/calendar`): the handler
   * returns the body as a string, sent as UTF-8 without the envelope. Errors keep the envelope.
   */
  produces?: string;
  /**
   * A GET that changes something (the OAuth callback that stores a connection): the audit log
   * records it like the writes (audit/audit-hooks.ts).
   */
  changes?: boolean;
  /** Success status (200 unless stated); the handler may set another via reply.code. */
  status?: number;
  /** Further success statuses the handler may answer with the same data schema (e.g. 200 on a replay). */
  alsoStatuses?: number[];
  /**
   * OpenAPI links from the success answer to the operations that take what it returns
   * (http/openapi-links.ts): every route that creates something links to the routes that use its
   * id, so clients and the fuzz's stateful phase can follow them.
   */
  links?: RouteLink[];
  /**
   * The same answer as an HTML page, sent instead of the JSON envelope when the request's Accept
   * prefers text/html (http/negotiate.ts); both carry `Vary: Accept`. Returns the page.
   */
  html?: (data: z.input<D>, request: FastifyRequest, reply: FastifyReply) => string;
  handler: (
    input: { params: Out<P>; query: Out<Q>; body: Out<B>; headers: Out<H> },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<z.input<D>>;
}

/**
 * Registers a route whose zod schemas validate the input, type the handler and document the
 * route in /openapi.json at once. The handler returns `data`; the envelope is added here (unless
 * the route `produces` another media type).
 */
export function defineRoute<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  H extends Schema | undefined,
  D extends Schema,
>(app: FastifyInstance, def: RouteDefinition<P, Q, B, H, D>): void {
  const status = def.status ?? 200;
  const access = def.access ?? 'public';
  const guard = def.guard ?? {};
  const serviceFields = def.serviceFields ?? (def.body ? 'body' : def.querystring ? 'query' : 'params');
  if (!isDashboardAccess(access) && def.guard) {
    throw new Error(`${def.method} ${def.url}: guard options need dashboard access`);
  }
  if (isManageAccess(access) && !def.url.includes('/:token')) {
    throw new Error(`${def.method} ${def.url}: manage access needs the :token path parameter`);
  }
  const auth = authHooks(app, access, guard, def.limits ?? []);
  const headers = headersFor(access, def.headers);
  const success = (schema: D) =>
    def.produces
      ? { description: 'OK', content: { [def.produces]: { schema } } }
      : def.html
        ? {
            description: 'OK: the envelope, or the HTML page when Accept prefers text/html',
            content: { 'application/json': { schema: okEnvelope(schema) }, 'text/html': { schema: z.string() } },
          }
        : okEnvelope(schema);
  const facts: OperationFacts = {
    access,
    guard,
    limited: (def.limits ?? []).length > 0,
    params: def.url.includes(':'),
    description: def.description,
  };
  app.route({
    method: def.method,
    url: def.url,
    schema: {
      summary: def.summary,
      // The auth in words beside the route's own description: renderers show OAuth scopes only.
      description: [def.description, authSentence(facts)].filter(Boolean).join('\n\n'),
      tags: def.tags,
      security: securityOf(access, guard),
      ...(def.params ? { params: def.params } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(headers ? { headers } : {}),
      ...(def.links?.length ? { [LINKS_EXTENSION]: linkObjects(def.links, operationIdOf) } : {}),
      response: {
        ...Object.fromEntries([status, ...(def.alsoStatuses ?? [])].map((code) => [code, success(def.response)])),
        ...errorResponsesOf(facts),
      },
    },
    ...auth,
    ...(def.largeAnswer && !def.produces && !def.html
      ? // Fastify types the compiler by the route's whole schema; it reads the response schemas only.
        { serializerCompiler: largeAnswerSerializer(app.largeAnswers) as never }
      : {}),
    // Pages answer their errors as pages too (errors-plugin.ts).
    config: {
      page: Boolean(def.html) || def.produces === 'text/html',
      ...(def.changes ? { audit: 'change' as const } : {}),
    },
    handler: async (request, reply) => {
      reply.code(status);
      if (def.html) reply.header('vary', 'Accept');
      const data = await def
        .handler(
          {
            params: request.params as Out<P>,
            query: request.query as Out<Q>,
            body: request.body as Out<B>,
            headers: request.headers as Out<H>,
          },
          request,
          reply,
        )
        .catch((err: unknown) => {
          throw inHttpTerms(err, serviceFields);
        });
      if (def.produces) {
        reply.type(`${def.produces}; charset=utf-8`);
        return data;
      }
      if (def.html && prefersHtml(request)) {
        reply.type('text/html; charset=utf-8');
        return def.html(data, request, reply);
      }
      return ok(data, request.id);
    },
  });
}

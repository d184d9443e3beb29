import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { rejectBodyTenantId } from '../auth/dashboard-guard.js';
import {
  checksCsrf,
  isManageAccess,
  manageActionOf,
  type Access,
  type DashboardAccess,
  type GuardOptions,
} from '../auth/principal.js';
import { errorResponses, ok, okEnvelope } from './envelope.js';
import { inHttpTerms, type InputPart } from './service-paths.js';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The OpenAPI security requirement of what the guard checks (schemes declared in openapi.ts). */
function securityOf(access: DashboardAccess, guard: GuardOptions): Record<string, string[]> {
  return checksCsrf(access, guard) ? { sessionCookie: [], csrfHeader: [] } : { sessionCookie: [] };
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
): { onRequest?: Hook; preValidation?: Hook } {
  if (access === 'public') return {};
  if (isManageAccess(access)) {
    const action = manageActionOf(access);
    return {
      onRequest: async (request) => {
        request.manage = await app.manageGuard((request.params as { token: string }).token, action);
      },
    };
  }
  return {
    onRequest: async (request) => {
      request.dashboard = await app.dashboardGuard(request, access, guard);
    },
    // The one check that needs the parsed body, still before schema validation.
    ...(guard.bodyTenantId ? {} : { preValidation: async (request) => rejectBodyTenantId(request) }),
  };
}

type Hook = (request: FastifyRequest) => Promise<void>;

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
   * A text media type other than JSON for the success body (e.g. `text/calendar`): the handler
   * returns the body as a string, sent as UTF-8 without the envelope. Errors keep the envelope.
   */
  produces?: string;
  /** Success status (200 unless stated); the handler may set another via reply.code. */
  status?: number;
  /** Further success statuses the handler may answer with the same data schema (e.g. 200 on a replay). */
  alsoStatuses?: number[];
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
  if ((access === 'public' || isManageAccess(access)) && def.guard) {
    throw new Error(`${def.method} ${def.url}: guard options need dashboard access`);
  }
  if (isManageAccess(access) && !def.url.includes('/:token')) {
    throw new Error(`${def.method} ${def.url}: manage access needs the :token path parameter`);
  }
  const auth = authHooks(app, access, guard);
  const success = (schema: D) =>
    def.produces ? { description: 'OK', content: { [def.produces]: { schema } } } : okEnvelope(schema);
  app.route({
    method: def.method,
    url: def.url,
    schema: {
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      tags: def.tags,
      // Public and manage routes say so (`[]`): no session, no cookie read. (OpenAPI has no
      // security scheme for a credential in the path; the token parameter documents itself.)
      security: access === 'public' || isManageAccess(access) ? [] : [securityOf(access, guard)],
      ...(def.params ? { params: def.params } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.headers ? { headers: def.headers } : {}),
      response: {
        ...Object.fromEntries([status, ...(def.alsoStatuses ?? [])].map((code) => [code, success(def.response)])),
        ...errorResponses,
      },
    },
    ...auth,
    handler: async (request, reply) => {
      reply.code(status);
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
      return ok(data, request.id);
    },
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../auth/principal.js';
import { defineRoute } from '../../http/route.js';
import type { Page } from './paging.js';
import { idSchema, pageOf } from './schemas.js';

/** The tenant of a dashboard request: always the session's workspace, never the request's. */
export function tenantOf(request: FastifyRequest): string {
  return principalOf(request).tenantId;
}

/**
 * The record a successful RPC must carry. Missing means the service broke its contract, so
 * this is a plain Error: logged, and INTERNAL_ERROR to the caller.
 */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`catalog answered without ${what}`);
  return value;
}

/**
 * One dashboard collection of the catalog: list, create, partial update and (where the catalog
 * has the RPC) get by id. The resource module supplies schemas and the gRPC calls; the routes,
 * access levels, statuses and documentation are the same for all, so they live here once.
 */
export interface AdminResource<
  K extends string,
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  /** Collection path, e.g. `/api/services`; items are `${path}/:${idParam}`. */
  path: string;
  idParam: K;
  tag: string;
  /** For summaries: `service` / `services`. */
  singular: string;
  plural: string;
  record: R;
  listQuery: Q;
  createBody: C;
  patchBody: U;
  list(tenantId: string, query: z.output<Q>): Promise<Page<z.input<R>>>;
  create(tenantId: string, body: z.output<C>): Promise<z.input<R>>;
  update(tenantId: string, id: string, body: z.output<U>): Promise<z.input<R>>;
  get?: (tenantId: string, id: string) => Promise<z.input<R>>;
}

export function registerAdminResource<
  K extends string,
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(app: FastifyInstance, def: AdminResource<K, R, Q, C, U>): void {
  // defineRoute types its handler input with a conditional type that stays unresolved for the
  // generic schemas here, hence the casts (idOf included) to what those schemas produce.
  const params = z.strictObject({ [def.idParam]: idSchema });
  const idOf = (p: unknown) => (p as Record<K, string>)[def.idParam];
  const itemPath = `${def.path}/:${def.idParam}`;
  const tags = [def.tag];
  const one = `${/^[aeiou]/.test(def.singular) ? 'an' : 'a'} ${def.singular}`;

  defineRoute(app, {
    method: 'GET',
    url: def.path,
    summary: `List ${def.plural}`,
    tags,
    access: 'dashboard:read',
    querystring: def.listQuery,
    response: pageOf(def.record),
    handler: async ({ query }, request) => def.list(tenantOf(request), query as z.output<Q>),
  });

  defineRoute(app, {
    method: 'POST',
    url: def.path,
    summary: `Create ${one}`,
    tags,
    access: 'dashboard:write',
    body: def.createBody,
    response: def.record,
    status: 201,
    handler: async ({ body }, request) => def.create(tenantOf(request), body as z.output<C>),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: itemPath,
    summary: `Update ${one} (partial; at least one field)`,
    tags,
    access: 'dashboard:write',
    params,
    body: def.patchBody,
    response: def.record,
    handler: async ({ params: p, body }, request) => def.update(tenantOf(request), idOf(p), body as z.output<U>),
  });

  const get = def.get;
  if (get) {
    defineRoute(app, {
      method: 'GET',
      url: itemPath,
      summary: `Get ${one}`,
      tags,
      access: 'dashboard:read',
      params,
      response: def.record,
      handler: async ({ params: p }, request) => get(tenantOf(request), idOf(p)),
    });
  }
}

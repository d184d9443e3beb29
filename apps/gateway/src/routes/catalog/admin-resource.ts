import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestTenantId, type Access, type KeyAccess } from '../../auth/principal.js';
import { linksTo, type RouteLink } from '../../http/openapi-links.js';
import { defineRoute } from '../../http/route.js';
import { toPage } from './paging.js';
import { pageOf } from './schemas.js';
import { idSchema } from '@svc/rules';

/**
 * The tenant of a dashboard or partner request: always the session's workspace or the API key's
 * tenant, never one the request names.
 */
export function tenantOf(request: FastifyRequest): string {
  return requestTenantId(request);
}

/**
 * The record a successful RPC must carry. Missing means the service broke its contract, so
 * this is a plain Error: logged, and INTERNAL_ERROR to the caller.
 */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the service answered without ${what}`);
  return value;
}

/**
 * Where a collection is served: the dashboard's `/api` (a session: read roles list and get, write
 * roles create and update), or the partner API's `/v1` with an API key of the scopes named here
 * (docs/decisions.md "Partner API"). One module registers both, so payloads and rules are one.
 */
export type AdminSurface = { prefix: '/api' } | { prefix: '/v1'; access: { read: KeyAccess; write: KeyAccess } };
export const DASHBOARD_SURFACE: AdminSurface = { prefix: '/api' };
/** The catalog's collections in the partner API. */
export const PARTNER_CATALOG: AdminSurface = {
  prefix: '/v1',
  access: { read: 'key:catalog:read', write: 'key:catalog:write' },
};

/** The path, access and tag of `collection` (e.g. `services`) on a surface; `/v1`'s are tagged `partner API`. */
export function onSurface(surface: AdminSurface, collection: string, tag: string) {
  return 'access' in surface
    ? { path: `${surface.prefix}/${collection}`, access: surface.access, tag: 'partner API' }
    : { path: `${surface.prefix}/${collection}`, tag };
}

/**
 * One collection (the catalog's, the customers): list, create, partial update and
 * (where the service has the RPC) get by id. The resource module supplies schemas and the gRPC calls; the routes,
 * access levels, statuses and documentation are the same for all, so they live here once.
 */
export interface AdminResource<
  K extends string,
  F extends string,
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  /** Collection path, e.g. `/api/services`; items are `${path}/:${idParam}`. */
  path: string;
  /**
   * Who may list/get and create/update: the dashboard's read and write access by default; `list`
   * when the list takes others than `read` (GET /v1/services, also booking:read).
   */
  access?: { read: Access; write: Access; list?: Access };
  idParam: K;
  tag: string;
  /** For summaries: `service` / `services`. */
  singular: string;
  plural: string;
  record: R;
  /** The response message's field that carries the record, e.g. `staff`, `rule`. */
  field: F;
  /**
   * Links from a created record to other operations that take its id, besides its own get and
   * update (which every record gets, from its create, its list and its update).
   */
  createdLinks?: RouteLink[];
  /** Rules of the list, create and update bodies that the schemas cannot express (OpenAPI descriptions). */
  rules?: { list?: string; create?: string; update?: string };
  listQuery: Q;
  createBody: C;
  patchBody: U;
  /** The RPCs, answered as the service answers them. */
  list(tenantId: string, query: z.output<Q>): Promise<ListResponse<z.input<R>>>;
  create(tenantId: string, body: z.output<C>): Promise<RecordResponse<F, z.input<R>>>;
  update(tenantId: string, id: string, body: z.output<U>): Promise<RecordResponse<F, z.input<R>>>;
  get?: (tenantId: string, id: string) => Promise<RecordResponse<F, z.input<R>>>;
}

type RecordResponse<F extends string, T> = { [key in F]?: T | undefined };
type ListResponse<T> = Parameters<typeof toPage<T>>[0];

export function registerAdminResource<
  K extends string,
  F extends string,
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(app: FastifyInstance, def: AdminResource<K, F, R, Q, C, U>): void {
  const record = async (response: Promise<RecordResponse<F, z.input<R>>>): Promise<z.input<R>> =>
    present((await response)[def.field] as z.input<R> | undefined, def.field);
  // defineRoute types its handler input with a conditional type that stays unresolved for the
  // generic schemas here, hence the casts (idOf included) to what those schemas produce.
  const params = z.strictObject({ [def.idParam]: idSchema });
  const idOf = (p: unknown) => (p as Record<K, string>)[def.idParam];
  const itemPath = `${def.path}/:${def.idParam}`;
  const tags = [def.tag];
  const one = `${/^[aeiou]/.test(def.singular) ? 'an' : 'a'} ${def.singular}`;
  const access: NonNullable<typeof def.access> = def.access ?? { read: 'dashboard:read', write: 'dashboard:write' };
  const { read, write, list: listAccess = read } = access;
  /** Links to this record's get (where there is one) and update, its id at `from` in the answer. */
  const itemLinks = (from: string, except?: string): RouteLink[] =>
    linksTo([...(def.get ? [`GET ${itemPath}`] : []), `PATCH ${itemPath}`], def.idParam, from, except);

  defineRoute(app, {
    method: 'GET',
    url: def.path,
    summary: `List ${def.plural}`,
    ...(def.rules?.list ? { description: def.rules.list } : {}),
    tags,
    access: listAccess,
    querystring: def.listQuery,
    response: pageOf(def.record),
    links: itemLinks(`items/0/${def.idParam}`),
    handler: async ({ query }, request) => toPage(await def.list(tenantOf(request), query as z.output<Q>)),
  });

  defineRoute(app, {
    method: 'POST',
    url: def.path,
    summary: `Create ${one}`,
    ...(def.rules?.create ? { description: def.rules.create } : {}),
    tags,
    access: write,
    body: def.createBody,
    response: def.record,
    status: 201,
    links: [...itemLinks(def.idParam), ...(def.createdLinks ?? [])],
    handler: ({ body }, request) => record(def.create(tenantOf(request), body as z.output<C>)),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: itemPath,
    summary: `Update ${one} (partial; at least one field)`,
    ...(def.rules?.update ? { description: def.rules.update } : {}),
    tags,
    access: write,
    params,
    body: def.patchBody,
    response: def.record,
    links: itemLinks(def.idParam, `PATCH ${itemPath}`),
    handler: ({ params: p, body }, request) => record(def.update(tenantOf(request), idOf(p), body as z.output<U>)),
  });

  const get = def.get;
  if (get) {
    defineRoute(app, {
      method: 'GET',
      url: itemPath,
      summary: `Get ${one}`,
      tags,
      access: read,
      params,
      response: def.record,
      handler: ({ params: p }, request) => record(get(tenantOf(request), idOf(p))),
    });
  }
}

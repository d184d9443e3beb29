import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Access } from '../auth/principal.js';
import { linksTo, type RouteLink } from '../http/openapi-links.js';
import { defineRoute } from '../http/route.js';
import { pageOf, toPage } from './paging.js';
import { present } from './present.js';
import { tenantOf } from './request-tenant.js';
import { idSchema } from '@svc/rules';

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

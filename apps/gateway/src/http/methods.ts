import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { DomainError } from '@svc/errors';
import { failure } from './envelope.js';

/**
 * Which methods each registered path answers, matched with Fastify's own router (find-my-way,
 * same defaults), so "does this path exist" means exactly what routing means.
 */
export interface RouteTable {
  record(method: string | string[], url: string): void;
  /** The methods a concrete path (query string allowed) supports, sorted; empty when no route matches. */
  allowedAt(path: string): string[];
  /**
   * Whether `path` (no query string) is itself a registered pattern without parameters, such as
   * `/api/integrations/caldav` beside `/api/integrations/:connectionId`.
   */
  isStaticPattern(path: string): boolean;
}

export function createRouteTable(): RouteTable {
  // One entry per URL pattern; its store is the set of methods registered on that pattern.
  const router = FindMyWay();
  const byPattern = new Map<string, Set<string>>();
  return {
    record(method, url) {
      let methods = byPattern.get(url);
      if (!methods) {
        methods = new Set();
        byPattern.set(url, methods);
        router.on('GET', url, () => undefined, methods);
      }
      for (const m of [method].flat()) methods.add(m.toUpperCase());
    },
    allowedAt(path) {
      let found: ReturnType<typeof router.find> = null;
      try {
        found = router.find('GET', path);
      } catch {
        // A URL the router cannot decode matches nothing.
      }
      return found ? [...(found.store as Set<string>)].sort() : [];
    },
    isStaticPattern(path) {
      return !path.includes(':') && !path.includes('*') && byPattern.has(path);
    },
  };
}

/**
 * The one rule for a method a path does not support (docs/api-conventions.md "Methods"): a path
 * that exists answers 405 with `Allow` listing what it supports, whatever the method (a known
 * one such as DELETE, or CONNECT, QUERY, FOO); a path that does not exist answers 404.
 */
export function unsupportedMethod(
  table: RouteTable,
  method: string,
  target: string,
): {
  error: DomainError;
  allow?: string;
} {
  const path = target.split('?')[0] ?? '';
  const allowed = table.allowedAt(target);
  // A route that takes the method and found nothing (reply.callNotFound: a file its folder does not
  // hold, /docs/static/*) is a 404 as well, not a 405 that allows the method asked.
  if (allowed.length === 0 || allowed.includes(method.toUpperCase())) {
    return { error: new DomainError('NOT_FOUND', `No route for ${method} ${path}.`) };
  }
  const message = `${method} is not allowed on ${path}; it allows ${allowed.join(', ')}.`;
  return {
    error: new DomainError('VALIDATION_ERROR', message, [{ path: 'method', message }], { httpStatus: 405 }),
    allow: allowed.join(', '),
  };
}

/**
 * A request the router gave to a parametric route although its path is a static one of another
 * method: `PATCH /api/integrations/caldav` reaches `PATCH /api/integrations/:connectionId` with
 * the id `caldav`. The OpenAPI document (like OpenAPI itself) matches a concrete path before a
 * templated one, so that path exists and does not allow the method: 405, not a 400 on the id.
 */
function shadowedByStaticPath(table: RouteTable, request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  if (routed === undefined || !routed.includes(':')) return false;
  const path = request.url.split('?')[0] ?? '';
  return table.isStaticPattern(path);
}

/**
 * Records every route as it is added, and answers every request the router found no route for
 * with 404 or 405. The answer comes from an onRequest hook, before the body is read, so a QUERY
 * without content type or a text/plain body to an unknown path is still a plain 404 or 405; the
 * not-found handler (reached only through reply.callNotFound) answers the same way. Register
 * after the hook that sets x-request-id.
 */
export function registerMethodRules(app: FastifyInstance, table: RouteTable): void {
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const { error, allow } = unsupportedMethod(table, request.method, request.url);
    if (allow) reply.header('allow', allow);
    return reply.code(error.httpStatus).send(failure(error, request.id));
  };
  app.addHook('onRoute', (route) => table.record(route.method, route.url));
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404 || shadowedByStaticPath(table, request)) answer(request, reply);
    else done();
  });
  app.setNotFoundHandler(answer);
}

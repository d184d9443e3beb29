import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { defineRoute, type RouteDefinition } from './route.js';

type Schema = z.ZodType;
/** What every route of a group may share. */
type Shared = Pick<
  RouteDefinition<undefined, undefined, undefined, undefined, Schema>,
  'tags' | 'access' | 'guard' | 'limits'
>;

/**
 * `defineRoute` for a group of routes that share their tags, access, guard or limits (the platform
 * API, the manage link, the tenant export): each route states only what is its own, and may
 * still override a shared member.
 */
export function routeGroup<S extends Partial<Shared>>(app: FastifyInstance, shared: S) {
  return <
    P extends Schema | undefined,
    Q extends Schema | undefined,
    B extends Schema | undefined,
    H extends Schema | undefined,
    D extends Schema,
  >(
    def: Omit<RouteDefinition<P, Q, B, H, D>, keyof S> & Partial<Shared>,
  ): void => defineRoute(app, { ...shared, ...def } as unknown as RouteDefinition<P, Q, B, H, D>);
}

import type { FastifyRequest } from 'fastify';
import type { commonV1 } from '@svc/proto';
import { principalOf } from '../../auth/principal.js';

/** The tenant of a dashboard request: always the session's workspace, never the request's. */
export function tenantOf(request: FastifyRequest): string {
  return principalOf(request).tenantId;
}

/** HTTP `limit`/`cursor` as the RPC's PageRequest (an absent cursor is the first page). */
export function pageRequest(query: { limit: number; cursor?: string | undefined }): commonV1.PageRequest {
  return { limit: query.limit, cursor: query.cursor ?? '' };
}

/** A list response as `{ items, nextCursor }`; proto3 has no null, the last page's cursor is ''. */
export function toPage<T>(res: { items: T[]; page?: commonV1.PageResponse | undefined }): {
  items: T[];
  nextCursor: string | null;
} {
  return { items: res.items, nextCursor: res.page?.nextCursor || null };
}

/**
 * The record a successful RPC must carry. Missing means the service broke its contract, so
 * this is a plain Error: logged, and INTERNAL_ERROR to the caller.
 */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`catalog answered without ${what}`);
  return value;
}

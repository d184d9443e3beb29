import type { FastifyRequest } from 'fastify';
import { requestTenantId } from '../auth/principal.js';

/**
 * The tenant of a dashboard or partner request: always the session's workspace or the API key's
 * tenant, never one the request names.
 */
export function tenantOf(request: FastifyRequest): string {
  return requestTenantId(request);
}

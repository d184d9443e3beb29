import type { FastifyRequest } from 'fastify';
import type { Surface } from '@svc/grpc';
import type { auditV1 } from '@svc/proto';
import { clientNetworkKey } from '@svc/rules';

/** IPv6 clients are recorded by their /64 (one subscriber's network), not their address. */
const IPV6_PREFIX_BITS = 64;

/** The client's address as the record keeps it: IPv4 as it is, IPv6 cut to its /64. */
export const recordedAddress = (ip: string): string => clientNetworkKey(ip, IPV6_PREFIX_BITS);

/**
 * Who asks for a change in this request, or null when no auth context resolved a caller (public
 * and manage routes are not audited). The session's user with their role, the API key, or the
 * platform key acting on the tenant its path names ('' for a create: the answer names it).
 */
export function changeContextOf(request: FastifyRequest, surface?: Surface): auditV1.ChangeContext | null {
  const common = { requestId: request.id, clientAddress: recordedAddress(request.ip) };
  if (request.dashboard) {
    const { userId, role, tenantId } = request.dashboard.principal;
    return { ...common, tenantId, surface: surface ?? 'dashboard', actor: { type: 'user', id: userId, role } };
  }
  if (request.partner) {
    const { apiKeyId, tenantId } = request.partner.apiKey;
    return { ...common, tenantId, surface: surface ?? 'partner', actor: { type: 'api_key', id: apiKeyId } };
  }
  if (request.platform) {
    const tenantId = (request.params as { tenantId?: string } | undefined)?.tenantId ?? '';
    const actor = { type: 'platform_key', id: request.platform.platformKey.platformKeyId };
    return { ...common, tenantId, surface: surface ?? 'platform', actor };
  }
  return null;
}

/**
 * The setup wizard's change (docs/decisions.md "First start"): no credential yet, so the actor is
 * the operator holding the setup link; the tenant comes from the answer.
 */
export function setupChangeContext(request: FastifyRequest): auditV1.ChangeContext {
  return {
    requestId: request.id,
    clientAddress: recordedAddress(request.ip),
    tenantId: '',
    surface: 'setup',
    actor: { type: 'operator', id: 'setup-link' },
  };
}

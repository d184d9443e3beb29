import type { FastifyInstance } from 'fastify';
import type { EventBus } from '@svc/events';
import type { IdentityClient } from '@svc/grpc';
import type { Logger } from '@svc/telemetry';
import { CredentialCache } from './credential-cache.js';
import { GatewayIdentity } from './identity-client.js';
import { IdentityChanges } from './identity-changes.js';

export interface IdentityDeps {
  client: IdentityClient;
  /** Where identity.events come from, and this process's consumer group; without them nothing is cached. */
  events?: { bus: EventBus; groupId: string } | undefined;
  /** How long a cached decision lives at most (IDENTITY_CACHE_TTL_MS); 0 caches nothing. */
  cacheTtlMs: number;
  logger: Logger;
}

/**
 * The gateway's identity: the client module with its credential cache, and the identity.events
 * consumer that drops cached entries (docs/decisions.md "Identity service"). A gateway that does
 * not read the events caches nothing, so a revoke is never served from a stale entry.
 */
export async function registerIdentity(app: FastifyInstance, deps: IdentityDeps): Promise<GatewayIdentity> {
  const identity = new GatewayIdentity(deps.client, new CredentialCache(deps.events ? deps.cacheTtlMs : 0));
  if (deps.events) {
    const changes = new IdentityChanges(deps.events.bus, deps.events.groupId, (c) => identity.changed(c), deps.logger);
    await changes.start();
    app.addHook('onClose', () => changes.close());
  }
  return identity;
}

import { eventBusFromConfig, type EventBus } from '@svc/events';
import type { Logger } from '@svc/telemetry';
import { gatewaySettings, rateLimitStore, type GatewayConfig } from './config.js';
import { InMemoryCounters, RedisCounters, type RateCounters } from './limits/counters.js';
import { IdentityChanges } from './identity/identity-changes.js';
import { LiveBookingFeed } from './live/booking-feed.js';
import { startGateway, type RunningGateway } from './start.js';

/**
 * The gateway as its configuration describes it: main.ts and the embedded platform start it so.
 * Unset service addresses are the services' default ports on this host.
 */
export async function startGatewayFromConfig(
  config: GatewayConfig,
  logger: Logger,
  adapters: { bus?: EventBus } = {},
): Promise<RunningGateway> {
  return startGateway({
    ...liveSource(config, adapters.bus),
    rateCounters: await rateCountersFor(config, logger),
    host: config.HOST,
    port: config.PORT,
    logger,
    settings: gatewaySettings(config, config.PORT),
    addresses: {
      catalog: config.CATALOG_GRPC_ADDR ?? '127.0.0.1:50051',
      booking: config.BOOKING_GRPC_ADDR ?? '127.0.0.1:50052',
      customer: config.CUSTOMER_GRPC_ADDR ?? '127.0.0.1:50053',
      'webhook-dispatcher': config.WEBHOOKS_GRPC_ADDR ?? '127.0.0.1:50054',
      identity: config.IDENTITY_GRPC_ADDR ?? '127.0.0.1:50057',
      // Distributed without the setting: no integrations service deployed (docs/operations.md).
      integrations: config.INTEGRATIONS_GRPC_ADDR ?? (config.PROFILE === 'distributed' ? undefined : '127.0.0.1:50055'),
      notifications:
        config.NOTIFICATIONS_GRPC_ADDR ?? (config.PROFILE === 'distributed' ? undefined : '127.0.0.1:50056'),
    },
  });
}

/**
 * Where GET /api/live reads the booking events: the embedded platform's shared bus (one process,
 * so one fixed consumer group, journaled like every other), or Kafka with a group per process
 * starting at what is new (docs/operations.md "Live updates"). identity.events come the same
 * way, for the credential cache. A gateway with neither (embedded, started on its own) has no
 * live route and caches no identity decision.
 */
function liveSource(config: GatewayConfig, bus: EventBus | undefined) {
  if (bus) {
    return {
      live: { bus, groupId: 'gateway-live', owned: false },
      identityEvents: { bus, groupId: 'gateway-identity' },
    };
  }
  if (!config.KAFKA_BROKERS) return {};
  const kafka = eventBusFromConfig(config, 'gateway');
  return {
    live: { bus: kafka, groupId: LiveBookingFeed.groupIdForProcess(), owned: true },
    // identity.events the same way: each process its own group, so every replica drops its entries.
    identityEvents: { bus: kafka, groupId: IdentityChanges.groupIdForProcess() },
  };
}

/**
 * Rate limit counters in Redis when the profile or RATE_LIMIT_STORE says so (every replica then
 * shares one budget), else in memory. Commands answer within 250 ms, so an outage costs a
 * limited request at most that before its route's outage policy decides (limits/rate-limits.ts).
 */
async function rateCountersFor(config: GatewayConfig, logger: Logger): Promise<RateCounters> {
  if (config.RATE_LIMITS === 'off' || rateLimitStore(config) === 'memory' || !config.REDIS_URL) {
    return new InMemoryCounters();
  }
  return RedisCounters.open({
    url: config.REDIS_URL,
    commandTimeoutMs: 250,
    onError: (err) => logger.debug({ err }, 'rate limit Redis connection error'),
  });
}

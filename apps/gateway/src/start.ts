import type { EventBus } from '@svc/events';
import type { Logger } from '@svc/telemetry';
import { buildGateway } from './app.js';
import type { GatewaySettings } from './config.js';
import { connectDownstream, type ServiceAddresses } from './downstream/services.js';
import type { RateCounters } from './limits/counters.js';

export interface RunningGateway {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Builds the gateway, listens, and stops by draining HTTP first, then closing gRPC channels. */
export async function startGateway(opts: {
  host: string;
  port: number;
  addresses: ServiceAddresses;
  logger: Logger;
  settings: GatewaySettings;
  /** Owned from here on: closed when the gateway stops (in memory when absent). */
  rateCounters?: RateCounters;
  /** The live updates' source (GatewayDeps.live); an `owned` bus is closed when the gateway stops. */
  live?: { bus: EventBus; groupId: string; owned: boolean };
  /** identity.events (GatewayDeps.identityEvents), on the live updates' bus. */
  identityEvents?: { bus: EventBus; groupId: string };
}): Promise<RunningGateway> {
  const downstream = connectDownstream(opts.addresses);
  const app = await buildGateway({
    logger: opts.logger,
    downstream,
    settings: opts.settings,
    ...(opts.rateCounters ? { rateCounters: opts.rateCounters } : {}),
    ...(opts.live ? { live: opts.live } : {}),
    ...(opts.identityEvents ? { identityEvents: opts.identityEvents } : {}),
  });
  try {
    await app.listen({ host: opts.host, port: opts.port });
  } catch (err) {
    // Nothing listens, so nothing else would release what the gateway owns.
    await app.close();
    downstream.close();
    if (opts.live?.owned) await opts.live.bus.close();
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    url: `http://${opts.host}:${port}`,
    port,
    async stop() {
      await app.close();
      downstream.close();
        if (opts.live?.owned) await opts.live.bus.close();
    },
  };
}

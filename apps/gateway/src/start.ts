import type { Logger } from '@svc/telemetry';
import { buildGateway } from './app.js';
import { connectDownstream, type ServiceAddresses } from './downstream/services.js';

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
}): Promise<RunningGateway> {
  const downstream = connectDownstream(opts.addresses);
  const app = await buildGateway({ logger: opts.logger, downstream });
  await app.listen({ host: opts.host, port: opts.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    url: `http://${opts.host}:${port}`,
    port,
    async stop() {
      await app.close();
      downstream.close();
    },
  };
}

import { connectService } from '@svc/grpc';
import { integrationsV1 } from '@svc/proto';
import { createLogger } from '@svc/telemetry';
import { startIntegrations, type IntegrationsDeps } from '../src/index.js';

/**
 * The integrations service as these tests run it: gRPC on a free loopback port, logging nothing
 * (as `name`), busy times cached a minute, a provider answer bounded to 3 s and 1 MiB; `deps`
 * the rest. Answers the running host and a gRPC client of it.
 */
export async function startTestIntegrations(
  name: string,
  deps: Omit<IntegrationsDeps, 'logger' | 'busyCacheMs' | 'providerTimeoutMs' | 'providerMaxResponseBytes'>,
) {
  const host = await startIntegrations(
    { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
    {
      logger: createLogger(name, 'silent'),
      busyCacheMs: 60_000,
      providerTimeoutMs: 3_000,
      providerMaxResponseBytes: 1024 * 1024,
      ...deps,
    },
  );
  return { host, client: connectService(integrationsV1.IntegrationServiceService, host.address) };
}

import { z } from 'zod';
import { probeHealth } from '@svc/grpc';
import { SERVICE_NAMES, type Downstream, type ServiceName } from '../downstream/services.js';

/** How long each service has to answer its gRPC Health check (docs/api-conventions.md "GET /health"). */
const PROBE_DEADLINE_MS = 1_500;

export const serviceStatusSchema = z.enum(['SERVING', 'NOT_SERVING', 'UNREACHABLE']);
export type ServiceStatus = z.output<typeof serviceStatusSchema>;

/**
 * Each service's answer to `grpc.health.v1.Health/Check`, probed at once, in SERVICE_NAMES order:
 * only the services this gateway was given (integrations and notifications may not be deployed).
 * GET /health and the front door (GET /) both show these states.
 */
export async function probeServices(health: Downstream['health']): Promise<Array<[ServiceName, ServiceStatus]>> {
  return Promise.all(
    SERVICE_NAMES.flatMap((name) => {
      const client = health[name];
      return client ? [(async (): Promise<[ServiceName, ServiceStatus]> => [name, await probeHealth(client, PROBE_DEADLINE_MS)])()] : [];
    }),
  );
}

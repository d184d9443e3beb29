import { healthV1 } from '@svc/proto';
import { connectService, type ServiceClient } from './service-client.js';

export type ServingState = 'SERVING' | 'NOT_SERVING' | 'UNREACHABLE';

const DEFAULT_PROBE_DEADLINE_MS = 1_500;

export type HealthClient = ServiceClient<typeof healthV1.HealthService>;

/**
 * Asks a grpc.health.v1 client about `service` ("" = the whole server) within `deadlineMs`.
 * Never throws: a failed call (unreachable, deadline, unknown service) is UNREACHABLE.
 */
export async function probeHealth(
  client: HealthClient,
  deadlineMs = DEFAULT_PROBE_DEADLINE_MS,
  service = '',
): Promise<ServingState> {
  try {
    const res = await client.check({ service }, { deadlineMs });
    return res.status === healthV1.HealthCheckResponse_ServingStatus.SERVING ? 'SERVING' : 'NOT_SERVING';
  } catch {
    return 'UNREACHABLE';
  }
}

/** `probeHealth` over a channel of its own to `address`, closed afterwards. */
export async function checkHealth(
  address: string,
  service = '',
  deadlineMs = DEFAULT_PROBE_DEADLINE_MS,
): Promise<ServingState> {
  const client = connectService(healthV1.HealthService, address);
  try {
    return await probeHealth(client, deadlineMs, service);
  } finally {
    client.close();
  }
}

import { healthV1 } from '@svc/proto';
import { callUnary, createClient } from './client.js';

export type ServingState = 'SERVING' | 'NOT_SERVING' | 'UNREACHABLE';

/** Asks a server's grpc.health.v1 service for `service` ("" = the whole server). */
export async function checkHealth(address: string, service = '', deadlineMs = 1_500): Promise<ServingState> {
  const client = createClient(healthV1.HealthClient, address);
  try {
    const res = await callUnary(client.check.bind(client), { service }, deadlineMs);
    return res.status === healthV1.HealthCheckResponse_ServingStatus.SERVING ? 'SERVING' : 'NOT_SERVING';
  } catch {
    return 'UNREACHABLE';
  } finally {
    client.close();
  }
}

import { startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';

export const CUSTOMER_SERVICE_NAME = 'customer.v1.CustomerService';

/** Customer records per tenant over gRPC. Owns (and closes) the store. */
export function startCustomerService(
  settings: HostSettings,
  deps: { logger: Logger; store: DocumentStore },
): Promise<RunningGrpcHost> {
  return startGrpcHost({
    name: 'customer',
    settings,
    logger: deps.logger,
    services: [],
    healthNames: [CUSTOMER_SERVICE_NAME],
    resources: { store: deps.store },
  });
}

import { serviceNameOf, startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import { customerV1 } from '@svc/proto';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { customerService } from './rpc/customer-rpc.js';
import { CustomerRepository } from './store/customer-repository.js';
import { startSearchBackfill } from './store/search-backfill.js';

export const CUSTOMER_SERVICE_NAME = serviceNameOf(customerV1.CustomerServiceService);

export interface CustomerServiceDeps {
  logger: Logger;
  store: DocumentStore;
  /** Epoch ms; tests pin it. */
  clock?: () => number;
}

/** Customer records per tenant over gRPC. Owns (and closes) the store. */
export async function startCustomerService(
  settings: HostSettings,
  deps: CustomerServiceDeps,
): Promise<RunningGrpcHost> {
  const repo = new CustomerRepository(deps.store, { clock: deps.clock });
  let backfill: { stop(): Promise<void> } | undefined;
  const host = await startGrpcHost({
    name: 'customer',
    settings,
    logger: deps.logger,
    services: [customerService(repo)],
    resources: { store: deps.store },
    onStopping: async () => backfill?.stop(),
    // Before serving: the unique keys must exist before the first write relies on them.
    prepare: () => repo.ensureIndexes(),
  });
  // In the background: customers without search keys are found once it reaches them (store/search-backfill.ts).
  backfill = startSearchBackfill(repo, deps.logger);
  return host;
}

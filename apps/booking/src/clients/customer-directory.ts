import { callUnary } from '@svc/grpc';
import type { customerV1 } from '@svc/proto';
import type { CustomerDirectory, CustomerInput, CustomerSnapshot } from '../application/ports.js';

/** The customer service over gRPC. */
export function customerDirectory(client: customerV1.CustomerServiceClient): CustomerDirectory {
  return {
    async lookupOrCreate(tenantId: string, input: CustomerInput): Promise<CustomerSnapshot> {
      const { customer } = await callUnary(client.lookupOrCreateCustomer.bind(client), { tenantId, fields: input });
      if (!customer) throw new Error('customer service answered without a customer');
      return { customerId: customer.customerId, name: customer.name, primaryEmail: customer.primaryEmail ?? null };
    },
  };
}

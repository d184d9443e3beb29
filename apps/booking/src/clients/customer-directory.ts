import { type CustomerClient } from '@svc/grpc';
import type { CustomerDirectory, CustomerInput, CustomerSnapshot } from '../application/ports.js';

/** The customer service over gRPC. */
export function customerDirectory(client: CustomerClient): CustomerDirectory {
  return {
    async lookupOrCreate(tenantId: string, input: CustomerInput): Promise<CustomerSnapshot> {
      const { customer } = await client.lookupOrCreateCustomer({ tenantId, fields: input });
      if (!customer) throw new Error('customer service answered without a customer');
      return { customerId: customer.customerId, name: customer.name, primaryEmail: customer.primaryEmail ?? null };
    },
  };
}

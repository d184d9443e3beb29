import { type CustomerClient } from '@svc/grpc';
import type { customerV1 } from '@svc/proto';
import type { CustomerDirectory, CustomerInput, CustomerSnapshot } from '../application/ports.js';

/** The customer service over gRPC. */
export function customerDirectory(client: CustomerClient): CustomerDirectory {
  return {
    async lookupOrCreate(tenantId: string, input: CustomerInput): Promise<CustomerSnapshot> {
      return snapshotOf((await client.lookupOrCreateCustomer({ tenantId, fields: input })).customer);
    },
    async byId(tenantId: string, customerId: string): Promise<CustomerSnapshot> {
      return snapshotOf((await client.getCustomer({ tenantId, customerId })).customer);
    },
    async erase(tenantId: string, customerId: string): Promise<void> {
      await client.eraseCustomer({ tenantId, customerId });
    },
  };
}

function snapshotOf(customer: customerV1.Customer | undefined): CustomerSnapshot {
  if (!customer) throw new Error('customer service answered without a customer');
  return {
    customerId: customer.customerId,
    name: customer.name,
    primaryEmail: customer.primaryEmail ?? null,
    erased: customer.status === 'erased',
  };
}

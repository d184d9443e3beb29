/** customer.v1.CustomerService: request checks and mapping around the repository. */
import { notFound, requireTenantId } from '@svc/errors';
import { bindService, type ServiceBinding } from '@svc/grpc';
import { customerV1 } from '@svc/proto';
import { parseCreateFields, parseLookupFields, parseUpdateFields } from '../domain/fields.js';
import { parseListRequest } from '../store/paging.js';
import { ContactInUseError, CustomerErasedError, type CustomerRepository } from '../store/customer-repository.js';
import { contactInUse, customerErased, toProtoCustomer } from './mapping.js';

function rethrowContactInUse(err: unknown): never {
  if (err instanceof CustomerErasedError) throw customerErased();
  throw err instanceof ContactInUseError ? contactInUse(err) : err;
}

export function customerService(repo: CustomerRepository): ServiceBinding {
  return bindService(customerV1.CustomerServiceService, {
    lookupOrCreateCustomer: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const fields = parseLookupFields(req.fields ?? {});
      const { customer, created } = await repo.lookupOrCreate(tenantId, fields);
      return { customer: toProtoCustomer(customer), created };
    },

    createCustomer: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const fields = parseCreateFields(req.fields ?? {});
      const customer = await repo.create(tenantId, fields).catch(rethrowContactInUse);
      return { customer: toProtoCustomer(customer) };
    },

    getCustomer: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const customer = req.customerId === '' ? null : await repo.get(tenantId, req.customerId);
      if (!customer) throw notFound('Customer');
      return { customer: toProtoCustomer(customer) };
    },

    listCustomers: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const list = parseListRequest({ limit: req.page?.limit ?? 0, cursor: req.page?.cursor ?? '', query: req.query });
      const page = await repo.list(tenantId, list);
      return { items: page.items.map(toProtoCustomer), page: { nextCursor: page.nextCursor ?? '' } };
    },

    updateCustomer: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const changes = parseUpdateFields(req.fields ?? {});
      const customer =
        req.customerId === '' ? null : await repo.update(tenantId, req.customerId, changes).catch(rethrowContactInUse);
      if (!customer) throw notFound('Customer');
      return { customer: toProtoCustomer(customer) };
    },

    eraseCustomer: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const customer = req.customerId === '' ? null : await repo.erase(tenantId, req.customerId);
      if (!customer) throw notFound('Customer');
      return { customer: toProtoCustomer(customer) };
    },
  });
}

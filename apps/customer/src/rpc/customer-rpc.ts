/** customer.v1.CustomerService: request checks and mapping around the repository. */
import type { UntypedServiceImplementation } from '@grpc/grpc-js';
import { notFound, validationError } from '@svc/errors';
import { unary } from '@svc/grpc';
import type { customerV1 } from '@svc/proto';
import type { Logger } from '@svc/telemetry';
import { BODY_PATHS, parseCreateFields, parseLookupFields, parseUpdateFields } from '../domain/fields.js';
import { encodeCursor, parseListRequest } from '../domain/paging.js';
import { ContactInUseError, type CustomerRepository } from '../store/customer-repository.js';
import { contactInUse, toProtoCustomer } from './mapping.js';

/** The tenant is set by the gateway or the booking service, never by an end user; an empty one is a caller bug. */
function requireTenant(tenantId: string): string {
  if (tenantId === '') throw validationError([{ path: 'tenantId', message: 'is required' }]);
  return tenantId;
}

function rethrowContactInUse(err: unknown): never {
  throw err instanceof ContactInUseError ? contactInUse(err, BODY_PATHS) : err;
}

export function customerServiceImplementation(repo: CustomerRepository, logger: Logger): UntypedServiceImplementation {
  const lookupOrCreateCustomer = unary<
    customerV1.LookupOrCreateCustomerRequest,
    customerV1.LookupOrCreateCustomerResponse
  >('customer.v1.CustomerService/LookupOrCreateCustomer', logger, async (req) => {
    const tenantId = requireTenant(req.tenantId);
    const fields = parseLookupFields(req.fields ?? {});
    const { customer, created } = await repo.lookupOrCreate(tenantId, fields);
    return { customer: toProtoCustomer(customer), created };
  });

  const createCustomer = unary<customerV1.CreateCustomerRequest, customerV1.CreateCustomerResponse>(
    'customer.v1.CustomerService/CreateCustomer',
    logger,
    async (req) => {
      const tenantId = requireTenant(req.tenantId);
      const fields = parseCreateFields(req.fields ?? {});
      const customer = await repo.create(tenantId, fields).catch(rethrowContactInUse);
      return { customer: toProtoCustomer(customer) };
    },
  );

  const getCustomer = unary<customerV1.GetCustomerRequest, customerV1.GetCustomerResponse>(
    'customer.v1.CustomerService/GetCustomer',
    logger,
    async (req) => {
      const tenantId = requireTenant(req.tenantId);
      const customer = req.customerId === '' ? null : await repo.get(tenantId, req.customerId);
      if (!customer) throw notFound('Customer');
      return { customer: toProtoCustomer(customer) };
    },
  );

  const listCustomers = unary<customerV1.ListCustomersRequest, customerV1.ListCustomersResponse>(
    'customer.v1.CustomerService/ListCustomers',
    logger,
    async (req) => {
      const tenantId = requireTenant(req.tenantId);
      const list = parseListRequest({ limit: req.page?.limit ?? 0, cursor: req.page?.cursor ?? '', query: req.query });
      const page = await repo.list(tenantId, list);
      return { items: page.items.map(toProtoCustomer), page: { nextCursor: page.next ? encodeCursor(page.next) : '' } };
    },
  );

  const updateCustomer = unary<customerV1.UpdateCustomerRequest, customerV1.UpdateCustomerResponse>(
    'customer.v1.CustomerService/UpdateCustomer',
    logger,
    async (req) => {
      const tenantId = requireTenant(req.tenantId);
      const changes = parseUpdateFields(req.fields ?? {});
      const customer =
        req.customerId === '' ? null : await repo.update(tenantId, req.customerId, changes).catch(rethrowContactInUse);
      if (!customer) throw notFound('Customer');
      return { customer: toProtoCustomer(customer) };
    },
  );

  const implementation: customerV1.CustomerServiceServer = {
    lookupOrCreateCustomer,
    createCustomer,
    getCustomer,
    listCustomers,
    updateCustomer,
  };
  return implementation;
}

import type { customerV1 } from '@svc/proto';
import { validationError, type DomainError } from '@svc/errors';
import type { Customer } from '../domain/customer.js';
import type { ContactInUseError } from '../store/customer-repository.js';

export function toProtoCustomer(c: Customer): customerV1.Customer {
  return {
    customerId: c.customerId,
    tenantId: c.tenantId,
    primaryEmail: c.primaryEmail ?? undefined,
    phone: c.phone ?? undefined,
    name: c.name,
    locale: c.locale,
    timezone: c.timezone,
    createdAtMs: c.createdAtMs,
    updatedAtMs: c.updatedAtMs,
    status: c.erasedAtMs != null ? 'erased' : 'active',
    erasedAtMs: c.erasedAtMs ?? undefined,
  };
}

/** docs/decisions.md "Privacy": an erased customer's record cannot be given personal data again. */
export const customerErased = (): DomainError =>
  validationError([{ path: 'customerId', message: 'names an erased customer; their record cannot change' }]);

/** docs/decisions.md "Customers": a clash of the per-tenant unique email or phone is a VALIDATION_ERROR on it. */
export function contactInUse(err: ContactInUseError): DomainError {
  return validationError(
    err.kinds.map((kind) =>
      kind === 'email'
        ? { path: 'primaryEmail', message: 'is already used by another customer' }
        : { path: 'phone', message: 'is already used by another customer' },
    ),
  );
}

import type { customerV1 } from '@svc/proto';
import { validationError, type DomainError } from '@svc/errors';
import type { Customer } from '../domain/customer.js';
import type { ContactInUseError } from '../store/customer-repository.js';

/** The record as customer.v1 sends it: the same fields, absent instead of null, and its status. */
export function toProtoCustomer(c: Customer): customerV1.Customer {
  const { primaryEmail, phone, erasedAtMs, ...same } = c;
  return {
    ...same,
    primaryEmail: primaryEmail ?? undefined,
    phone: phone ?? undefined,
    status: erasedAtMs != null ? 'erased' : 'active',
    erasedAtMs: erasedAtMs ?? undefined,
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

/**
 * Validation of the caller's customer fields, per operation, with the shared customer rules
 * (@svc/rules). Input strings arrive raw from the gateway or the booking service; an absent
 * field is `undefined`, a blank one means "empty". Violations name the field (`primaryEmail`);
 * the empty path names the fields as a whole. Where they sit in an HTTP request is the
 * gateway's business (docs/api-conventions.md "Input rules").
 */
import { throwIfViolations, validationError, type FieldViolation } from '@svc/errors';
import { CONTACT_REQUIRED_MESSAGE, hasContact, parseCustomerFields, type RawCustomerFields } from '@svc/rules';
import { FIELD_NAMES, type Customer, type CustomerFields } from './customer.js';

export type { RawCustomerFields };

/** The path of the fields as a whole (at least one field, an email or a phone). */
const ALL_FIELDS = '';

type Parsed = ReturnType<typeof parseCustomerFields>['values'];

function parse(raw: RawCustomerFields, violations: FieldViolation[]): Parsed {
  const { values, invalid } = parseCustomerFields(raw);
  violations.push(...invalid.map(({ field, message }) => ({ path: field, message })));
  return values;
}

function complete(parsed: Parsed): CustomerFields {
  return {
    name: parsed.name ?? '',
    primaryEmail: parsed.primaryEmail ?? null,
    phone: parsed.phone ?? null,
    locale: parsed.locale ?? '',
    timezone: parsed.timezone ?? '',
  };
}

/** LookupOrCreate (public booking): an email or a phone identifies the customer; the rest may be blank. */
export function parseLookupFields(raw: RawCustomerFields): CustomerFields {
  const violations: FieldViolation[] = [];
  const fields = complete(parse(raw, violations));
  if (!hasContact(raw)) violations.push({ path: ALL_FIELDS, message: CONTACT_REQUIRED_MESSAGE });
  throwIfViolations(violations);
  return fields;
}

/** Create (dashboard, partner API): a name is required; email and phone are optional. */
export function parseCreateFields(raw: RawCustomerFields): CustomerFields {
  const violations: FieldViolation[] = [];
  const fields = complete(parse(raw, violations));
  if (fields.name === '' && !violations.some((v) => v.path === 'name')) {
    violations.push({ path: 'name', message: 'is required' });
  }
  throwIfViolations(violations);
  return fields;
}

/**
 * Update: only the fields sent change; a blank email, phone, locale or timezone clears it,
 * a blank name is refused (a customer the tenant edits keeps a name).
 */
export function parseUpdateFields(raw: RawCustomerFields): Partial<CustomerFields> {
  if (FIELD_NAMES.every((f) => raw[f] === undefined)) {
    throw validationError([{ path: ALL_FIELDS, message: 'needs at least one field to change' }]);
  }
  const violations: FieldViolation[] = [];
  const parsed = parse(raw, violations);
  if (parsed.name === null) violations.push({ path: 'name', message: 'must not be empty' });
  throwIfViolations(violations);
  const changes: Partial<CustomerFields> = {};
  if (parsed.name) changes.name = parsed.name;
  if (parsed.primaryEmail !== undefined) changes.primaryEmail = parsed.primaryEmail;
  if (parsed.phone !== undefined) changes.phone = parsed.phone;
  if (parsed.locale !== undefined) changes.locale = parsed.locale ?? '';
  if (parsed.timezone !== undefined) changes.timezone = parsed.timezone ?? '';
  return changes;
}

export const UNIDENTIFIABLE_MESSAGE = 'cannot be removed: the customer would have no name, email or phone';

/**
 * An update may remove the email or phone (docs/decisions.md "Customers") unless the customer
 * would be left with nothing to know it by: no name, no email, no phone (a customer made by a
 * booking may have no name yet). Reported at the contacts the update removes.
 */
export function assertIdentifiable(next: Customer, changes: Partial<CustomerFields>): void {
  if (next.name !== '' || next.primaryEmail !== null || next.phone !== null) return;
  const removed = (['primaryEmail', 'phone'] as const).filter((f) => changes[f] === null);
  throw validationError(removed.map((path) => ({ path, message: UNIDENTIFIABLE_MESSAGE })));
}

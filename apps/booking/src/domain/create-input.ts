import { validationError, type FieldViolation } from '@svc/errors';
import {
  CONTACT_REQUIRED_MESSAGE,
  EPOCH_MS_MESSAGE,
  hasContact,
  isEpochMs,
  parseCustomerFields,
  TIME_ZONE_MESSAGE,
  isIanaTimeZone,
} from '@svc/rules';

export interface CreateInput {
  startsAtMs: number;
  customer: {
    name: string;
    primaryEmail?: string | undefined;
    phone?: string | undefined;
    locale?: string | undefined;
  };
  /** The customer's zone; '' = the tenant's. */
  timezone: string;
}

/**
 * The create request checked with the shared rules (@svc/rules) before anything else, so a
 * start outside the epoch-ms range or a customer the customer service would refuse is a
 * VALIDATION_ERROR before any lock is taken (docs/api-conventions.md "Input rules"). Paths
 * name the request's fields (`startsAtMs`, `customer.phone`); the gateway places them in HTTP.
 */
export function assertValidCreateInput(input: CreateInput): void {
  const violations: FieldViolation[] = [];
  if (!isEpochMs(input.startsAtMs)) violations.push({ path: 'startsAtMs', message: EPOCH_MS_MESSAGE });
  const { invalid } = parseCustomerFields(input.customer);
  violations.push(...invalid.map(({ field, message }) => ({ path: `customer.${field}`, message })));
  if (!hasContact(input.customer)) violations.push({ path: 'customer', message: CONTACT_REQUIRED_MESSAGE });
  if (input.timezone !== '' && !isIanaTimeZone(input.timezone.trim())) {
    violations.push({ path: 'timezone', message: TIME_ZONE_MESSAGE });
  }
  if (violations.length > 0) throw validationError(violations);
}

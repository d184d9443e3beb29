import { validationError, type FieldViolation } from '@svc/errors';
import {
  CONTACT_REQUIRED_MESSAGE,
  EPOCH_MS_MESSAGE,
  hasContact,
  ID_MESSAGE,
  IDEMPOTENCY_SCOPE_MESSAGE,
  isEpochMs,
  isIdempotencyScope,
  isId,
  parseCustomerFields,
  TIME_ZONE_MESSAGE,
  isIanaTimeZone,
  isPartySize,
  PARTY_SIZE_MESSAGE,
  checkAnswers,
  type Answer,
  type Assignment,
  type Question,
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
  /** A preference among the service's staff. */
  staffId?: string | undefined;
  /** Whose namespace the idempotency key lives in; '' for the public create. */
  idempotencyScope: string;
  /** The seats the booking takes. */
  partySize: number;
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
  if (input.staffId !== undefined && !isId(input.staffId)) violations.push({ path: 'staffId', message: ID_MESSAGE });
  if (!isPartySize(input.partySize)) violations.push({ path: 'partySize', message: PARTY_SIZE_MESSAGE });
  if (!isIdempotencyScope(input.idempotencyScope)) {
    violations.push({ path: 'idempotencyScope', message: IDEMPOTENCY_SCOPE_MESSAGE });
  }
  if (violations.length > 0) throw validationError(violations);
}

/**
 * The answers checked against the service's questions (docs/decisions.md "Intake questions"),
 * as the booking keeps them; VALIDATION_ERROR at `answers.<key>` otherwise.
 */
export function answersFor(
  service: { questions: readonly Question[] },
  sent: Readonly<Record<string, unknown>>,
): Answer[] {
  const { answers, violations } = checkAnswers(service.questions, sent);
  if (violations.length > 0) throw validationError(violations);
  return answers;
}

/**
 * A party the service takes (docs/decisions.md "Seats"): at most its `maxPartySize` (1 for a
 * service without seats), checked against the catalog like the staff member.
 */
export function assertPartyFits(partySize: number, service: { maxPartySize: number }): void {
  if (partySize > service.maxPartySize) {
    throw validationError([{ path: 'partySize', message: `must be at most ${service.maxPartySize} for this service` }]);
  }
}

export const STAFF_NOT_LISTED_MESSAGE = 'is not a staff member of this service';

/**
 * A preferred staff member must be one the service lists (docs/decisions.md "Booking"): checked
 * against the catalog's schedule before anything is asked about them (busy times, locks), so an
 * id the tenant never made reaches no lookup and no cache.
 */
export function assertStaffOfService(
  staffId: string | undefined,
  service: { staffIds: readonly string[]; assignment: Assignment },
): void {
  if (staffId === undefined) return;
  if (!service.staffIds.includes(staffId))
    throw validationError([{ path: 'staffId', message: STAFF_NOT_LISTED_MESSAGE }]);
  // A collective booking takes every staff member: naming one means nothing (docs/decisions.md "Staff assignment").
  if (service.assignment === 'collective') {
    throw validationError([{ path: 'staffId', message: 'cannot be named: the service books all its staff together' }]);
  }
}

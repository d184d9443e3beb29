/**
 * Validation of the caller's customer fields, per operation. Input strings arrive raw from the
 * gateway or the booking service; an absent field is `undefined`, a blank one means "empty".
 */
import { validationError, type FieldViolation } from '@svc/errors';
import { FIELD_NAMES, type CustomerFields, type FieldName } from './customer.js';
import {
  MAX_NAME_LENGTH,
  normalizeEmail,
  normalizeLocale,
  normalizeName,
  normalizePhone,
  normalizeTimezone,
} from './normalize.js';

/** The fields as the caller sent them (the shape of `customer.v1.CustomerFields`). */
export type RawCustomerFields = { [K in FieldName]?: string | undefined };

/** Where each field, and the object holding them, sits in the caller's request (VALIDATION_ERROR paths). */
export type FieldPaths = Record<FieldName, string> & { object: string };

/** Dashboard and partner bodies: `{ name, primaryEmail, phone, locale, timezone }`. */
export const BODY_PATHS: FieldPaths = {
  object: 'body',
  name: 'body.name',
  primaryEmail: 'body.primaryEmail',
  phone: 'body.phone',
  locale: 'body.locale',
  timezone: 'body.timezone',
};

/** Public booking body: the customer object, plus the booking's own `timezone` (the customer's zone). */
export const BOOKING_PATHS: FieldPaths = {
  object: 'body.customer',
  name: 'body.customer.name',
  primaryEmail: 'body.customer.primaryEmail',
  phone: 'body.customer.phone',
  locale: 'body.customer.locale',
  timezone: 'body.timezone',
};

const NORMALIZERS: Record<FieldName, { normalize: (input: string) => string | null; message: string }> = {
  name: { normalize: normalizeName, message: `must be at most ${MAX_NAME_LENGTH} characters` },
  primaryEmail: { normalize: normalizeEmail, message: 'must be a valid email address' },
  phone: {
    normalize: normalizePhone,
    message: 'must be a phone number in international format, like +14155550123',
  },
  locale: { normalize: normalizeLocale, message: 'must be a BCP 47 language tag, like en-US' },
  timezone: { normalize: normalizeTimezone, message: 'must be an IANA time zone, like Europe/Berlin' },
};

/** Normalized values of the fields that were sent; `null` for a blank one. */
type Parsed = { [K in FieldName]?: string | null };

function parse(raw: RawCustomerFields, paths: FieldPaths, violations: FieldViolation[]): Parsed {
  const parsed: Parsed = {};
  for (const field of FIELD_NAMES) {
    const value = raw[field];
    if (value === undefined) continue;
    if (value.trim() === '') {
      parsed[field] = null;
      continue;
    }
    const { normalize, message } = NORMALIZERS[field];
    const normalized = normalize(value);
    if (normalized === null) violations.push({ path: paths[field], message });
    else parsed[field] = normalized;
  }
  return parsed;
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

function throwIfAny(violations: FieldViolation[]): void {
  if (violations.length > 0) throw validationError(violations);
}

/** LookupOrCreate (public booking): an email or a phone identifies the customer; the rest may be blank. */
export function parseLookupFields(raw: RawCustomerFields, paths: FieldPaths = BOOKING_PATHS): CustomerFields {
  const violations: FieldViolation[] = [];
  const fields = complete(parse(raw, paths, violations));
  const contactSent = [raw.primaryEmail, raw.phone].some((v) => v !== undefined && v.trim() !== '');
  if (!contactSent) {
    violations.push({ path: paths.object, message: 'needs an email address or a phone number' });
  }
  throwIfAny(violations);
  return fields;
}

/** Create (dashboard, partner API): a name is required; email and phone are optional. */
export function parseCreateFields(raw: RawCustomerFields, paths: FieldPaths = BODY_PATHS): CustomerFields {
  const violations: FieldViolation[] = [];
  const fields = complete(parse(raw, paths, violations));
  if (fields.name === '' && !violations.some((v) => v.path === paths.name)) {
    violations.push({ path: paths.name, message: 'is required' });
  }
  throwIfAny(violations);
  return fields;
}

/**
 * Update: only the fields sent change; a blank email, phone, locale or timezone clears it,
 * a blank name is refused (a customer the tenant edits keeps a name).
 */
export function parseUpdateFields(raw: RawCustomerFields, paths: FieldPaths = BODY_PATHS): Partial<CustomerFields> {
  if (FIELD_NAMES.every((f) => raw[f] === undefined)) {
    throw validationError([{ path: paths.object, message: 'needs at least one field to change' }]);
  }
  const violations: FieldViolation[] = [];
  const parsed = parse(raw, paths, violations);
  if (parsed.name === null) violations.push({ path: paths.name, message: 'must not be empty' });
  throwIfAny(violations);
  const changes: Partial<CustomerFields> = {};
  if (parsed.name) changes.name = parsed.name;
  if (parsed.primaryEmail !== undefined) changes.primaryEmail = parsed.primaryEmail;
  if (parsed.phone !== undefined) changes.phone = parsed.phone;
  if (parsed.locale !== undefined) changes.locale = parsed.locale ?? '';
  if (parsed.timezone !== undefined) changes.timezone = parsed.timezone ?? '';
  return changes;
}

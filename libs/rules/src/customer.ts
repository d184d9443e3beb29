import { EMAIL_MESSAGE, normalizeEmail } from './email.js';
import { canonicalLocale, LOCALE_MESSAGE } from './locale.js';
import { normalizePhone, PHONE_MESSAGE } from './phone.js';
import { trimmedTextSchema } from './text.js';
import { normalizeTimeZone, TIME_ZONE_MESSAGE } from './time-zone.js';

/**
 * A customer's fields as the customer service stores them and as the booking service checks
 * them before it takes any lock (docs/api-conventions.md "Input rules"), so both refuse the
 * same input with the same message.
 */
export const CUSTOMER_FIELD_NAMES = ['name', 'primaryEmail', 'phone', 'locale', 'timezone'] as const;
export type CustomerFieldName = (typeof CUSTOMER_FIELD_NAMES)[number];
export type RawCustomerFields = { [K in CustomerFieldName]?: string | undefined };

export const MAX_CUSTOMER_NAME_LENGTH = 200;
export const CONTACT_REQUIRED_MESSAGE = 'needs an email address or a phone number';

/** Trimmed; null when too long. May be empty (a customer found by email may not have told us a name). */
export function normalizeCustomerName(input: string): string | null {
  const name = input.trim();
  return name.length <= MAX_CUSTOMER_NAME_LENGTH ? name : null;
}

/** Each field's normalization (null = refused) and the message that says why. */
export const CUSTOMER_FIELD_RULES: Record<
  CustomerFieldName,
  { normalize: (input: string) => string | null; message: string }
> = {
  name: { normalize: normalizeCustomerName, message: `must be at most ${MAX_CUSTOMER_NAME_LENGTH} characters` },
  primaryEmail: { normalize: normalizeEmail, message: EMAIL_MESSAGE },
  phone: { normalize: normalizePhone, message: PHONE_MESSAGE },
  locale: { normalize: canonicalLocale, message: LOCALE_MESSAGE },
  timezone: { normalize: normalizeTimeZone, message: TIME_ZONE_MESSAGE },
};

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

/** Whether an email or a phone was sent: what identifies a customer on a booking. */
export const hasContact = (raw: Pick<RawCustomerFields, 'primaryEmail' | 'phone'>): boolean =>
  !blank(raw.primaryEmail) || !blank(raw.phone);

export interface ParsedCustomerFields {
  /** Normalized values of the fields that were sent and valid; null for a blank one. */
  values: { [K in CustomerFieldName]?: string | null };
  /** The fields that were sent but are not valid, with why. */
  invalid: Array<{ field: CustomerFieldName; message: string }>;
}

export function parseCustomerFields(raw: RawCustomerFields): ParsedCustomerFields {
  const parsed: ParsedCustomerFields = { values: {}, invalid: [] };
  for (const field of CUSTOMER_FIELD_NAMES) {
    const value = raw[field];
    if (value === undefined) continue;
    if (value.trim() === '') {
      parsed.values[field] = null;
      continue;
    }
    const { normalize, message } = CUSTOMER_FIELD_RULES[field];
    const normalized = normalize(value);
    if (normalized === null) parsed.invalid.push({ field, message });
    else parsed.values[field] = normalized;
  }
  return parsed;
}

/** The customer list's `q` (a prefix of a name word, an email or a phone's digits): at most this long. */
export const MAX_CUSTOMER_QUERY_LENGTH = 200;
export const CUSTOMER_QUERY_MESSAGE = `must be at most ${MAX_CUSTOMER_QUERY_LENGTH} characters`;

/**
 * A customer's name where one is required (dashboard create and update, a booking's customer):
 * at most 200 characters with one that is not whitespace, stored trimmed.
 */
export const customerNameSchema = trimmedTextSchema(MAX_CUSTOMER_NAME_LENGTH, { required: true }).describe(
  `At most ${MAX_CUSTOMER_NAME_LENGTH} characters, not only whitespace; stored trimmed.`,
);

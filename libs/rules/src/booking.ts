import { z } from 'zod';
import { isId } from './ids.js';
import { trimmedTextSchema } from './text.js';
import { MINUTE_MS } from './time.js';

/**
 * How long a new booking is held for confirmation (the specification: `holdExpiresAtMs` is the
 * creation time plus 10 minutes); the notifications state it to the customer and the business.
 */
export const HOLD_MS = 10 * MINUTE_MS;

/**
 * Every status a booking can have (docs/decisions.md "Booking"); cancelled, completed and
 * no_show are terminal. The list filter of the dashboard and of ListBookings takes one of them.
 */
export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const isBookingStatus = (value: string): value is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value);

export const BOOKING_STATUS_MESSAGE = `must be one of ${BOOKING_STATUSES.join(', ')}`;

export const bookingStatusSchema = z.enum(BOOKING_STATUSES, { message: BOOKING_STATUS_MESSAGE });

/**
 * The reason staff give for a cancel or a no-show (docs/decisions.md "Booking"): optional,
 * trimmed, at most 500 characters; blank is the same as none.
 */
export const MAX_BOOKING_REASON_LENGTH = 500;
export const BOOKING_REASON_MESSAGE = `must be at most ${MAX_BOOKING_REASON_LENGTH} characters`;

/** The reason as stored ('' = none given), or null when it is too long. */
export function normalizeBookingReason(input: string): string | null {
  const reason = input.trim();
  return reason.length <= MAX_BOOKING_REASON_LENGTH ? reason : null;
}

export const bookingReasonSchema = trimmedTextSchema(MAX_BOOKING_REASON_LENGTH).describe(
  `Optional, at most ${MAX_BOOKING_REASON_LENGTH} characters; blank is the same as none.`,
);

/**
 * A service's confirmation policy (docs/decisions.md "Confirmation policy"): `manual` keeps a new
 * booking held until a write role confirms it or the hold expires (the specification's
 * behaviour, the default); `automatic` has the booking service confirm it at once.
 */
export const CONFIRMATION_POLICIES = ['manual', 'automatic'] as const;
export type ConfirmationPolicy = (typeof CONFIRMATION_POLICIES)[number];

/** The policy a stored or transmitted value names; anything else (absent on older records) is manual. */
export const confirmationPolicyOf = (value: string | null | undefined): ConfirmationPolicy =>
  value === 'automatic' ? 'automatic' : 'manual';

/**
 * An Idempotency-Key (docs/decisions.md "Booking"): 1 to 255 printable ASCII characters, kept
 * 24 hours in the namespace of the caller that sent it.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;
export const IDEMPOTENCY_KEY_MESSAGE = '1 to 255 printable ASCII characters';

/**
 * Whose namespace a key lives in (docs/decisions.md "Booking"), as the gateway names the caller
 * to the booking service: '' for the public create, `api_key:<apiKeyId>` for a partner key over
 * /v1, `mcp:<apiKeyId>` for a key over MCP. A predictable key (`order-1002`) sent by one caller
 * never answers, or blocks, another's create.
 */
export const IDEMPOTENCY_SCOPE_KINDS = ['api_key', 'mcp'] as const;
export type IdempotencyScopeKind = (typeof IDEMPOTENCY_SCOPE_KINDS)[number];
export const PUBLIC_IDEMPOTENCY_SCOPE = '';
export const idempotencyScope = (kind: IdempotencyScopeKind, callerId: string): string => `${kind}:${callerId}`;
export const IDEMPOTENCY_SCOPE_MESSAGE = `must be '' or one of ${IDEMPOTENCY_SCOPE_KINDS.join(', ')}, ':' and an id`;

export function isIdempotencyScope(value: string): boolean {
  if (value === PUBLIC_IDEMPOTENCY_SCOPE) return true;
  const colon = value.indexOf(':');
  const kind = value.slice(0, colon);
  return colon > 0 && (IDEMPOTENCY_SCOPE_KINDS as readonly string[]).includes(kind) && isId(value.slice(colon + 1));
}

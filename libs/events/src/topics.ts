/** The topic every booking change is published to (keyed by bookingId); the dispatcher consumes it. */
export const BOOKING_EVENTS_TOPIC = 'booking.events';
/**
 * The integrations service's events (keyed by connection id): `connection.needs_reauth` when a
 * provider refused a connection's grant; the notifications consume it (docs/architecture.md "Events").
 */
export const INTEGRATION_EVENTS_TOPIC = 'integration.events';
/**
 * The identity service's events (keyed by the session, key or membership they name): what a
 * gateway may have cached of a credential changed (a key revoked or rotated, a session ended or
 * switched, a membership changed or removed); every gateway process reads it in a group of its
 * own and drops those entries (docs/decisions.md "Identity service").
 */
export const IDENTITY_EVENTS_TOPIC = 'identity.events';

/** The topic every booking change is published to (keyed by bookingId); the dispatcher consumes it. */
export const BOOKING_EVENTS_TOPIC = 'booking.events';
/**
 * The integrations service's events (keyed by connection id): `connection.needs_reauth` when a
 * provider refused a connection's grant; the notifications consume it (docs/architecture.md "Events").
 */
export const INTEGRATION_EVENTS_TOPIC = 'integration.events';

/** The topic every booking change is published to (keyed by bookingId); the dispatcher consumes it. */
export const BOOKING_EVENTS_TOPIC = 'booking.events';

export { startBookingService, BOOKING_SERVICE_NAME, type BookingDeps } from './service.js';
export { bookingConfigSchema, type BookingConfig } from './config.js';
export { startBookingFromConfig } from './from-config.js';

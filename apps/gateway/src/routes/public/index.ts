import type { FastifyInstance } from 'fastify';
import type { GatewaySettings } from '../../config.js';
import type { Downstream } from '../../downstream/services.js';
import { registerAvailabilityRoute } from './availability-route.js';
import { registerBookingConfigRoute } from './booking-config-route.js';
import { registerCreateBookingRoute } from './create-booking-route.js';

/** /book/{tenantSlug}/*: no auth, cookies ignored. */
export function registerPublicBookingRoutes(
  app: FastifyInstance,
  downstream: Downstream,
  settings: GatewaySettings,
): void {
  registerBookingConfigRoute(app, downstream);
  registerAvailabilityRoute(app, downstream);
  registerCreateBookingRoute(app, downstream, settings);
}

import type { FastifyInstance } from 'fastify';
import type { GatewaySettings } from '../../config.js';
import type { Downstream } from '../../downstream/services.js';
import { registerAvailabilityRoute } from './availability-route.js';
import { registerBookingConfigRoute } from './booking-config-route.js';
import { registerCreateBookingRoute } from './create-booking-route.js';
import { registerPaymentReturnRoute } from './payment-return-route.js';

/** /book/{tenantSlug}/* and the way back from Stripe's checkout (/pay/…): no auth, cookies ignored. */
export function registerPublicBookingRoutes(
  app: FastifyInstance,
  downstream: Downstream,
  settings: GatewaySettings,
): void {
  registerBookingConfigRoute(app, downstream);
  registerAvailabilityRoute(app, downstream);
  registerCreateBookingRoute(app, downstream, settings);
  registerPaymentReturnRoute(app, downstream.booking, settings);
}

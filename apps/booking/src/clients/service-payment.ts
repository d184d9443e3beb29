import type { catalogV1 } from '@svc/proto';
import { paymentTermsOf } from '@svc/rules';
import type { ServicePayment } from '../application/ports.js';

/**
 * What the catalog's Service charges, as the booking service reads it (docs/decisions.md
 * "Payments"): no price is an empty currency on the wire, and services stored before payments
 * answer '' for the policies, read as none.
 */
export const servicePaymentOf = (service: catalogV1.Service): ServicePayment => ({
  price: service.priceCurrency ? { amount: service.priceAmount, currency: service.priceCurrency } : null,
  ...paymentTermsOf(service),
});

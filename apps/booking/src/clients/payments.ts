import { DomainError } from '@svc/errors';
import type { IntegrationClient } from '@svc/grpc';
import type { PaymentProvider } from '../application/ports.js';

/**
 * Stripe calls wait this long: the integrations service's own Stripe timeout (10 s) and one
 * retry fit, and a create that waits for its checkout stays inside the gateway's 15 s.
 */
const DEADLINE_MS = 12_000;

/** The tenant's Stripe account through the integrations service over gRPC. */
export function integrationPayments(client: IntegrationClient): PaymentProvider {
  const opts = { deadlineMs: DEADLINE_MS };
  const checkoutOf = (res: { checkout?: unknown }) => {
    if (!res.checkout) throw new DomainError('INTERNAL_ERROR', 'The integrations service answered no checkout.');
    return res.checkout as NonNullable<Awaited<ReturnType<PaymentProvider['checkout']>>>;
  };
  const movementOf = (m: unknown) => {
    if (!m) throw new DomainError('INTERNAL_ERROR', 'The integrations service answered no payment movement.');
    return m as Awaited<ReturnType<PaymentProvider['refund']>>;
  };
  return {
    createCheckout: async (req) => checkoutOf(await client.createCheckout(req, opts)),
    checkout: async (tenantId, sessionId) => checkoutOf(await client.getCheckout({ tenantId, sessionId }, opts)),
    expireCheckout: async (tenantId, sessionId) =>
      checkoutOf(await client.expireCheckout({ tenantId, sessionId }, opts)),
    refund: async (req) => movementOf((await client.refundPayment(req, opts)).refund),
    chargeSavedCard: async (req) => movementOf((await client.chargeSavedCard(req, opts)).charge),
    deleteCustomer: async (tenantId, customerRef) =>
      (await client.deletePaymentCustomer({ tenantId, customerRef }, opts)).outcome,
  };
}

/** No integrations service configured: no tenant has a payment account. */
const notConnected = async (): Promise<never> => {
  throw new DomainError(
    'PROVIDER_NOT_CONNECTED',
    'This business takes no payments online: no payment account is connected.',
  );
};
export const noPayments: PaymentProvider = {
  createCheckout: notConnected,
  checkout: notConnected,
  expireCheckout: notConnected,
  refund: notConnected,
  chargeSavedCard: notConnected,
  // No integrations service, so no Stripe account ever made a customer.
  deleteCustomer: async () => 'not_connected',
};

/**
 * The payment RPCs of integrations.v1.IntegrationService (docs/decisions.md "Payments"): the
 * tenant's Stripe account, connected with a secret key that is checked by one call, sealed at
 * rest and never answered; then checkout sessions, refunds and off-session charges through it.
 * PROVIDER_NOT_CONNECTED without an account; PROVIDER_ACTION_FAILED (502) when Stripe refuses or
 * cannot be reached, in words that never repeat the key or Stripe's free text.
 */
import { DomainError, requireTenantId, throwIfViolations, validationError, type FieldViolation } from '@svc/errors';
import type { SecretBox } from '@svc/crypto';
import type { integrationsV1 } from '@svc/proto';
import {
  chargeViolations,
  checkoutViolations,
  customerViolations,
  refundViolations,
  secretKeyMode,
  sessionViolations,
} from '../domain/payment-input.js';
import type { PaymentClients } from '../payment-clients.js';
import {
  PaymentKeyRefusedError,
  PaymentRequestRefusedError,
  PaymentUnavailableError,
  type PaymentError,
  type StripePayments,
} from '../providers/stripe-payments.js';
import type { PaymentAccountRepository } from '../store/payment-account-repository.js';
import { paymentKeyContext, type PaymentAccountDoc } from '../../store/records.js';

export interface PaymentHandlerDeps {
  accounts: PaymentAccountRepository;
  clients: PaymentClients;
  secrets: SecretBox;
  now: () => number;
}

/** The account as the API shows it: never with its key. */
export const toPaymentAccount = (doc: PaymentAccountDoc): integrationsV1.PaymentAccount => ({
  provider: doc.provider,
  account: doc.account,
  mode: doc.mode,
  connectedAtMs: doc.connectedAtMs,
});

export const paymentsNotConnected = () =>
  new DomainError(
    'PROVIDER_NOT_CONNECTED',
    'No Stripe account is connected to this workspace; connect one in the dashboard settings (Payments).',
  );

const isPaymentError = (err: unknown): err is PaymentError =>
  err instanceof PaymentKeyRefusedError ||
  err instanceof PaymentRequestRefusedError ||
  err instanceof PaymentUnavailableError;

/** A Stripe failure in words for the caller: what went wrong, never the key, never a customer's email. */
export function paymentFailed(err: PaymentError): DomainError {
  if (err instanceof PaymentKeyRefusedError) {
    return new DomainError(
      'PROVIDER_ACTION_FAILED',
      err.lacksPermission
        ? 'Stripe refused the connected key a permission this needs (Checkout Sessions, Payment Intents, Refunds or Customers write); connect a key that has them.'
        : 'Stripe refused the connected key (revoked or expired); connect the account again.',
    );
  }
  if (err instanceof PaymentRequestRefusedError) {
    return new DomainError('PROVIDER_ACTION_FAILED', `${err.message}.`);
  }
  return new DomainError(
    'PROVIDER_ACTION_FAILED',
    `Stripe could not be reached or answered with a failure (${err.message}).`,
  );
}

const refusedKey = (err: PaymentKeyRefusedError): FieldViolation => ({
  path: 'secretKey',
  message: err.lacksPermission
    ? 'Stripe refused this key the Checkout Sessions permission; give the restricted key write access to Checkout Sessions'
    : 'Stripe refused this key (unknown, revoked or expired)',
});

export function paymentHandlers(deps: PaymentHandlerDeps) {
  const { accounts, clients, now } = deps;

  /** Runs a call on the tenant's account: PROVIDER_NOT_CONNECTED without one, Stripe's failures in our words. */
  async function withAccount<R>(tenantId: string, action: (payments: StripePayments) => Promise<R>): Promise<R> {
    const doc = await accounts.get(tenantId);
    if (!doc) throw paymentsNotConnected();
    // A key that no longer opens (sealed with a box key taken out of the configuration) is ours: internal.
    const payments = clients.of(doc);
    try {
      return await action(payments);
    } catch (err) {
      // Anything but Stripe's answers is ours too (a bug): internal.
      throw isPaymentError(err) ? paymentFailed(err) : err;
    }
  }

  return {
    connectPaymentAccount: async (
      req: integrationsV1.ConnectPaymentAccountRequest,
    ): Promise<integrationsV1.ConnectPaymentAccountResponse> => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      const mode = secretKeyMode(req.secretKey, violations);
      if (mode === null) throw validationError(violations);
      // Checked by one real call before anything is stored.
      const payments = clients.forKey(req.secretKey);
      let account: string | null;
      try {
        await payments.verify();
        account = await payments.accountName();
      } catch (err) {
        if (err instanceof PaymentKeyRefusedError) {
          throw validationError([refusedKey(err)], 'The Stripe account could not be connected.');
        }
        throw isPaymentError(err) ? paymentFailed(err) : err;
      }
      const doc: PaymentAccountDoc = {
        _id: tenantId,
        provider: 'stripe',
        account: account ?? '',
        mode,
        sealedKey: deps.secrets.seal(req.secretKey, paymentKeyContext(tenantId)),
        connectedAtMs: now(),
      };
      await accounts.save(doc);
      clients.keep(doc, payments);
      return { account: toPaymentAccount(doc) };
    },

    getPaymentAccount: async (
      req: integrationsV1.GetPaymentAccountRequest,
    ): Promise<integrationsV1.GetPaymentAccountResponse> => {
      const doc = await accounts.get(requireTenantId(req.tenantId));
      return doc ? { account: toPaymentAccount(doc) } : {};
    },

    /** Forgets the account and its sealed key; without one, nothing changes. */
    disconnectPaymentAccount: async (
      req: integrationsV1.DisconnectPaymentAccountRequest,
    ): Promise<integrationsV1.DisconnectPaymentAccountResponse> => {
      const tenantId = requireTenantId(req.tenantId);
      await accounts.remove(tenantId);
      clients.drop(tenantId);
      return {};
    },

    createCheckout: async (
      req: integrationsV1.CreateCheckoutRequest,
    ): Promise<integrationsV1.CreateCheckoutResponse> => {
      const tenantId = requireTenantId(req.tenantId);
      throwIfViolations(checkoutViolations(req));
      const checkout = await withAccount(tenantId, (p) =>
        p.createCheckout(
          {
            bookingId: req.bookingId,
            amount: req.amount,
            currency: req.currency,
            description: req.description,
            successUrl: req.successUrl,
            cancelUrl: req.cancelUrl,
            saveCard: req.saveCard,
          },
          req.idempotencyKey,
        ),
      );
      return { checkout };
    },

    getCheckout: async (req: integrationsV1.GetCheckoutRequest): Promise<integrationsV1.GetCheckoutResponse> => {
      const tenantId = requireTenantId(req.tenantId);
      throwIfViolations(sessionViolations(req));
      return { checkout: await withAccount(tenantId, (p) => p.getCheckout(req.sessionId)) };
    },

    expireCheckout: async (
      req: integrationsV1.ExpireCheckoutRequest,
    ): Promise<integrationsV1.ExpireCheckoutResponse> => {
      const tenantId = requireTenantId(req.tenantId);
      throwIfViolations(sessionViolations(req));
      return { checkout: await withAccount(tenantId, (p) => p.expireCheckout(req.sessionId)) };
    },

    refundPayment: async (req: integrationsV1.RefundPaymentRequest): Promise<integrationsV1.RefundPaymentResponse> => {
      const tenantId = requireTenantId(req.tenantId);
      throwIfViolations(refundViolations(req));
      return {
        refund: await withAccount(tenantId, (p) => p.refund(req.paymentIntentId, req.amount, req.idempotencyKey)),
      };
    },

    chargeSavedCard: async (
      req: integrationsV1.ChargeSavedCardRequest,
    ): Promise<integrationsV1.ChargeSavedCardResponse> => {
      const tenantId = requireTenantId(req.tenantId);
      throwIfViolations(chargeViolations(req));
      const charge = await withAccount(tenantId, (p) =>
        p.chargeSavedCard(
          {
            customerRef: req.customerRef,
            paymentMethodId: req.paymentMethodId,
            amount: req.amount,
            currency: req.currency,
            description: req.description,
          },
          req.idempotencyKey,
        ),
      );
      return { charge };
    },

    deletePaymentCustomer: async (
      req: integrationsV1.DeletePaymentCustomerRequest,
    ): Promise<integrationsV1.DeletePaymentCustomerResponse> => {
      const tenantId = requireTenantId(req.tenantId);
      throwIfViolations(customerViolations(req));
      const doc = await accounts.get(tenantId);
      if (!doc) return { outcome: 'not_connected' };
      try {
        return { outcome: (await clients.of(doc).deleteCustomer(req.customerRef)) ? 'deleted' : 'already_deleted' };
      } catch (err) {
        // A key or a request Stripe refuses stays refused: the erase goes on and counts it.
        if (err instanceof PaymentKeyRefusedError || err instanceof PaymentRequestRefusedError) {
          return { outcome: 'refused' };
        }
        throw isPaymentError(err) ? paymentFailed(err) : err;
      }
    },
  };
}

/**
 * The tenant's money through Stripe (docs/decisions.md "Payments"): the calls the payment RPCs
 * make, in Stripe's terms, and what Stripe's answers and errors mean for us. Checkout is Stripe's
 * hosted page, so no card data ever reaches this service; amounts are minor units of the
 * currency (a zero-decimal currency such as JPY counts whole units) and are sent as they are.
 * Each call is timed in integrations_provider_request_duration_seconds (provider stripe). Errors
 * carry Stripe's error code and parameter, never its free text (which may quote a customer's
 * email) and never the key.
 */
import type { integrationsV1 } from '@svc/proto';
import Stripe from 'stripe';
import { providerRequests, SERVICE } from '../../metrics.js';

/** Stripe refused the key: 401 (unknown, revoked or expired) or 403 (a restricted key without the permission). */
export class PaymentKeyRefusedError extends Error {
  override readonly name = 'PaymentKeyRefusedError';
  constructor(readonly lacksPermission: boolean) {
    super(lacksPermission ? 'Stripe refused the key: it lacks a permission' : 'Stripe refused the key');
  }
}

/** Stripe refused the request itself (a 4xx other than the key's): its error code and parameter. */
export class PaymentRequestRefusedError extends Error {
  override readonly name = 'PaymentRequestRefusedError';
  constructor(
    readonly code: string,
    readonly param: string,
  ) {
    super(`Stripe refused the request (${code}${param === '' ? '' : ` at ${param}`})`);
  }
}

/** Stripe could not be reached, timed out, or answered 429 or 5xx. */
export class PaymentUnavailableError extends Error {
  override readonly name = 'PaymentUnavailableError';
}

export type PaymentError = PaymentKeyRefusedError | PaymentRequestRefusedError | PaymentUnavailableError;

/** A Checkout Session for one booking's amount due. */
export interface CheckoutInput {
  bookingId: string;
  /** Minor units of `currency`. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The line item's name (the service's name). */
  description: string;
  successUrl: string;
  cancelUrl: string;
  saveCard: boolean;
}

/** An off-session charge of a card saved at checkout. */
export interface SavedCardCharge {
  customerRef: string;
  paymentMethodId: string;
  amount: number;
  currency: string;
  description: string;
}

type Operation =
  | 'verify'
  | 'account'
  | 'create_checkout'
  | 'get_checkout'
  | 'expire_checkout'
  | 'get_payment_intent'
  | 'refund'
  | 'charge_saved_card'
  | 'delete_customer';

/** The calls of one tenant's Stripe account, through an SDK client of its key. */
export class StripePayments {
  constructor(private readonly stripe: Stripe) {}

  /**
   * Checks the key with one call a restricted key with the Checkout Sessions permission may make
   * (the newest session, if any); PaymentKeyRefusedError when Stripe refuses it.
   */
  async verify(): Promise<void> {
    await call('verify', () => this.stripe.checkout.sessions.list({ limit: 1 }));
  }

  /**
   * The account's name as Stripe's dashboard shows it, with its id; null when the key may not
   * read the account (a restricted key need not: the connect goes on without the name).
   */
  async accountName(): Promise<string | null> {
    try {
      const account = await call('account', () => this.stripe.accounts.retrieveCurrent());
      const name = account.settings?.dashboard?.display_name || account.business_profile?.name || '';
      return name === '' ? account.id : `${name} (${account.id})`;
    } catch (err) {
      if (err instanceof PaymentKeyRefusedError && err.lacksPermission) return null;
      throw err;
    }
  }

  /**
   * A Checkout Session in payment mode for the amount, tied to the booking (client_reference_id
   * and metadata.booking_id). No expires_at: Stripe's shortest is 30 minutes and a hold is
   * shorter, so the booking service expires the session itself when the hold ends.
   */
  async createCheckout(input: CheckoutInput, idempotencyKey: string): Promise<integrationsV1.Checkout> {
    const session = await call('create_checkout', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                product_data: { name: input.description },
              },
            },
          ],
          client_reference_id: input.bookingId,
          metadata: { booking_id: input.bookingId },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          // No customer_email: a session cannot be deleted, so nothing personal is sent with it.
          // Always a customer of the tenant's account, never a guest: the email the customer
          // types on the page then lives on an object the erase can delete (deleteCustomer;
          // docs/decisions.md "Privacy"). A card saved for a later no-show charge is kept on it.
          customer_creation: 'always',
          ...(input.saveCard ? { payment_intent_data: { setup_future_usage: 'off_session' } } : {}),
        },
        { idempotencyKey },
      ),
    );
    return toCheckout(session, '');
  }

  /**
   * The session as Stripe has it now. A paid session with a customer (a card saved) also names
   * the payment method its payment intent used: what an off-session charge needs.
   */
  async getCheckout(sessionId: string): Promise<integrationsV1.Checkout> {
    const session = await call('get_checkout', () => this.stripe.checkout.sessions.retrieve(sessionId));
    return toCheckout(session, await this.savedPaymentMethod(session));
  }

  /**
   * Expires an open session so it can no longer be paid; a session already complete or expired is
   * answered as it is. No idempotency key of ours: Stripe would replay a first attempt's failure
   * for a day, and expiring twice changes nothing (the SDK's own key covers its retry).
   */
  async expireCheckout(sessionId: string): Promise<integrationsV1.Checkout> {
    const before = await call('get_checkout', () => this.stripe.checkout.sessions.retrieve(sessionId));
    if (before.status !== 'open') return toCheckout(before, await this.savedPaymentMethod(before));
    try {
      return toCheckout(await call('expire_checkout', () => this.stripe.checkout.sessions.expire(sessionId)), '');
    } catch (err) {
      // Paid (or expired) in between: Stripe refuses to expire a session that is not open.
      if (!(err instanceof PaymentRequestRefusedError)) throw err;
      const after = await call('get_checkout', () => this.stripe.checkout.sessions.retrieve(sessionId));
      if (after.status === 'open') throw err;
      return toCheckout(after, await this.savedPaymentMethod(after));
    }
  }

  /** Refunds `amount` of a payment; Stripe refuses more than what is left of it. */
  async refund(
    paymentIntentId: string,
    amount: number,
    idempotencyKey: string,
  ): Promise<integrationsV1.PaymentMovement> {
    const refund = await call('refund', () =>
      this.stripe.refunds.create({ payment_intent: paymentIntentId, amount }, { idempotencyKey }),
    );
    return {
      id: refund.id,
      status: refundStatus(refund.status),
      amount: refund.amount,
      currency: refund.currency.toUpperCase(),
    };
  }

  /**
   * Charges a saved card off session (a no-show fee). A card the bank declines, or one that would
   * need the customer to authenticate, is a movement with status failed, not an error: the
   * charge was tried and the booking records it.
   */
  async chargeSavedCard(charge: SavedCardCharge, idempotencyKey: string): Promise<integrationsV1.PaymentMovement> {
    const currency = charge.currency.toUpperCase();
    let intent: Stripe.PaymentIntent;
    try {
      intent = await call('charge_saved_card', () =>
        this.stripe.paymentIntents.create(
          {
            amount: charge.amount,
            currency: charge.currency.toLowerCase(),
            customer: charge.customerRef,
            payment_method: charge.paymentMethodId,
            off_session: true,
            confirm: true,
            ...(charge.description === '' ? {} : { description: charge.description }),
          },
          { idempotencyKey },
        ),
      );
    } catch (err) {
      if (err instanceof CardDeclinedError) {
        return { id: err.paymentIntentId, status: 'failed', amount: charge.amount, currency };
      }
      throw err;
    }
    return { id: intent.id, status: intentStatus(intent.status), amount: intent.amount, currency };
  }

  /**
   * Deletes a customer of the account, and so the email and saved cards it holds (the erase of
   * the platform's customer); false when Stripe has no such customer any more (deleted before).
   */
  async deleteCustomer(customerRef: string): Promise<boolean> {
    try {
      await call('delete_customer', () => this.stripe.customers.del(customerRef));
      return true;
    } catch (err) {
      if (err instanceof PaymentRequestRefusedError && err.code === 'resource_missing') return false;
      throw err;
    }
  }

  private async savedPaymentMethod(session: Stripe.Checkout.Session): Promise<string> {
    const intent = session.payment_intent;
    if (session.payment_status !== 'paid' || session.customer === null || intent === null) return '';
    if (typeof intent !== 'string') return idOf(intent.payment_method);
    const read = await call('get_payment_intent', () => this.stripe.paymentIntents.retrieve(intent));
    return idOf(read.payment_method);
  }
}

const idOf = (value: string | { id: string } | null | undefined): string =>
  typeof value === 'string' ? value : (value?.id ?? '');

function toCheckout(session: Stripe.Checkout.Session, paymentMethodId: string): integrationsV1.Checkout {
  return {
    sessionId: session.id,
    // The hosted page is of use only while the session can be paid.
    url: session.status === 'open' ? (session.url ?? '') : '',
    status: session.status ?? '',
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paymentIntentId: idOf(session.payment_intent),
    customerRef: idOf(session.customer),
    paymentMethodId,
  };
}

/** A refund's status in the contract's words: succeeded | pending | failed | requires_action. */
function refundStatus(status: string | null): string {
  switch (status) {
    case 'succeeded':
    case 'requires_action':
    case 'failed':
      return status;
    case 'canceled':
      return 'failed';
    default:
      return 'pending';
  }
}

/** A payment intent's status in the same words. */
function intentStatus(status: Stripe.PaymentIntent.Status): string {
  switch (status) {
    case 'succeeded':
    case 'requires_action':
      return status;
    case 'requires_payment_method':
    case 'canceled':
      return 'failed';
    default:
      // processing, requires_capture, requires_confirmation: not settled yet.
      return 'pending';
  }
}

/** A card error (402) of an off-session charge: what it names of the failed payment intent. */
class CardDeclinedError extends Error {
  override readonly name = 'CardDeclinedError';
  constructor(readonly paymentIntentId: string) {
    super('the card was declined');
  }
}

/** One timed Stripe call, its error (if any) in our terms. */
async function call<R>(operation: Operation, run: () => Promise<R>): Promise<R> {
  const end = providerRequests.startTimer({ service: SERVICE, provider: 'stripe', operation });
  try {
    const result = await run();
    end({ outcome: 'ok' });
    return result;
  } catch (err) {
    const mapped = classify(err);
    end({
      outcome:
        mapped instanceof CardDeclinedError
          ? 'declined'
          : mapped instanceof PaymentKeyRefusedError
            ? 'refused'
            : 'failed',
    });
    throw mapped;
  }
}

function classify(err: unknown): PaymentError | CardDeclinedError {
  const { errors } = Stripe;
  if (err instanceof errors.StripeAuthenticationError) return new PaymentKeyRefusedError(false);
  if (err instanceof errors.StripePermissionError) return new PaymentKeyRefusedError(true);
  if (err instanceof errors.StripeCardError) return new CardDeclinedError(idOf(err.payment_intent));
  if (err instanceof errors.StripeInvalidRequestError || err instanceof errors.StripeIdempotencyError) {
    return new PaymentRequestRefusedError(err.code ?? err.type, err.param ?? '');
  }
  if (err instanceof errors.StripeError && err.statusCode !== undefined) {
    return new PaymentUnavailableError(`Stripe answered ${err.statusCode}`);
  }
  // No answer at all (refused connection, timeout), or one the SDK could not read.
  return new PaymentUnavailableError('Stripe could not be reached');
}

import { randomInt } from 'node:crypto';
import { formatMoney, isCurrency, MAXIMUM_AMOUNT, minimumCharge } from './stripe-currency.js';
import { invalidParam, Params, StripeRefusal, type StripeErrorBody } from './stripe-form.js';

/**
 * The Stripe stand-in's state and operations, without HTTP: accounts, Checkout Sessions,
 * PaymentIntents, refunds, customers and payment methods, with Stripe's field names and the
 * transitions its reference describes (https://docs.stripe.com/api/checkout/sessions and the
 * create, retrieve, list and expire pages beside it, https://docs.stripe.com/api/refunds/create,
 * https://docs.stripe.com/api/payment_intents/create, https://docs.stripe.com/api/accounts/retrieve).
 * Every object belongs to one account; another account's id is "No such …", as Stripe answers.
 */

export interface StripeAccount {
  id: string;
  object: 'account';
  business_profile: { name: string | null; url: string | null };
  charges_enabled: boolean;
  country: string;
  created: number;
  default_currency: string;
  details_submitted: boolean;
  email: string | null;
  payouts_enabled: boolean;
  settings: { dashboard: { display_name: string | null; timezone: string } };
  type: 'standard';
}

export interface StripePrice {
  id: string;
  object: 'price';
  active: boolean;
  created: number;
  currency: string;
  livemode: boolean;
  metadata: Record<string, string>;
  product: string;
  type: 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface StripeLineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  /** The product's name. */
  description: string;
  price: StripePrice;
  quantity: number;
}

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface StripeCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: boolean;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  /** Null until the session is paid: Stripe makes the PaymentIntent when the customer pays. */
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'complete' | 'expired' | 'open';
  success_url: string | null;
  ui_mode: 'hosted';
  /** The hosted payment page while the session is open, null afterwards. */
  url: string | null;
  /** Only when asked with `expand[]=line_items` (and in the stand-in's `sessions()`). */
  line_items?: StripeList<StripeLineItem>;
}

export interface StripePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: boolean;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  setup_future_usage: 'off_session' | 'on_session' | null;
  status: 'requires_confirmation' | 'requires_payment_method' | 'succeeded';
}

export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  status: 'succeeded';
}

export interface StripePaymentMethod {
  id: string;
  object: 'payment_method';
  card: { brand: string; exp_month: number; exp_year: number; last4: string };
  created: number;
  customer: string | null;
  livemode: boolean;
  type: 'card';
}

/** Who asks: the account the API key belongs to, and the key's mode. */
export interface Caller {
  account: string;
  livemode: boolean;
}

/** How a card is declined off-session (https://docs.stripe.com/declines/codes). */
export type DeclineReason = 'generic_decline' | 'insufficient_funds' | 'authentication_required';

export interface PayOptions {
  /**
   * Whether the card is saved when the session asked for it (`setup_future_usage`); false is a
   * customer who did not agree to saving it. Default true.
   */
  saveCard?: boolean;
  /** The customer's email when the session named none (default `customer@example.com`). */
  email?: string;
  name?: string;
}

const DAY_S = 86_400;
/** Stripe's window for `expires_at`: 30 minutes to 24 hours after creation. */
const MIN_EXPIRY_S = 30 * 60;
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function stripeId(prefix: string, length = 24): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += ALPHANUM[randomInt(ALPHANUM.length)];
  return out;
}

const missing = (kind: string, id: string, param: string, status = 400) =>
  new StripeRefusal(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });

const refuse = (message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeRefusal(400, { type: 'invalid_request_error', message, ...extra });

interface SessionRecord {
  account: string;
  session: StripeCheckoutSession;
  lineItems: StripeLineItem[];
  setupFutureUsage: 'off_session' | 'on_session' | null;
  intentMetadata: Record<string, string>;
  intentDescription: string | null;
}

interface Owned<T> {
  account: string;
  value: T;
}

const SESSION_PARAMS = [
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'metadata',
  'customer_email',
  'customer_creation',
  'payment_intent_data',
  'expires_at',
  'payment_method_types',
  'locale',
  'expand',
];
const EXPANDABLE = ['line_items', 'payment_intent'];
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

export class StripeLedger {
  private readonly accounts = new Map<string, StripeAccount>();
  private readonly sessionRecords = new Map<string, SessionRecord>();
  private readonly intents = new Map<string, Owned<StripePaymentIntent>>();
  private readonly refundList: Owned<StripeRefund>[] = [];
  private readonly customers = new Map<string, Owned<{ id: string; email: string | null }>>();
  private readonly methods = new Map<string, Owned<StripePaymentMethod>>();
  private declining: DeclineReason | null = null;

  constructor(
    private readonly nowMs: () => number,
    /** The hosted page of a session (its `url`). */
    private readonly pageUrl: (sessionId: string) => string,
  ) {}

  private now(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  addAccount(id: string, fields: { displayName?: string; country?: string; defaultCurrency?: string } = {}): void {
    if (this.accounts.has(id)) return;
    this.accounts.set(id, {
      id,
      object: 'account',
      business_profile: { name: fields.displayName ?? null, url: null },
      charges_enabled: true,
      country: fields.country ?? 'DE',
      created: this.now(),
      default_currency: fields.defaultCurrency ?? 'eur',
      details_submitted: true,
      email: null,
      payouts_enabled: true,
      settings: { dashboard: { display_name: fields.displayName ?? null, timezone: 'Etc/UTC' } },
      type: 'standard',
    });
  }

  account(caller: Caller): StripeAccount {
    const account = this.accounts.get(caller.account);
    if (!account) throw new Error(`stand-in account ${caller.account} is missing`);
    return structuredClone(account);
  }

  declineCards(reason: DeclineReason | null): void {
    this.declining = reason;
  }

  // ---- Checkout Sessions ----

  createSession(caller: Caller, values: Params): StripeCheckoutSession {
    values.only(SESSION_PARAMS).required('mode');
    const mode = values.oneOf('mode', ['payment', 'setup', 'subscription']);
    if (mode !== 'payment') throw invalidParam('mode', `mode=${mode} is not implemented by the Stripe stand-in`);
    const items = values.required('line_items').hashes('line_items') ?? [];
    if (items.length === 0)
      throw invalidParam('line_items', 'Missing required param: line_items.', 'parameter_missing');
    const created = this.now();
    const lineItems = items.map((item) => this.lineItem(caller, item, created));
    const currency = lineItems[0]?.currency ?? '';
    if (lineItems.some((li) => li.currency !== currency)) {
      throw invalidParam('line_items', 'All line_items must use the same currency.');
    }
    const total = lineItems.reduce((sum, li) => sum + li.amount_total, 0);
    checkAmount(
      total,
      currency,
      'line_items',
      (min) => `The Checkout Session's total amount due must add up to at least ${min}`,
    );
    const successUrl = url(values, 'success_url');
    const cancelUrl = url(values, 'cancel_url');
    const email = values.string('customer_email', 800);
    if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      throw invalidParam('customer_email', `Invalid email address: ${email}`, 'email_invalid');
    }
    const intentData = values.hash('payment_intent_data');
    intentData?.only(['setup_future_usage', 'metadata', 'description']);
    const methodTypes = values.strings('payment_method_types') ?? ['card'];
    if (methodTypes.some((t) => t !== 'card')) {
      throw invalidParam('payment_method_types', 'Only card payments are implemented by the Stripe stand-in');
    }
    const expiresAt = values.int('expires_at', 0);
    if (expiresAt !== undefined && expiresAt < created + MIN_EXPIRY_S) {
      throw invalidParam(
        'expires_at',
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      );
    }
    if (expiresAt !== undefined && expiresAt > created + DAY_S) {
      throw invalidParam(
        'expires_at',
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      );
    }
    const expand = expansions(values);
    const id = stripeId(caller.livemode ? 'cs_live_' : 'cs_test_', 58);
    const session: StripeCheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: cancelUrl ?? null,
      client_reference_id: values.string('client_reference_id', 200) ?? null,
      created,
      currency,
      customer: null,
      customer_creation: values.oneOf('customer_creation', ['always', 'if_required']) ?? 'if_required',
      customer_details: null,
      customer_email: email ?? null,
      expires_at: expiresAt ?? created + DAY_S,
      livemode: caller.livemode,
      locale: values.string('locale') ?? null,
      metadata: values.metadata() ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: methodTypes,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl ?? null,
      ui_mode: 'hosted',
      url: this.pageUrl(id),
    };
    this.sessionRecords.set(id, {
      account: caller.account,
      session,
      lineItems,
      setupFutureUsage: intentData?.oneOf('setup_future_usage', ['off_session', 'on_session']) ?? null,
      intentMetadata: intentData?.metadata() ?? {},
      intentDescription: intentData?.string('description') ?? null,
    });
    return this.view(this.sessionRecords.get(id) as SessionRecord, expand);
  }

  private lineItem(caller: Caller, item: Params, created: number): StripeLineItem {
    item.only(['price_data', 'quantity']).required('quantity');
    // A Price object's id (`price`) is not implemented: our Checkout Sessions carry price_data.
    const quantity = item.int('quantity', 1, 999_999) ?? 1;
    const priceData = item.required('price_data').hash('price_data') as Params;
    priceData.only(['currency', 'unit_amount', 'product_data']).required('currency').required('unit_amount');
    const currency = currencyOf(priceData);
    const unitAmount = priceData.int('unit_amount', 0, MAXIMUM_AMOUNT) ?? 0;
    const product = priceData.required('product_data').hash('product_data') as Params;
    product.only(['name', 'description']).required('name');
    const name = product.string('name', 250) ?? '';
    if (name.trim() === '') {
      throw product.refuse(
        'name',
        'Invalid string: the product name may not be empty',
        'parameter_invalid_string_empty',
      );
    }
    return {
      id: stripeId('li_'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: unitAmount * quantity,
      amount_tax: 0,
      amount_total: unitAmount * quantity,
      currency,
      description: name,
      price: {
        id: stripeId('price_'),
        object: 'price',
        active: false,
        created,
        currency,
        livemode: caller.livemode,
        metadata: {},
        product: stripeId('prod_', 14),
        type: 'one_time',
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      },
      quantity,
    };
  }

  retrieveSession(caller: Caller, id: string, values: Params): StripeCheckoutSession {
    values.only(['expand']);
    return this.view(this.ownSession(caller, id, 'session', 404), expansions(values));
  }

  listSessions(caller: Caller, values: Params): StripeList<StripeCheckoutSession> {
    values.only(['limit', 'starting_after', 'ending_before', 'status', 'payment_intent', 'customer', 'expand']);
    const limit = values.int('limit', 1, 100) ?? 10;
    const status = values.oneOf('status', ['open', 'complete', 'expired']);
    const intent = values.string('payment_intent');
    const customer = values.string('customer');
    const expand = expansions(values, 'data.');
    // Newest first, as Stripe lists.
    const all = [...this.sessionRecords.values()]
      .filter((r) => r.account === caller.account && r.session.livemode === caller.livemode)
      .map((r) => (this.refresh(r), r))
      .filter((r) => status === undefined || r.session.status === status)
      .filter((r) => intent === undefined || r.session.payment_intent === intent)
      .filter((r) => customer === undefined || r.session.customer === customer)
      .reverse();
    let from = 0;
    let to = all.length;
    const after = values.string('starting_after');
    const before = values.string('ending_before');
    if (after !== undefined) from = cursor(all, after, 'starting_after') + 1;
    if (before !== undefined) to = cursor(all, before, 'ending_before');
    const page =
      before !== undefined && after === undefined
        ? all.slice(Math.max(from, to - limit), to)
        : all.slice(from, from + limit);
    const more = before !== undefined && after === undefined ? to - limit > from : from + limit < to;
    return {
      object: 'list',
      data: page.map((r) => this.view(r, expand)),
      has_more: more,
      url: '/v1/checkout/sessions',
    };
  }

  expireSession(caller: Caller, id: string, values: Params): StripeCheckoutSession {
    values.only(['expand']);
    const record = this.ownSession(caller, id, 'session', 404);
    if (record.session.status !== 'open') {
      throw refuse(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${record.session.status}\`.`,
      );
    }
    record.session.status = 'expired';
    record.session.url = null;
    return this.view(record, expansions(values));
  }

  /** Completes an open session as the customer paying on the hosted page. */
  pay(sessionId: string, options: PayOptions = {}): StripeCheckoutSession {
    const record = this.sessionRecords.get(sessionId);
    if (!record) throw new Error(`the Stripe stand-in has no Checkout Session ${sessionId}`);
    this.refresh(record);
    const { session } = record;
    if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${session.status}, not open`);
    const saved = record.setupFutureUsage !== null && options.saveCard !== false;
    const email = session.customer_email ?? options.email ?? 'customer@example.com';
    const customer =
      session.customer_creation === 'always' || saved ? this.addCustomer(record.account, email).id : null;
    const method = this.addMethod(record.account, session.livemode, saved ? customer : null);
    const intent: StripePaymentIntent = {
      ...this.newIntent(session.livemode, session.amount_total, session.currency),
      customer,
      description: record.intentDescription,
      latest_charge: stripeId('ch_'),
      metadata: { ...record.intentMetadata },
      payment_method: method.id,
      setup_future_usage: saved ? record.setupFutureUsage : null,
      status: 'succeeded',
      amount_received: session.amount_total,
    };
    this.intents.set(intent.id, { account: record.account, value: intent });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      customer,
      customer_details: { email, name: options.name ?? null },
      url: null,
    } satisfies Partial<StripeCheckoutSession>);
    return this.view(record, ['line_items']);
  }

  /** The session behind a hosted page, as the API would answer it (line items expanded). */
  pageSession(
    sessionId: string,
  ): { session: StripeCheckoutSession; accountName: string | null; savesCard: boolean } | null {
    const record = this.sessionRecords.get(sessionId);
    if (!record) return null;
    this.refresh(record);
    const account = this.accounts.get(record.account);
    return {
      session: this.view(record, ['line_items']),
      accountName: account?.settings.dashboard.display_name ?? null,
      savesCard: record.setupFutureUsage !== null,
    };
  }

  /** Every session (line items expanded), oldest first. */
  sessions(): StripeCheckoutSession[] {
    return [...this.sessionRecords.values()].map((r) => (this.refresh(r), this.view(r, ['line_items'])));
  }

  private ownSession(caller: Caller, id: string, param: string, status: number): SessionRecord {
    const record = this.sessionRecords.get(id);
    if (!record || record.account !== caller.account || record.session.livemode !== caller.livemode) {
      throw missing('checkout.session', id, param, status);
    }
    this.refresh(record);
    return record;
  }

  /** An open session past its `expires_at` is expired (Stripe expires it on its own). */
  private refresh(record: SessionRecord): void {
    if (record.session.status === 'open' && this.now() >= record.session.expires_at) {
      record.session.status = 'expired';
      record.session.url = null;
    }
  }

  private view(record: SessionRecord, expand: string[]): StripeCheckoutSession {
    const out = structuredClone(record.session);
    if (expand.includes('line_items')) {
      out.line_items = {
        object: 'list',
        data: structuredClone(record.lineItems),
        has_more: false,
        url: `/v1/checkout/sessions/${record.session.id}/line_items`,
      };
    }
    if (expand.includes('payment_intent') && out.payment_intent) {
      (out as unknown as { payment_intent: StripePaymentIntent }).payment_intent = structuredClone(
        (this.intents.get(out.payment_intent) as Owned<StripePaymentIntent>).value,
      );
    }
    return out;
  }

  // ---- PaymentIntents ----

  createPaymentIntent(caller: Caller, values: Params): StripePaymentIntent {
    values
      .only(['amount', 'currency', 'customer', 'payment_method', 'off_session', 'confirm', 'metadata', 'description'])
      .required('amount')
      .required('currency');
    const amount = values.int('amount', 1, MAXIMUM_AMOUNT) as number;
    const currency = currencyOf(values);
    checkAmount(amount, currency, 'amount', (min) => `Amount must be at least ${min} ${currency}`);
    const confirm = values.bool('confirm') ?? false;
    const offSession = values.bool('off_session');
    if (offSession !== undefined && !confirm) {
      throw invalidParam('off_session', 'You can only pass `off_session` when `confirm` is true.');
    }
    const customerId = values.string('customer');
    const customer = customerId === undefined ? undefined : this.customers.get(customerId);
    if (customerId !== undefined && customer?.account !== caller.account)
      throw missing('customer', customerId, 'customer');
    const methodId = values.string('payment_method');
    const method = methodId === undefined ? undefined : this.methods.get(methodId);
    if (methodId !== undefined && method?.account !== caller.account) {
      throw missing('payment_method', methodId, 'payment_method');
    }
    if (method && method.value.customer !== (customerId ?? null)) {
      // Stripe's words for a card that was used once without being saved to this customer.
      throw refuse(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { param: 'payment_method' },
      );
    }
    if (confirm && !method) {
      throw invalidParam(
        'payment_method',
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
      );
    }
    const intent: StripePaymentIntent = {
      ...this.newIntent(caller.livemode, amount, currency),
      customer: customerId ?? null,
      description: values.string('description') ?? null,
      metadata: values.metadata() ?? {},
      payment_method: methodId ?? null,
      status: method ? 'requires_confirmation' : 'requires_payment_method',
    };
    this.intents.set(intent.id, { account: caller.account, value: intent });
    if (!confirm) return structuredClone(intent);
    intent.latest_charge = stripeId('ch_');
    if (this.declining) {
      const error = declineError(this.declining, intent.latest_charge);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { ...error, payment_method: structuredClone(method?.value) };
      throw new StripeRefusal(402, {
        ...error,
        payment_intent: structuredClone(intent),
        payment_method: structuredClone(method?.value),
      });
    }
    intent.status = 'succeeded';
    intent.amount_received = amount;
    return structuredClone(intent);
  }

  retrievePaymentIntent(caller: Caller, id: string, values: Params): StripePaymentIntent {
    values.only(['client_secret']);
    const owned = this.intents.get(id);
    if (!owned || owned.account !== caller.account) throw missing('payment_intent', id, 'intent', 404);
    return structuredClone(owned.value);
  }

  paymentIntents(): StripePaymentIntent[] {
    return [...this.intents.values()].map((o) => structuredClone(o.value));
  }

  private newIntent(livemode: boolean, amount: number, currency: string): StripePaymentIntent {
    const id = stripeId('pi_');
    return {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${stripeId('', 25)}`,
      confirmation_method: 'automatic',
      created: this.now(),
      currency,
      customer: null,
      description: null,
      last_payment_error: null,
      latest_charge: null,
      livemode,
      metadata: {},
      payment_method: null,
      payment_method_types: ['card'],
      setup_future_usage: null,
      status: 'requires_payment_method',
    };
  }

  // ---- Refunds ----

  createRefund(caller: Caller, values: Params): StripeRefund {
    values.only(['payment_intent', 'charge', 'amount', 'reason', 'metadata']);
    const intentId = values.string('payment_intent');
    const chargeId = values.string('charge');
    if (intentId === undefined && chargeId === undefined) {
      throw invalidParam('payment_intent', 'One of `charge` or `payment_intent` is required.', 'parameter_missing');
    }
    const owned =
      intentId !== undefined
        ? this.intents.get(intentId)
        : [...this.intents.values()].find((o) => o.value.latest_charge === chargeId);
    if (!owned || owned.account !== caller.account) {
      throw intentId !== undefined
        ? missing('payment_intent', intentId, 'payment_intent')
        : missing('charge', chargeId as string, 'charge');
    }
    const amount = values.int('amount', 1);
    if (amount !== undefined) checkStep(amount, owned.value.currency, 'amount');
    const reason = values.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer']);
    const metadata = values.metadata() ?? {};
    const intent = owned.value;
    if (intent.status !== 'succeeded' || intent.latest_charge === null) {
      throw refuse(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        param: 'payment_intent',
      });
    }
    const refunded = this.refundList
      .filter((r) => r.value.payment_intent === intent.id)
      .reduce((sum, r) => sum + r.value.amount, 0);
    const remaining = intent.amount_received - refunded;
    if (remaining === 0) {
      throw refuse(`Charge ${intent.latest_charge} has already been refunded.`, {
        code: 'charge_already_refunded',
        doc_url: 'https://stripe.com/docs/error-codes/charge-already-refunded',
      });
    }
    if (amount !== undefined && amount > remaining) {
      throw refuse(
        `Refund amount (${formatMoney(amount, intent.currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, intent.currency)})`,
        { param: 'amount' },
      );
    }
    const refund: StripeRefund = {
      id: stripeId('re_'),
      object: 'refund',
      amount: amount ?? remaining,
      balance_transaction: stripeId('txn_'),
      charge: intent.latest_charge,
      created: this.now(),
      currency: intent.currency,
      metadata,
      payment_intent: intent.id,
      reason: reason ?? null,
      status: 'succeeded',
    };
    this.refundList.push({ account: caller.account, value: refund });
    return structuredClone(refund);
  }

  refunds(): StripeRefund[] {
    return this.refundList.map((o) => structuredClone(o.value));
  }

  // ---- customers (made by paying; deleted through the API) and cards ----

  /** https://docs.stripe.com/api/customers/delete: the customer is gone, its saved cards with it. */
  deleteCustomer(caller: Caller, id: string): { id: string; object: 'customer'; deleted: true } {
    const owned = this.customers.get(id);
    if (!owned || owned.account !== caller.account) throw missing('customer', id, 'id', 404);
    this.customers.delete(id);
    for (const [methodId, method] of this.methods) {
      if (method.value.customer === id) this.methods.delete(methodId);
    }
    return { id, object: 'customer', deleted: true };
  }

  customerList(): { id: string; email: string | null }[] {
    return [...this.customers.values()].map((o) => ({ ...o.value }));
  }

  private addCustomer(account: string, email: string): { id: string } {
    const id = stripeId('cus_', 14);
    this.customers.set(id, { account, value: { id, email } });
    return { id };
  }

  private addMethod(account: string, livemode: boolean, customer: string | null): StripePaymentMethod {
    const method: StripePaymentMethod = {
      id: stripeId('pm_'),
      object: 'payment_method',
      card: { brand: 'visa', exp_month: 12, exp_year: new Date(this.nowMs()).getUTCFullYear() + 3, last4: '4242' },
      created: this.now(),
      customer,
      livemode,
      type: 'card',
    };
    this.methods.set(method.id, { account, value: method });
    return method;
  }
}

function currencyOf(values: Params): string {
  const currency = values.string('currency') ?? '';
  if (!isCurrency(currency)) {
    // The reference: "Three-letter ISO currency code, in lowercase. Must be a supported currency."
    throw values.refuse(
      'currency',
      `Invalid currency: ${currency}. Give a three-letter ISO currency code in lowercase.`,
    );
  }
  return currency;
}

function checkAmount(amount: number, currency: string, param: string, below: (min: string) => string): void {
  checkStep(amount, currency, param);
  const min = minimumCharge(currency);
  if (min !== undefined && amount < min) {
    throw new StripeRefusal(
      400,
      { type: 'invalid_request_error', code: 'amount_too_small', param, message: below(formatMoney(min, currency)) },
      'validation',
    );
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw new StripeRefusal(
      400,
      {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param,
        message: `Amount must be no more than ${formatMoney(MAXIMUM_AMOUNT, currency)}`,
      },
      'validation',
    );
  }
}

function url(values: Params, key: string): string | undefined {
  const text = values.string(key, 5_000);
  if (text === undefined) return undefined;
  try {
    const parsed = new URL(text.replace('{CHECKOUT_SESSION_ID}', 'cs'));
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return text;
  } catch {
    // answered below
  }
  throw invalidParam(key, 'Not a valid URL', 'url_invalid');
}

function expansions(values: Params, prefix = ''): string[] {
  const asked = values.strings('expand') ?? [];
  return asked.map((path) => {
    const field = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    if (!EXPANDABLE.includes(field)) throw invalidParam('expand', `This property cannot be expanded (${path}).`);
    return field;
  });
}

function cursor(records: SessionRecord[], id: string, param: string): number {
  const at = records.findIndex((r) => r.session.id === id);
  if (at < 0) throw missing('checkout.session', id, param);
  return at;
}

function declineError(reason: DeclineReason, charge: string): StripeErrorBody {
  const messages: Record<DeclineReason, string> = {
    generic_decline: 'Your card was declined.',
    insufficient_funds: 'Your card has insufficient funds.',
    authentication_required: 'Your card was declined. This transaction requires authentication.',
  };
  const code = reason === 'authentication_required' ? 'authentication_required' : 'card_declined';
  return {
    type: 'card_error',
    code,
    decline_code: reason,
    message: messages[reason],
    charge,
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
  };
}

/**
 * https://docs.stripe.com/currencies#three-decimal: Stripe charges BHD, JOD, KWD, OMR and TND to
 * two decimals, so an amount in thousandths must end in 0.
 */
function checkStep(amount: number, currency: string, param: string): void {
  if (!THREE_DECIMAL.has(currency) || amount % 10 === 0) return;
  throw new StripeRefusal(
    400,
    {
      type: 'invalid_request_error',
      code: 'invalid_amount',
      param,
      message: `Invalid amount: ${currency.toUpperCase()} amounts must be divisible by 10 (three-decimal currencies are charged to two decimals).`,
    },
    'validation',
  );
}

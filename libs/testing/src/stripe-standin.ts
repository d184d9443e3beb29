import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutPage, closedPage, successRedirect } from './stripe-checkout-page.js';
import { parseStripeForm, Params, StripeRefusal, type FormParams, type StripeErrorBody } from './stripe-form.js';
import { IdempotentAnswers, MAX_IDEMPOTENCY_KEY } from './stripe-idempotency.js';
import { checkWithStripeMock } from './stripe-mock-check.js';
import { StripeKeys, type StripeKeyPermissions, type StripeResource } from './stripe-standin-keys.js';
import {
  StripeLedger,
  stripeId,
  type Caller,
  type DeclineReason,
  type PayOptions,
  type StripeCheckoutSession,
  type StripePaymentIntent,
  type StripeRefund,
} from './stripe-standin-ledger.js';
import { readBody } from './request-body.js';

/**
 * A contract stand-in for the parts of the Stripe API the integrations service uses, NOT
 * Stripe: a small stateful server on Stripe's published request and response shapes, so a
 * Checkout Session can be paid, expired and refunded in a test. It follows the API reference:
 * - https://docs.stripe.com/api/checkout/sessions (the object) and
 *   https://docs.stripe.com/api/checkout/sessions/create, /retrieve, /list and /expire:
 *   `POST /v1/checkout/sessions` (mode=payment with `line_items[n][price_data]`, success and
 *   cancel URLs, `client_reference_id`, `metadata`, `customer_email`, `customer_creation`,
 *   `payment_intent_data[setup_future_usage]`, `expires_at` 30 min–24 h ahead),
 *   `GET /v1/checkout/sessions/{id}` (`expand[]=line_items|payment_intent`),
 *   `GET /v1/checkout/sessions` (newest first, `limit` 1–100 default 10, `starting_after`,
 *   `ending_before`, `status`, `payment_intent`, `customer`) and
 *   `POST /v1/checkout/sessions/{id}/expire` (400 unless the session is open);
 * - https://docs.stripe.com/api/refunds/create: `POST /v1/refunds` (`payment_intent` or
 *   `charge`, `amount` defaulting to what is left, refused above it);
 * - https://docs.stripe.com/api/payment_intents/create: `POST /v1/payment_intents` (an
 *   off-session charge of a saved card: `customer`, `payment_method`, `off_session=true`,
 *   `confirm=true` → `succeeded`, or 402 `card_error` while `declineCards` is on), and
 *   `GET /v1/payment_intents/{id}`;
 * - https://docs.stripe.com/api/customers/delete: `DELETE /v1/customers/{id}` (`{ id, object:
 *   'customer', deleted: true }`; a customer already deleted is 404 `resource_missing`);
 * - https://docs.stripe.com/api/accounts/retrieve: `GET /v1/account`;
 * - https://docs.stripe.com/api/errors: errors as `{ error: { type, code, message, param } }`;
 *   a key it does not know is 401, a restricted key without the resource's permission 403;
 * - https://docs.stripe.com/api/idempotent_requests: a POST's `Idempotency-Key` replays the
 *   saved answer for the same parameters (`Idempotent-Replayed: true`) and refuses other
 *   parameters with 400 `idempotency_error`; a request refused by its parameter checks saves
 *   nothing. Keys are the account's; the newest 10,000 are kept.
 * Bodies and queries use Stripe's form encoding with bracket notation (stripe-form.ts). A
 * session's `url` is the stand-in's hosted page `GET /pay/{id}`, whose "Pay" button completes
 * the session and redirects (303) to `success_url`; parameters and endpoints the stand-in does
 * not implement are refused with a 400 or 404 saying so.
 *
 * With `validateWith` (a stripe-mock URL, stripe-mock-server.ts) every API request is first
 * sent to stripe-mock as is; what it refuses (a 4xx: an unknown parameter, a wrong type) is
 * answered as stripe-mock answered it and noted in `rejections()`, so a test proves each
 * request valid against Stripe's own OpenAPI specification.
 */
export interface StripeStandIn {
  /** The API's base URL (what STRIPE_API_URL names); the endpoints are under `/v1`. */
  readonly url: string;
  /**
   * Registers an API key (`sk_test_…`, `rk_test_…`, `sk_live_…`, `rk_live_…`) and answers its
   * account id: a new account, or `account` (made on first use, `displayName` its name). With
   * `permissions` the key is restricted to those resources (write includes read); without,
   * it may use every endpoint.
   */
  addKey(key: string, options?: StripeKeyOptions): string;
  /** Deletes a key (as rolling or deleting it in the Dashboard): it is then 401. */
  revokeKey(key: string): void;
  /** Completes an open session as a customer paying on its page; answers the session. */
  pay(sessionId: string, options?: PayOptions): StripeCheckoutSession;
  /** Every Checkout Session (line items expanded), oldest first. */
  sessions(): StripeCheckoutSession[];
  paymentIntents(): StripePaymentIntent[];
  refunds(): StripeRefund[];
  /** Every customer not deleted (made by paying a session that creates one), with the email it holds. */
  customers(): { id: string; email: string | null }[];
  /** Every API request, in the order it arrived (keys are never recorded). */
  requests(): StripeStandInRequest[];
  /** Every request stripe-mock refused (or could not check) with `validateWith`. */
  rejections(): StripeMockRejection[];
  /** The next `times` API requests answer `status` (500 by default) without running. */
  failNext(times: number, status?: number): void;
  /** While down, API requests lose their connection unanswered (the hosted page still works). */
  down(on: boolean): void;
  /** While on, off-session PaymentIntents are declined (402 card_error) for this reason. */
  declineCards(on: boolean, reason?: DeclineReason): void;
  close(): Promise<void>;
}

export interface StripeKeyOptions {
  account?: string;
  displayName?: string;
  permissions?: StripeKeyPermissions;
}

export interface StripeStandInRequest {
  method: string;
  path: string;
  /** The parameters as parsed: the query of a GET, the form body of a POST. */
  params: FormParams;
  /** The key's account, null when the key was refused (or never checked). */
  account: string | null;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  /** The answer's status; 0 when the connection was dropped (`down`). */
  status: number;
  replayed: boolean;
}

export interface StripeMockRejection {
  method: string;
  path: string;
  /** stripe-mock's status, 0 when it could not be reached. */
  status: number;
  /** stripe-mock's answer (its `error` object), or why it could not be reached. */
  error: unknown;
}

export interface StripeStandInOptions {
  /** A stripe-mock base URL to check every API request against first. */
  validateWith?: string;
  /** The clock of `created` and `expires_at` (default Date.now); sessions expire by it. */
  now?: () => number;
}

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** As the 404 lists it, `{id}` for the id. */
  path: string;
  resource: StripeResource;
  access: 'read' | 'write';
  run: (caller: Caller, params: Params, id: string) => unknown;
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const keys = new StripeKeys();
  const idempotent = new IdempotentAnswers();
  const seen: StripeStandInRequest[] = [];
  const rejected: StripeMockRejection[] = [];
  let failing = { times: 0, status: 500 };
  let isDown = false;
  let base = '';
  const ledger = new StripeLedger(options.now ?? Date.now, (id) => `${base}/pay/${id}`);

  const routes: Route[] = [
    {
      method: 'POST',
      path: '/v1/checkout/sessions',
      resource: 'checkout_sessions',
      access: 'write',
      run: (c, p) => ledger.createSession(c, p),
    },
    {
      method: 'GET',
      path: '/v1/checkout/sessions',
      resource: 'checkout_sessions',
      access: 'read',
      run: (c, p) => ledger.listSessions(c, p),
    },
    {
      method: 'GET',
      path: '/v1/checkout/sessions/{id}',
      resource: 'checkout_sessions',
      access: 'read',
      run: (c, p, id) => ledger.retrieveSession(c, id, p),
    },
    {
      method: 'POST',
      path: '/v1/checkout/sessions/{id}/expire',
      resource: 'checkout_sessions',
      access: 'write',
      run: (c, p, id) => ledger.expireSession(c, id, p),
    },
    {
      method: 'POST',
      path: '/v1/refunds',
      resource: 'refunds',
      access: 'write',
      run: (c, p) => ledger.createRefund(c, p),
    },
    {
      method: 'POST',
      path: '/v1/payment_intents',
      resource: 'payment_intents',
      access: 'write',
      run: (c, p) => ledger.createPaymentIntent(c, p),
    },
    {
      method: 'GET',
      path: '/v1/payment_intents/{id}',
      resource: 'payment_intents',
      access: 'read',
      run: (c, p, id) => ledger.retrievePaymentIntent(c, id, p),
    },
    {
      method: 'DELETE',
      path: '/v1/customers/{id}',
      resource: 'customers',
      access: 'write',
      run: (c, p, id) => (p.only([]), ledger.deleteCustomer(c, id)),
    },
    {
      method: 'GET',
      path: '/v1/account',
      resource: 'account',
      access: 'read',
      run: (c, p) => (p.only([]), ledger.account(c)),
    },
  ];
  const patterns = routes.map((r) => new RegExp(`^${r.path.replace('{id}', '([^/]+)')}$`));

  /** The route of a request and the id in its path; Stripe's 404 when none. */
  function route(method: string, path: string): { route: Route; id: string } {
    for (const [i, r] of routes.entries()) {
      const match = r.method === method ? patterns[i]?.exec(path) : null;
      if (match) return { route: r, id: decodeURIComponent(match[1] ?? '') };
    }
    throw new StripeRefusal(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). The Stripe stand-in implements only: ${routes.map((r) => `${r.method} ${r.path}`).join(', ')}.`,
    });
  }

  /** The request's parameters: its query for a GET, its form body for a POST. */
  function paramsOf(req: IncomingMessage, method: string, url: URL, body: string): FormParams {
    const type = req.headers['content-type'] ?? '';
    if (method === 'POST' && body !== '' && !/^application\/x-www-form-urlencoded\b/.test(type)) {
      throw new StripeRefusal(400, {
        type: 'invalid_request_error',
        message: `Invalid request: the body must be application/x-www-form-urlencoded, not ${type || 'untyped'}.`,
      });
    }
    return parseStripeForm(method === 'POST' ? body : url.search.slice(1));
  }

  /**
   * Answers an API request as Stripe would: the key, the route and the key's permission, the
   * parameters, then the idempotent replay or the endpoint itself.
   */
  function respond(req: IncomingMessage, record: StripeStandInRequest, url: URL, body: string, requestId: string) {
    const key = keys.authenticate(req.headers.authorization);
    record.account = key.account;
    const params = paramsOf(req, record.method, url, body);
    record.params = params;
    const { route: found, id } = route(record.method, url.pathname);
    keys.authorize(key, found.resource, found.access);
    // Stripe ignores the header on a GET.
    const idempotencyKey = record.method === 'POST' ? record.idempotencyKey : null;
    if (idempotencyKey !== null && idempotencyKey.length > MAX_IDEMPOTENCY_KEY) {
      throw new StripeRefusal(400, {
        type: 'invalid_request_error',
        message: `Idempotency keys can be at most ${MAX_IDEMPOTENCY_KEY} characters long.`,
      });
    }
    const scope = idempotencyKey === null ? null : `${key.account}:${key.livemode}:${idempotencyKey}`;
    const earlier = scope === null ? null : idempotent.lookup(scope, record.method, url.pathname, params);
    if (earlier?.kind === 'conflict') {
      throw new StripeRefusal(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      });
    }
    if (earlier?.kind === 'replay') {
      record.replayed = true;
      const { status, body: text, requestId: original } = earlier.saved;
      return { status, text, headers: { 'idempotent-replayed': 'true', 'original-request': original } };
    }
    let answer: { status: number; text: string; headers: Record<string, string> };
    try {
      const value = found.run({ account: key.account, livemode: key.livemode }, new Params(params), id);
      answer = { status: 200, text: JSON.stringify(value, null, 2), headers: {} };
    } catch (err) {
      // A request refused by its parameter checks never started: nothing to replay.
      if (!(err instanceof StripeRefusal) || err.stage === 'validation') throw err;
      answer = { status: err.status, text: errorText(err.error), headers: {} };
    }
    if (scope !== null) {
      idempotent.save(scope, record.method, url.pathname, params, {
        status: answer.status,
        body: answer.text,
        requestId,
      });
    }
    return answer;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const page = /^\/pay\/([^/]+)$/.exec(url.pathname)?.[1];
    if (page !== undefined) return hostedPage(res, method, decodeURIComponent(page));

    const record: StripeStandInRequest = {
      method,
      path: url.pathname,
      params: {},
      account: null,
      idempotencyKey: header(req, 'idempotency-key'),
      stripeVersion: header(req, 'stripe-version'),
      status: 0,
      replayed: false,
    };
    seen.push(record);
    if (isDown) return void req.socket.destroy();
    const body = await readBody(req);
    const requestId = stripeId('req_', 14);
    const answer = (status: number, text: string, extra: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        ...(record.stripeVersion ? { 'stripe-version': record.stripeVersion } : {}),
        ...(record.idempotencyKey ? { 'idempotency-key': record.idempotencyKey } : {}),
        ...extra,
      });
      res.end(text);
    };

    if (failing.times > 0) {
      failing.times--;
      return answer(failing.status, errorText(injectedError(failing.status)));
    }
    if (options.validateWith) {
      const refusal = await checkWithStripeMock(options.validateWith, req, url, body);
      if (refusal) {
        rejected.push({ method, path: url.pathname, status: refusal.status, error: refusal.error });
        return answer(refusal.status || 500, refusal.text);
      }
    }
    try {
      const done = respond(req, record, url, body, requestId);
      answer(done.status, done.text, done.headers);
    } catch (err) {
      if (!(err instanceof StripeRefusal)) throw err;
      answer(
        err.status,
        errorText(err.error),
        err.status === 401 ? { 'www-authenticate': 'Basic realm="Stripe"' } : {},
      );
    }
  }

  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  const redirect = (res: ServerResponse, to: string) => {
    res.writeHead(303, { location: to });
    res.end();
  };

  function hostedPage(res: ServerResponse, method: string, sessionId: string): void {
    const found = ledger.pageSession(sessionId);
    if (!found) return html(res, 404, '<!doctype html><title>Not found</title><p>No such checkout session.</p>');
    const { session } = found;
    if (method === 'POST' && session.status === 'open') {
      const paid = ledger.pay(sessionId, { saveCard: true });
      const to = successRedirect(paid);
      return to ? redirect(res, to) : html(res, 200, closedPage(paid));
    }
    // A second press of "Pay" after paying lands on the success page again.
    const done = method === 'POST' && session.status === 'complete' ? successRedirect(session) : null;
    if (done) return redirect(res, done);
    if (session.status === 'open') return html(res, 200, checkoutPage(session, found.accountName, found.savesCard));
    return html(res, session.status === 'expired' ? 410 : 200, closedPage(session));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // A stand-in bug: say so in Stripe's shape, never hang.
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(errorText({ type: 'api_error', message: `Stripe stand-in failure: ${String(err)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    addKey(key, opts = {}) {
      const account = opts.account ?? stripeId('acct_', 16);
      keys.add(key, account, opts.permissions ?? null);
      ledger.addAccount(account, opts.displayName === undefined ? {} : { displayName: opts.displayName });
      return account;
    },
    revokeKey: (key) => keys.revoke(key),
    pay: (sessionId, opts) => ledger.pay(sessionId, opts),
    sessions: () => ledger.sessions(),
    paymentIntents: () => ledger.paymentIntents(),
    refunds: () => ledger.refunds(),
    customers: () => ledger.customerList(),
    requests: () => seen.map((r) => structuredClone(r)),
    rejections: () => rejected.map((r) => structuredClone(r)),
    failNext(times, status = 500) {
      failing = { times, status };
    },
    down(on) {
      isDown = on;
    },
    declineCards(on, reason = 'generic_decline') {
      ledger.declineCards(on ? reason : null);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
}

const errorText = (error: StripeErrorBody): string => JSON.stringify({ error }, null, 2);

function injectedError(status: number): StripeErrorBody {
  if (status === 429) {
    return {
      type: 'invalid_request_error',
      code: 'rate_limit',
      message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
    };
  }
  return { type: 'api_error', message: 'An unknown error occurred. (injected by the Stripe stand-in)' };
}

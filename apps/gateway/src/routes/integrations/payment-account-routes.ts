import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { IntegrationClient } from '@svc/grpc';
import type { integrationsV1 } from '@svc/proto';
import { DomainError } from '@svc/errors';
import { STRIPE_SECRET_KEY } from '@svc/rules';
import { defineRoute } from '../../http/route.js';
import { present } from '../../api/present.js';
import { tenantOf } from '../../api/request-tenant.js';

/**
 * /api/payments/account (docs/decisions.md "Payments"): the workspace's Stripe account. Reading
 * needs a session; connecting and disconnecting need a write role and the CSRF header, like the
 * calendar connections. The secret key goes in with PUT and never comes out (the logger censors
 * `secretKey` and masks anything shaped like a Stripe key).
 */

const TAGS = ['payments'];
const ACCOUNT_PATH = '/api/payments/account';

const paymentAccountSchema = z
  .object({
    provider: z.enum(['stripe']),
    account: z
      .string()
      .describe(
        'The Stripe account’s name and id (`Praxis Weber (acct_…)`); empty when the key may not read the account.',
      ),
    mode: z.enum(['live', 'test']).describe('The key’s mode: `test` takes no real money.'),
    connectedAtMs: z.number().int(),
  })
  .describe('The connected Stripe account (never with its key).');

const answerSchema = z.object({
  account: paymentAccountSchema.nullable().describe('null: no Stripe account is connected.'),
});

type PaymentAccountRecord = z.input<typeof paymentAccountSchema>;

const toPaymentAccount = (a: integrationsV1.PaymentAccount): PaymentAccountRecord => ({
  provider: a.provider as PaymentAccountRecord['provider'],
  account: a.account,
  mode: a.mode as PaymentAccountRecord['mode'],
  connectedAtMs: a.connectedAtMs,
});

export function registerPaymentAccountRoutes(app: FastifyInstance, integrations: IntegrationClient | null): void {
  // Without an integrations service every route answers PROVIDER_NOT_CONNECTED.
  const payments = integrations ?? notDeployed();

  defineRoute(app, {
    method: 'GET',
    url: ACCOUNT_PATH,
    summary: 'Get the connected Stripe account',
    description: 'The account paid services are charged through, or null.',
    tags: TAGS,
    access: 'dashboard:read',
    response: answerSchema,
    handler: async (_input, request) => {
      const { account } = await payments.getPaymentAccount({ tenantId: tenantOf(request) });
      return { account: account ? toPaymentAccount(account) : null };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: ACCOUNT_PATH,
    summary: 'Connect a Stripe account with a secret key',
    description:
      'Give a restricted key (rk_live_… or rk_test_…; a secret key sk_… works too) with write access to Checkout ' +
      'Sessions, Payment Intents, Refunds and Customers (a customer erase deletes their Stripe customer). It is ' +
      'checked by one call to Stripe ' +
      'before it is stored encrypted, replaces any key connected before, and is never shown again. A key of ' +
      'another shape, or one Stripe refuses, is VALIDATION_ERROR at body.secretKey; Stripe unreachable is ' +
      'PROVIDER_ACTION_FAILED (502).',
    tags: TAGS,
    access: 'dashboard:write',
    body: z.strictObject({
      secretKey: z
        .string()
        .regex(STRIPE_SECRET_KEY, 'must be a Stripe secret key: rk_live_…, rk_test_…, sk_live_… or sk_test_…')
        .describe('The Stripe key; stored encrypted, never shown again.'),
    }),
    response: answerSchema,
    handler: async ({ body }, request) => {
      const res = await payments.connectPaymentAccount({ tenantId: tenantOf(request), secretKey: body.secretKey });
      return { account: toPaymentAccount(present(res.account, 'account')) };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: ACCOUNT_PATH,
    summary: 'Disconnect the Stripe account',
    description:
      'Forgets the account and its key. Paid services can no longer be booked (PROVIDER_NOT_CONNECTED) until an ' +
      'account is connected again. Without an account nothing changes. Answers `account: null`.',
    tags: TAGS,
    access: 'dashboard:write',
    response: answerSchema,
    handler: async (_input, request) => {
      await payments.disconnectPaymentAccount({ tenantId: tenantOf(request) });
      return { account: null };
    },
  });
}

/** A client whose every call answers PROVIDER_NOT_CONNECTED: no integrations service is deployed. */
function notDeployed(): IntegrationClient {
  return new Proxy({} as IntegrationClient, {
    get: () => async () => {
      throw new DomainError('PROVIDER_NOT_CONNECTED', 'Payments are not available on this platform.');
    },
  });
}

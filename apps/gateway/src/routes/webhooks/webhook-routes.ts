import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { WebhookClient } from '@svc/grpc';
import type { webhooksV1 } from '@svc/proto';
import {
  idSchema,
  WEBHOOK_EVENT_TYPES,
  webhookDescriptionSchema,
  webhookEventTypeSchema,
  webhookUrlSchema,
} from '@svc/rules';
import { linksTo, type RouteLink } from '../../http/openapi-links.js';
import { routeGroup } from '../../http/route-group.js';
import { perWorkspace } from '../../limits/rate-limits.js';
import {
  deliveryDetailSchema,
  deliveryRecordSchema,
  toDeliveryDetail,
  toDeliveryRecord,
} from '../../api/delivery-records.js';
import { noBody, patchOf } from '../../api/field-schemas.js';
import { pageOf, pageQueryShapeFor, pageRequest, toPage } from '../../api/paging.js';
import { recordIn } from '../../api/present.js';
import { tenantOf } from '../../api/request-tenant.js';
import { DASHBOARD_SURFACE, type AdminSurface } from '../../api/surfaces.js';

/**
 * /api/webhook-subscriptions and /api/webhook-deliveries (docs/decisions.md "Webhooks"): the
 * dashboard side of the webhook dispatcher. Reading needs a session; changes need a write role
 * and the CSRF header. The same routes under /v1 take an API key with webhook:read or
 * webhook:write instead. The dispatcher applies every rule again (the URL policy needs DNS and the
 * platform's profile, so only it can judge where a URL points).
 */

const SUBSCRIPTIONS = ['webhooks'];

const subscriptionRecordSchema = z
  .object({
    subscriptionId: z.string(),
    tenantId: z.string(),
    url: z.string().describe('Normalized (lower-case host, default port dropped).'),
    events: z.array(webhookEventTypeSchema).describe('The event names it receives; empty = all.'),
    description: z.string(),
    status: z.enum(['active', 'disabled']),
    createdAtMs: z.number().int(),
    updatedAtMs: z.number().int(),
  })
  .describe('A webhook subscription (never with its signing secret).');

const withSecretSchema = subscriptionRecordSchema
  .extend({
    signingSecret: z
      .string()
      .describe('`whsec_…`: the HMAC-SHA256 key of X-Service-Signature. Shown only in this answer; store it now.'),
  })
  .describe('The subscription with its signing secret, shown this once.');

type SubscriptionRecord = z.input<typeof subscriptionRecordSchema>;

const toSubscriptionRecord = (s: webhooksV1.Subscription): SubscriptionRecord => ({
  subscriptionId: s.subscriptionId,
  tenantId: s.tenantId,
  url: s.url,
  events: s.events as SubscriptionRecord['events'],
  description: s.description,
  status: s.status as SubscriptionRecord['status'],
  createdAtMs: s.createdAtMs,
  updatedAtMs: s.updatedAtMs,
});

const subscriptionOf = recordIn('subscription', toSubscriptionRecord);
/** The subscription with the signing secret the answer shows this once. */
const withSecret = (res: { subscription?: webhooksV1.Subscription; signingSecret: string }) => ({
  ...subscriptionOf(res),
  signingSecret: res.signingSecret,
});

const URL_RULE =
  '`url` must be https; with ALLOW_LOOPBACK_TARGETS on (`npm start` on a loopback address) http to loopback is ' +
  'accepted too. A host that does not resolve, or resolves to a private, loopback, link-local or otherwise reserved ' +
  'address, is refused with one message unless WEBHOOK_URL_ALLOWLIST names it ' +
  '(VALIDATION_ERROR at body.url); the address is checked again before every delivery.';

const subscriptionFields = {
  url: webhookUrlSchema.describe('Where deliveries are POSTed (https).'),
  events: z
    .array(webhookEventTypeSchema)
    .describe(`Event names to receive (${WEBHOOK_EVENT_TYPES.join(', ')}); empty = all. Repeats count once.`),
  description: webhookDescriptionSchema.describe('Free text for the dashboard, at most 500 characters.'),
};

const createSubscriptionBody = z.strictObject(subscriptionFields).partial({ events: true, description: true });

const patchSubscriptionBody = patchOf({
  ...subscriptionFields,
  status: z.enum(['active', 'disabled']).describe('A disabled subscription receives nothing.'),
});

const subscriptionParams = z.strictObject({ subscriptionId: idSchema });

/** The paths, access and links of the webhook routes on a surface (`/api` or `/v1`). */
function webhookSurface(surface: AdminSurface) {
  const { prefix } = surface;
  const SUBSCRIPTIONS_PATH = `${prefix}/webhook-subscriptions`;
  const DELIVERIES_PATH = `${prefix}/webhook-deliveries`;
  const SUBSCRIPTION = `${SUBSCRIPTIONS_PATH}/:subscriptionId`;
  const DELIVERY = `${DELIVERIES_PATH}/:deliveryId`;
  const partner = 'access' in surface;
  return {
    SUBSCRIPTIONS_PATH,
    DELIVERIES_PATH,
    SUBSCRIPTION,
    DELIVERY,
    read: partner ? surface.access.read : ('dashboard:read' as const),
    write: partner ? surface.access.write : ('dashboard:write' as const),
    tags: partner ? ['partner API'] : SUBSCRIPTIONS,
    /** Links from an answer with a subscription id (at `from`) to the subscription's operations and its deliveries. */
    subscriptionLinks: (from: string, except?: string): RouteLink[] =>
      linksTo(
        [
          `GET ${SUBSCRIPTION}`,
          `PATCH ${SUBSCRIPTION}`,
          `POST ${SUBSCRIPTION}/rotate-secret`,
          `GET ${DELIVERIES_PATH}`,
        ],
        'subscriptionId',
        from,
        except,
      ),
    /** Links from an answer with a delivery id (at `from`) to its detail and replay. */
    deliveryLinks: (from: string, except?: string): RouteLink[] =>
      linksTo([`GET ${DELIVERY}`, `POST ${DELIVERY}/replay`], 'deliveryId', from, except),
  };
}

const deliveryOf = recordIn('delivery', toDeliveryDetail);

const listDeliveriesQuery = z.strictObject({
  ...pageQueryShapeFor('webhooks'),
  subscriptionId: idSchema.optional().describe('Only deliveries to this subscription.'),
  status: z.enum(['pending', 'succeeded', 'failed']).optional().describe('Only deliveries in this status.'),
  eventType: webhookEventTypeSchema.optional().describe('Only deliveries of this event.'),
  bookingId: idSchema.optional().describe('Only deliveries of events of this booking.'),
});

const deliveryParams = z.strictObject({ deliveryId: idSchema });

export function registerWebhookRoutes(
  app: FastifyInstance,
  webhooks: WebhookClient,
  surface: AdminSurface = DASHBOARD_SURFACE,
): void {
  const {
    SUBSCRIPTIONS_PATH,
    DELIVERIES_PATH,
    SUBSCRIPTION,
    DELIVERY,
    read,
    write,
    tags,
    subscriptionLinks,
    deliveryLinks,
  } = webhookSurface(surface);
  const route = routeGroup(app, { tags });

  route({
    method: 'GET',
    url: SUBSCRIPTIONS_PATH,
    summary: 'List webhook subscriptions',
    description: 'Oldest first. Signing secrets are never listed.',
    access: read,
    querystring: z.strictObject(pageQueryShapeFor('webhooks')),
    response: pageOf(subscriptionRecordSchema),
    links: subscriptionLinks('items/0/subscriptionId'),
    handler: async ({ query }, request) => {
      const res = await webhooks.listSubscriptions({ tenantId: tenantOf(request), page: pageRequest(query) });
      return toPage({ items: res.items.map(toSubscriptionRecord), page: res.page });
    },
  });

  route({
    method: 'POST',
    url: SUBSCRIPTIONS_PATH,
    summary: 'Create a webhook subscription',
    description:
      `Answers the subscription with its signing secret, shown this once. ${URL_RULE} A workspace has at most ` +
      'WEBHOOK_MAX_SUBSCRIPTIONS subscriptions (20 unless the operator set another number), active or disabled; ' +
      'one more is QUOTA_EXCEEDED 409 until one is deleted.',
    access: write,
    body: createSubscriptionBody,
    response: withSecretSchema,
    status: 201,
    // Only the subscription just made links to its deletion.
    links: [
      ...subscriptionLinks('subscriptionId'),
      ...linksTo([`DELETE ${SUBSCRIPTION}`], 'subscriptionId', 'subscriptionId'),
    ],
    handler: async ({ body }, request) =>
      withSecret(
        await webhooks.createSubscription({
          tenantId: tenantOf(request),
          url: body.url,
          events: body.events ?? [],
          description: body.description ?? '',
        }),
      ),
  });

  route({
    method: 'GET',
    url: SUBSCRIPTION,
    summary: 'Get a webhook subscription',
    access: read,
    params: subscriptionParams,
    response: subscriptionRecordSchema,
    links: subscriptionLinks('subscriptionId', `GET ${SUBSCRIPTION}`),
    handler: async ({ params }, request) =>
      subscriptionOf(
        await webhooks.getSubscription({ tenantId: tenantOf(request), subscriptionId: params.subscriptionId }),
      ),
  });

  route({
    method: 'PATCH',
    url: SUBSCRIPTION,
    summary: 'Update a webhook subscription (partial; at least one field)',
    description: `Only the fields sent change; \`events: []\` means all events. ${URL_RULE}`,
    access: write,
    params: subscriptionParams,
    body: patchSubscriptionBody,
    response: subscriptionRecordSchema,
    links: subscriptionLinks('subscriptionId', `PATCH ${SUBSCRIPTION}`),
    handler: async ({ params, body }, request) =>
      subscriptionOf(
        await webhooks.updateSubscription({
          tenantId: tenantOf(request),
          subscriptionId: params.subscriptionId,
          ...(body.url !== undefined ? { url: body.url } : {}),
          events: body.events ?? [],
          eventsSet: body.events !== undefined,
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
        }),
      ),
  });

  route({
    method: 'POST',
    url: `${SUBSCRIPTION}/rotate-secret`,
    summary: 'Rotate the signing secret of a webhook subscription',
    description: 'Answers the new secret, shown this once; from now on only it signs deliveries.',
    access: write,
    params: subscriptionParams,
    body: noBody,
    response: withSecretSchema,
    links: subscriptionLinks('subscriptionId', `POST ${SUBSCRIPTION}/rotate-secret`),
    handler: async ({ params }, request) =>
      withSecret(
        await webhooks.rotateSubscriptionSecret({ tenantId: tenantOf(request), subscriptionId: params.subscriptionId }),
      ),
  });

  route({
    method: 'DELETE',
    url: SUBSCRIPTION,
    summary: 'Delete a webhook subscription',
    description:
      'Nothing more is delivered to it: attempts still due are recorded as not sent. Its deliveries stay in the ' +
      'log. Answers the subscription as it was.',
    access: write,
    params: subscriptionParams,
    response: subscriptionRecordSchema,
    handler: async ({ params }, request) =>
      subscriptionOf(
        await webhooks.deleteSubscription({ tenantId: tenantOf(request), subscriptionId: params.subscriptionId }),
      ),
  });

  route({
    method: 'GET',
    url: DELIVERIES_PATH,
    summary: 'List webhook deliveries',
    description:
      'Newest first (by createdAtMs, then deliveryId, both descending); each delivery without its attempts (see the detail).',
    access: read,
    querystring: listDeliveriesQuery,
    response: pageOf(deliveryRecordSchema),
    links: deliveryLinks('items/0/deliveryId'),
    handler: async ({ query }, request) => {
      const { limit, cursor, subscriptionId, status, eventType, bookingId } = query;
      const res = await webhooks.listDeliveries({
        tenantId: tenantOf(request),
        page: pageRequest({ limit, cursor }),
        subscriptionId: subscriptionId ?? '',
        status: status ?? '',
        eventType: eventType ?? '',
        bookingId: bookingId ?? '',
      });
      return toPage({ items: res.items.map(toDeliveryRecord), page: res.page });
    },
  });

  route({
    method: 'GET',
    url: DELIVERY,
    summary: 'Get a webhook delivery with its attempts',
    access: read,
    params: deliveryParams,
    response: deliveryDetailSchema,
    links: deliveryLinks('deliveryId', `GET ${DELIVERY}`),
    handler: async ({ params }, request) =>
      deliveryOf(await webhooks.getDelivery({ tenantId: tenantOf(request), deliveryId: params.deliveryId })),
  });

  route({
    method: 'POST',
    url: `${DELIVERY}/replay`,
    summary: 'Replay a webhook delivery',
    description:
      'Queues a new series of up to 6 attempts for the same event (same event id), due now; the earlier ' +
      'attempts stay. Answers 202 with the delivery as queued. Limited per tenant (RATE_LIMITED 429 with ' +
      'Retry-After), since each replay sends requests to the tenant’s endpoint.',
    access: write,
    limits: [perWorkspace('replay')],
    params: deliveryParams,
    body: noBody,
    response: deliveryDetailSchema,
    status: 202,
    links: deliveryLinks('deliveryId', `POST ${DELIVERY}/replay`),
    handler: async ({ params }, request) =>
      deliveryOf(await webhooks.replayDelivery({ tenantId: tenantOf(request), deliveryId: params.deliveryId })),
  });
}

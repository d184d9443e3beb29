/**
 * webhooks.v1.WebhookService (docs/decisions.md "Webhooks"): subscriptions and the delivery
 * log. Every request names its tenant and every read is scoped to it, so another tenant's id is
 * NOT_FOUND. Signing secrets leave the service only in the create and rotate responses.
 */
import { DomainError, notFound, requireTenantId, throwIfViolations, type FieldViolation } from '@svc/errors';
import { bindService, type ServiceBinding } from '@svc/grpc';
import { newWebhookSigningSecret, type SecretBox } from '@svc/crypto';
import { webhooksV1, type commonV1 } from '@svc/proto';
import { isWebhookEventType, pageLimit, pageLimitMessage, WEBHOOK_EVENT_MESSAGE } from '@svc/rules';
import { decodePageCursor, encodePageCursor, PAGE_CURSOR_MESSAGE, type Page, type PageRequest } from '@svc/store';
import { newId } from '../domain/ids.js';
import { checkDescription, checkEvents, checkStatus } from '../domain/subscription-input.js';
import type { DeliveryRepository } from '../store/delivery-repository.js';
import { DELIVERY_STATUSES, type DeliveryStatus, type SubscriptionDoc } from '../store/records.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';
import type { UrlPolicy } from '@svc/url-policy';
import { toDeliveryMessage, toSubscriptionMessage } from './mapping.js';

export interface WebhookServiceDeps {
  subscriptions: SubscriptionRepository;
  deliveries: DeliveryRepository;
  secrets: SecretBox;
  policy: UrlPolicy;
  now: () => number;
  /** Told after a replay (the worker looks for due work). */
  onReplay: () => void;
  /** The most subscriptions, active or disabled, a tenant may have (WEBHOOK_MAX_SUBSCRIPTIONS). */
  maxSubscriptions: number;
}

/** limit 0 (proto's "unset") is the default; out of range is refused, not clamped. */
function parsePage(input: commonV1.PageRequest | undefined, violations: FieldViolation[]): PageRequest {
  const limit = pageLimit(input?.limit ?? 0, 'webhooks');
  if (limit === null) violations.push({ path: 'limit', message: pageLimitMessage('webhooks') });
  const cursor = input?.cursor ?? '';
  const after = cursor === '' ? null : decodePageCursor(cursor);
  if (cursor !== '' && after === null) violations.push({ path: 'cursor', message: PAGE_CURSOR_MESSAGE });
  return { limit: limit ?? 1, after };
}

const pageResponse = <T>(page: Page<T>): commonV1.PageResponse => ({
  nextCursor: page.next ? encodePageCursor(page.next) : '',
});

export function webhookService(deps: WebhookServiceDeps): ServiceBinding {
  const { subscriptions, deliveries, secrets, policy, now } = deps;

  /** The URL's policy verdict as a violation of `url`. */
  async function checkUrl(url: string, violations: FieldViolation[]): Promise<string> {
    const check = await policy.check(url);
    if (!check.ok) {
      violations.push({ path: 'url', message: check.problem });
      return url;
    }
    return check.url.href;
  }

  async function subscription(tenantId: string, subscriptionId: string): Promise<SubscriptionDoc> {
    const doc = subscriptionId === '' ? null : await subscriptions.get(tenantId, subscriptionId);
    if (!doc) throw notFound('Subscription');
    return doc;
  }

  return bindService(webhooksV1.WebhookServiceService, {
    createSubscription: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      const url = await checkUrl(req.url, violations);
      const events = checkEvents(req.events, violations);
      const description = checkDescription(req.description, violations);
      throwIfViolations(violations);
      const id = newId('subscription');
      const signingSecret = newWebhookSigningSecret();
      const at = now();
      const doc: SubscriptionDoc = {
        _id: id,
        tenantId,
        url,
        events,
        description,
        status: 'active',
        secretSealed: secrets.seal(signingSecret, id),
        createdAtMs: at,
        updatedAtMs: at,
      };
      if (!(await subscriptions.insertWithin(doc, deps.maxSubscriptions))) {
        throw new DomainError(
          'QUOTA_EXCEEDED',
          `This workspace already has ${deps.maxSubscriptions} webhook subscriptions, the most it may have; ` +
            'delete one before creating another.',
        );
      }
      return { subscription: toSubscriptionMessage(doc), signingSecret };
    },

    listSubscriptions: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      const page = parsePage(req.page, violations);
      throwIfViolations(violations);
      const found = await subscriptions.page(tenantId, page);
      return { items: found.items.map(toSubscriptionMessage), page: pageResponse(found) };
    },

    getSubscription: async (req) => ({
      subscription: toSubscriptionMessage(await subscription(requireTenantId(req.tenantId), req.subscriptionId)),
    }),

    updateSubscription: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      // Another tenant's subscription is NOT_FOUND whatever the request holds.
      await subscription(tenantId, req.subscriptionId);
      const violations: FieldViolation[] = [];
      const set: Partial<SubscriptionDoc> = {};
      if (req.url !== undefined) set.url = await checkUrl(req.url, violations);
      if (req.eventsSet) set.events = checkEvents(req.events, violations);
      if (req.description !== undefined) set.description = checkDescription(req.description, violations);
      if (req.status !== undefined) set.status = checkStatus(req.status, violations);
      if (Object.keys(set).length === 0) violations.push({ path: '', message: 'must set at least one field' });
      throwIfViolations(violations);
      if (!(await subscriptions.update(tenantId, req.subscriptionId, { ...set, updatedAtMs: now() }))) {
        throw notFound('Subscription');
      }
      return { subscription: toSubscriptionMessage(await subscription(tenantId, req.subscriptionId)) };
    },

    rotateSubscriptionSecret: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const current = await subscription(tenantId, req.subscriptionId);
      const signingSecret = newWebhookSigningSecret();
      // From this write on, attempts sign with the new secret only.
      await subscriptions.update(tenantId, current._id, {
        secretSealed: secrets.seal(signingSecret, current._id),
        updatedAtMs: now(),
      });
      return { subscription: toSubscriptionMessage(await subscription(tenantId, current._id)), signingSecret };
    },

    deleteSubscription: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const current = await subscription(tenantId, req.subscriptionId);
      if (!(await subscriptions.delete(tenantId, current._id))) throw notFound('Subscription');
      return { subscription: toSubscriptionMessage(current) };
    },

    listDeliveries: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      const page = parsePage(req.page, violations);
      if (req.status !== '' && !(DELIVERY_STATUSES as readonly string[]).includes(req.status)) {
        violations.push({ path: 'status', message: `must be one of ${DELIVERY_STATUSES.join(', ')}` });
      }
      if (req.eventType !== '' && !isWebhookEventType(req.eventType)) {
        violations.push({ path: 'eventType', message: WEBHOOK_EVENT_MESSAGE });
      }
      throwIfViolations(violations);
      const found = await deliveries.page(
        tenantId,
        {
          subscriptionId: req.subscriptionId || undefined,
          status: (req.status || undefined) as DeliveryStatus | undefined,
          eventType: req.eventType || undefined,
          bookingId: req.bookingId || undefined,
        },
        page,
      );
      return { items: found.items.map((d) => toDeliveryMessage(d)), page: pageResponse(found) };
    },

    getDelivery: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const doc = req.deliveryId === '' ? null : await deliveries.get(tenantId, req.deliveryId);
      if (!doc) throw notFound('Delivery');
      return { delivery: toDeliveryMessage(doc, await deliveries.attemptsOf(tenantId, doc._id)) };
    },

    replayDelivery: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const doc = req.deliveryId === '' ? null : await deliveries.replay(tenantId, req.deliveryId, now());
      if (!doc) throw notFound('Delivery');
      deps.onReplay();
      return { delivery: toDeliveryMessage(doc, await deliveries.attemptsOf(tenantId, doc._id)) };
    },
  });
}

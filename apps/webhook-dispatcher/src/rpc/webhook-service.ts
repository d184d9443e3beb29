/**
 * webhooks.v1.WebhookService (docs/decisions.md "Webhooks"): subscriptions and the delivery
 * log. Every request names its tenant and every read is scoped to it, so another tenant's id is
 * NOT_FOUND. Signing secrets leave the service only in the create and rotate responses.
 */
import {
  DomainError,
  notFound,
  requireTenantId,
  throwIfViolations,
  validationError,
  type FieldViolation,
} from '@svc/errors';
import { bindService, type ServiceBinding } from '@svc/grpc';
import { newWebhookSigningSecret, type SecretBox } from '@svc/crypto';
import { webhooksV1, type commonV1 } from '@svc/proto';
import { ID_MESSAGE, isId, isWebhookEventType, pageLimit, pageLimitMessage, WEBHOOK_EVENT_MESSAGE } from '@svc/rules';
import { decodePageCursor, encodePageCursor, PAGE_CURSOR_MESSAGE, type Page, type PageRequest } from '@svc/store';
import { newId } from '../domain/ids.js';
import { checkDescription, checkEvents, checkStatus } from '../domain/subscription-input.js';
import { BodyRemovedError, type DeliveryRepository } from '../store/delivery-repository.js';
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

/** Bookings one ExportBookingDeliveries may name (webhooks.proto). */
export const EXPORT_MAX_BOOKINGS = 500;
/**
 * The most an export answer may encode to: under gRPC's 4 MiB default for a received message,
 * so a caller gets this clear error rather than its client refusing the answer.
 */
export const EXPORT_MAX_BYTES = 3 * 1024 * 1024;

/** The booking ids of an export, distinct; violations for too many or a malformed one. */
function checkBookingIds(ids: readonly string[], violations: FieldViolation[]): string[] {
  if (ids.length > EXPORT_MAX_BOOKINGS) {
    violations.push({ path: 'bookingIds', message: `must name at most ${EXPORT_MAX_BOOKINGS} bookings` });
    return [];
  }
  const bad = ids.findIndex((id) => !isId(id));
  if (bad >= 0) violations.push({ path: `bookingIds[${bad}]`, message: ID_MESSAGE });
  // Sorted: the answer lists the bookings' deliveries in booking id order.
  return [...new Set(ids)].sort();
}

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

  /** A replay, or a clear refusal when the body is gone (retention or an erasure). */
  async function replay(tenantId: string, deliveryId: string) {
    try {
      return await deliveries.replay(tenantId, deliveryId, now());
    } catch (err) {
      if (!(err instanceof BodyRemovedError)) throw err;
      // A refused transition (409): the event's body is no longer held, and an empty one is
      // not the event.
      throw new DomainError(
        'BOOKING_POLICY_BLOCKED',
        "This delivery's body was removed (retention or the customer's erasure), so it cannot be replayed.",
        [],
        { httpStatus: 409 },
      );
    }
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
      return {
        delivery: toDeliveryMessage(doc, await deliveries.attemptsOf(tenantId, doc._id), { withBody: true }),
      };
    },

    replayDelivery: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const doc = req.deliveryId === '' ? null : await replay(tenantId, req.deliveryId);
      if (!doc) throw notFound('Delivery');
      deps.onReplay();
      return { delivery: toDeliveryMessage(doc, await deliveries.attemptsOf(tenantId, doc._id)) };
    },

    exportBookingDeliveries: async (req) => {
      const tenantId = requireTenantId(req.tenantId);
      const violations: FieldViolation[] = [];
      const bookingIds = checkBookingIds(req.bookingIds, violations);
      throwIfViolations(violations);
      const items: webhooksV1.Delivery[] = [];
      let bytes = 0;
      for await (const step of deliveries.exportOf(tenantId, bookingIds)) {
        for (const { delivery, attempts } of step) {
          const message = toDeliveryMessage(delivery, attempts, { withBody: true });
          // A repeated field's entry: its bytes, a tag and a length prefix.
          bytes += webhooksV1.Delivery.encode(message).finish().length + 6;
          if (bytes > EXPORT_MAX_BYTES) {
            throw validationError(
              [{ path: 'bookingIds', message: 'name fewer bookings at once' }],
              `The webhook deliveries of these bookings exceed ${EXPORT_MAX_BYTES / 1024 / 1024} MiB in one answer.`,
            );
          }
          items.push(message);
        }
      }
      return { items };
    },
  });
}

/** The dispatcher's documents (docs/architecture.md "Webhook dispatcher"). */
import { firstAttemptDue, type AttemptFields } from '@svc/background';
import type { SubscriptionStatus } from '../domain/subscription-input.js';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type SubscriptionDoc = {
  /** The subscription id (`whs_…`). */
  _id: string;
  tenantId: string;
  url: string;
  /** Event names; empty = all. */
  events: string[];
  description: string;
  status: SubscriptionStatus;
  /** The signing secret sealed with the SecretBox (AES-256-GCM), the subscription id as context. */
  secretSealed: string;
  createdAtMs: number;
  updatedAtMs: number;
};

/**
 * One event for one subscription, unique per (eventId, subscriptionId). It carries the event as
 * published (`body`, sent byte for byte) and its scheduling state; its attempts are separate
 * documents.
 */
export type DeliveryDoc = {
  /** The delivery id (`whd_…`). */
  _id: string;
  tenantId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  bookingId: string;
  /** The raw JSON envelope of the event; '' once removed (bodyRemovedAtMs). */
  body: string;
  /**
   * When retention or a customer's erasure removed the body (docs/decisions.md "Privacy"); null
   * (or absent, in deliveries stored before removal existed) while it is held. Only a final
   * delivery loses its body, and one without a body is never replayed.
   */
  bodyRemovedAtMs?: number | null;
  /**
   * Set when the customer of its booking was erased while it was pending: its body goes as soon
   * as it is final (the worker checks the erasure marker). The write itself matters on MongoDB:
   * a recording that ran concurrently conflicts with it (DeliveryRepository.redactErased).
   */
  erasedAtMs?: number;
  traceparent: string | null;
  status: DeliveryStatus;
  createdAtMs: number;
  updatedAtMs: number;
} & AttemptFields;

/** What names a delivery: its id, the event it carries and the subscription it goes to. */
export type DeliveryTarget = Pick<
  DeliveryDoc,
  '_id' | 'tenantId' | 'subscriptionId' | 'eventId' | 'eventType' | 'bookingId' | 'body' | 'traceparent'
>;

/** A new delivery, due at once: first series, no attempt yet, no lease. */
export function pendingDelivery(target: DeliveryTarget, nowMs: number): DeliveryDoc {
  return {
    ...target,
    bodyRemovedAtMs: null,
    ...firstAttemptDue(nowMs),
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  };
}

export type AttemptDoc = {
  /** `<deliveryId>_<series>_<attemptNo>`: one document per attempt, never two. */
  _id: string;
  tenantId: string;
  deliveryId: string;
  series: number;
  attemptNo: number;
  startedAtMs: number;
  durationMs: number;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAtMs: number | null;
};

export const attemptId = (deliveryId: string, series: number, attemptNo: number): string =>
  `${deliveryId}_${series}_${attemptNo}`;

/**
 * A booking whose customer was erased (docs/decisions.md "Privacy"): whatever the dispatcher
 * holds of it loses its body once final, whenever that is.
 */
export type { ErasedBookingDoc } from '@svc/background';

/**
 * A tenant's subscription version (`_id` the tenant id): written by every create in the same
 * transaction as its count, so two creates that each counted a free place cannot both commit on
 * MongoDB (a write conflict; the loser retries and counts again).
 */
export type TenantSubscriptionsDoc = {
  _id: string;
  tenantId: string;
  version: number;
};

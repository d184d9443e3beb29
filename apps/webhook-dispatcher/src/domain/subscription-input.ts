/**
 * The fields of a subscription (docs/decisions.md "Webhooks"), checked at the service with the
 * shared rules, every violation at once. The URL's policy check needs DNS and runs beside these
 * (@svc/url-policy).
 */
import type { FieldViolation } from '@svc/errors';
import {
  isWebhookEventType,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_MESSAGE,
  type WebhookEventType,
} from '@svc/rules';

export const SUBSCRIPTION_STATUSES = ['active', 'disabled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The filter as stored: names checked, duplicates dropped, in the caller's order. */
export function checkEvents(events: readonly string[], violations: FieldViolation[]): WebhookEventType[] {
  const out: WebhookEventType[] = [];
  events.forEach((name, i) => {
    if (!isWebhookEventType(name)) violations.push({ path: `events[${i}]`, message: WEBHOOK_EVENT_MESSAGE });
    else if (!out.includes(name)) out.push(name);
  });
  return out;
}

export function checkDescription(description: string, violations: FieldViolation[]): string {
  if (description.length > WEBHOOK_DESCRIPTION_MAX_LENGTH) {
    violations.push({ path: 'description', message: `must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters` });
  }
  return description;
}

export function checkStatus(status: string, violations: FieldViolation[]): SubscriptionStatus {
  if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) {
    violations.push({ path: 'status', message: `must be one of ${SUBSCRIPTION_STATUSES.join(', ')}` });
  }
  return status as SubscriptionStatus;
}

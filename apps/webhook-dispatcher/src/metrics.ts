import { counter, histogram, type Counter, type Histogram } from '@svc/telemetry';
import type { AttemptResult } from './domain/retry-schedule.js';
import { isSuccessStatus } from './domain/retry-schedule.js';

/** The dispatcher's metrics (docs/operations.md, "Metrics"); `service` is always webhook-dispatcher. */
export const SERVICE = 'webhook-dispatcher';

export const webhookAttempts: Histogram<'service' | 'result'> = histogram(
  'webhook_attempt_duration_seconds',
  'Webhook POST attempts by result (succeeded, http_4xx, http_5xx, http_other, network, refused) and their duration',
  ['service', 'result'],
);

export const webhookDeliveryLatency: Histogram<'service'> = histogram(
  'webhook_delivery_latency_seconds',
  'From the delivery being stored (the event consumed) to its successful attempt, retries included',
  ['service'],
  [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 86400],
);

export const eventsConsumed: Counter<'service' | 'result'> = counter(
  'webhook_events_consumed_total',
  'Booking events the fan-out took from the bus, by result (stored, erasure: customer.erased applied, skipped: malformed)',
  ['service', 'result'],
);

/** A bounded label for an attempt's result. */
export function attemptResultLabel(result: AttemptResult): string {
  if (result.kind !== 'response') return result.kind;
  if (isSuccessStatus(result.status)) return 'succeeded';
  if (result.status >= 400 && result.status < 500) return 'http_4xx';
  if (result.status >= 500 && result.status < 600) return 'http_5xx';
  return 'http_other';
}

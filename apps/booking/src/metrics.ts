import { DomainError, isOutage } from '@svc/errors';
import { counter, gauge, histogram, type Counter, type Gauge, type Histogram } from '@svc/telemetry';

/** The booking service's metrics (docs/operations.md, "Metrics"); `service` is always booking. */
export const SERVICE = 'booking';

export const bookingCreates: Counter<'service' | 'outcome'> = counter(
  'booking_creates_total',
  'Booking creates by outcome: created, replay, slot_taken, conflict, unavailable (503), rejected (4xx input)',
  ['service', 'outcome'],
);

export const lockWait: Histogram<'service' | 'result'> = histogram(
  'booking_lock_wait_seconds',
  'Time a create or reschedule waited for its capacity locks, by result (acquired, timeout, slot_taken)',
  ['service', 'result'],
);

export const lockTimeouts: Counter<'service'> = counter(
  'booking_lock_timeouts_total',
  'Creates and reschedules that could not get their capacity locks within LOCK_WAIT_MS (answered 503)',
  ['service'],
);
// Present at 0 from the start, so an alert on its rate has a series before the first timeout.
lockTimeouts.inc({ service: SERVICE }, 0);

export const outboxLag: Gauge<'service'> = gauge(
  'booking_outbox_lag_seconds',
  'Age of the oldest unpublished outbox row, as the relay holding the lease last saw it (0 on the others)',
  ['service'],
);

export const relayBatchSize: Histogram<'service'> = histogram(
  'booking_outbox_relay_batch_size',
  'Events published per outbox relay batch',
  ['service'],
  [1, 2, 5, 10, 25, 50, 100],
);

export type CreateOutcome = 'created' | 'replay' | 'slot_taken' | 'conflict' | 'unavailable' | 'rejected';

/** How a create that threw ended, for booking_creates_total. */
export function failedCreateOutcome(err: unknown): CreateOutcome {
  if (isOutage(err)) return 'unavailable';
  if (err instanceof DomainError) {
    if (err.code === 'BOOKING_SLOT_UNAVAILABLE') return 'slot_taken';
    if (err.code === 'BOOKING_IDEMPOTENCY_CONFLICT') return 'conflict';
    return 'rejected';
  }
  return 'unavailable';
}

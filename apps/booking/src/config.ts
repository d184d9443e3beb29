import { z } from 'zod';
import { requiredWhenDistributed, serviceSettings } from '@svc/config';
import { hostPortSchema } from '@svc/rules';
import { DEFAULT_PAYMENT_POLL_MS } from './application/payment-worker.js';

export const bookingConfigSchema = z
  .object({
    ...serviceSettings,
    GRPC_PORT: serviceSettings.GRPC_PORT.default(50052),
    /** The catalog (schedules) and customer services this one calls. */
    CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051'),
    CUSTOMER_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50053'),
    /**
     * The integrations service (busy times of connected calendars). Unset: no calendar
     * integrations, staff are blocked by bookings only.
     */
    INTEGRATIONS_GRPC_ADDR: hostPortSchema.optional(),
    /** How long a create waits for the capacity locks before answering BOOKING_POLICY_BLOCKED 503. */
    LOCK_WAIT_MS: z.coerce.number().int().positive().default(5_000),
    /** Pause between hold-expiry sweeps (docs/operations.md). */
    HOLD_SWEEP_MS: z.coerce.number().int().positive().default(5_000),
    /**
     * How long an erase request waits for its job before answering a retryable 503 while the job
     * goes on (docs/decisions.md "Privacy").
     */
    // Below the gateway's 120 s deadline for an erase (customer-privacy-routes.ts), so the route
    // answers the retryable 503 and not an outage when the job outlives the wait.
    ERASE_WAIT_MS: z.coerce.number().int().min(0).max(110_000).default(60_000),
    // Between the payment worker's passes (docs/operations.md "Payments").
    PAYMENT_POLL_MS: z.coerce.number().int().positive().default(DEFAULT_PAYMENT_POLL_MS),
    /** Distributed profile: the booking locks live in Redis. */
    REDIS_URL: z.string().url().optional(),
    /** Distributed profile: comma-separated Kafka bootstrap brokers for the outbox relay. */
    KAFKA_BROKERS: z.string().optional(),
  })
  .superRefine(requiredWhenDistributed(['MONGODB_URL', 'REDIS_URL', 'KAFKA_BROKERS']));

export type BookingConfig = z.output<typeof bookingConfigSchema>;

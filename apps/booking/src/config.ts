import { z } from 'zod';
import { requiredWhenDistributed, serviceSettings } from '@svc/config';

export const bookingConfigSchema = z
  .object({
    ...serviceSettings,
    GRPC_PORT: serviceSettings.GRPC_PORT.default(50052),
    /** Distributed profile: the booking locks live in Redis. */
    REDIS_URL: z.string().url().optional(),
    /** Distributed profile: comma-separated Kafka bootstrap brokers for the outbox relay. */
    KAFKA_BROKERS: z.string().optional(),
  })
  .superRefine(requiredWhenDistributed(['MONGODB_URL', 'REDIS_URL', 'KAFKA_BROKERS']));

export type BookingConfig = z.output<typeof bookingConfigSchema>;

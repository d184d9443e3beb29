import { z } from 'zod';
import { requiredWhenDistributed, serviceSettings } from '@svc/config';

export const dispatcherConfigSchema = z
  .object({
    ...serviceSettings,
    GRPC_PORT: serviceSettings.GRPC_PORT.default(50054),
    /** Distributed profile: comma-separated Kafka bootstrap brokers to consume booking events from. */
    KAFKA_BROKERS: z.string().optional(),
  })
  .superRefine(requiredWhenDistributed(['MONGODB_URL', 'KAFKA_BROKERS']));

export type DispatcherConfig = z.output<typeof dispatcherConfigSchema>;

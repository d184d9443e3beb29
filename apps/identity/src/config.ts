import { z } from 'zod';
import { requiredWhenDistributed, serviceSettings } from '@svc/config';
import { hostPortSchema } from '@svc/rules';

export const identityConfigSchema = z
  .object({
    ...serviceSettings,
    GRPC_PORT: serviceSettings.GRPC_PORT.default(50057),
    /** The catalog: tenants opened with their owner (ProvisionTenant). */
    CATALOG_GRPC_ADDR: hostPortSchema.optional(),
    /** The bus of identity.events (Kafka in the distributed profile; docs/decisions.md "Identity service"). */
    KAFKA_BROKERS: z.string().optional(),
    /**
     * The HMAC key of CSRF tokens, the gateway's too: a session the operator CLI creates comes
     * with its token. Embedded: DATA_DIR/secrets.json's, like the gateway's.
     */
    SESSION_SECRET: z.string().min(32).optional(),
  })
  .superRefine(requiredWhenDistributed(['MONGODB_URL', 'CATALOG_GRPC_ADDR', 'KAFKA_BROKERS', 'SESSION_SECRET']));

export type IdentityConfig = z.output<typeof identityConfigSchema>;

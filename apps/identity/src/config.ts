import { z } from 'zod';
import { requiredWhenDistributed, serviceSettings } from '@svc/config';
import { hostPortSchema } from '@svc/rules';

export const identityConfigSchema = z
  .object({
    ...serviceSettings,
    GRPC_PORT: serviceSettings.GRPC_PORT.default(50057),
    // The tenant export reads every list through the services' own RPCs; the audit log's
    // retention sweep reads each tenant's setting from the catalog (docs/decisions.md "Tenant
    // export", "Audit log").
    CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051'),
    BOOKING_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50052'),
    CUSTOMER_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50053'),
    WEBHOOKS_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50054'),
    /** Distributed and unset: no integrations service is deployed (the export has no calendar files). */
    INTEGRATIONS_GRPC_ADDR: hostPortSchema.optional(),
    /** Distributed and unset: no notifications service is deployed (the export has no notification settings). */
    NOTIFICATIONS_GRPC_ADDR: hostPortSchema.optional(),
    /**
     * Kafka (distributed): the bus of identity.events (docs/decisions.md "Identity service") and the
     * booking topic, whose `customer.erased` removes the tenant export archives.
     */
    KAFKA_BROKERS: z.string().optional(),
    /**
     * The gateway's HMAC key (embedded: DATA_DIR/secrets.json): the tenant export's download links,
     * and the CSRF token of a session the operator CLI creates.
     */
    SESSION_SECRET: z.string().min(32).optional(),
    /**
     * Distributed: the database the gateway kept its users, sessions and keys in before this
     * service existed, copied once on the first start (docs/operations.md "Upgrading to the
     * identity service"). Default: MONGODB_DB, else `gateway`.
     */
    FORMER_GATEWAY_MONGODB_DB: z.string().min(1).max(64).optional(),
    /** Between two retention sweeps of the audit log (docs/operations.md "Retention"). */
    RETENTION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
  })
  .superRefine(requiredWhenDistributed(['MONGODB_URL', 'KAFKA_BROKERS', 'SESSION_SECRET']));

export type IdentityConfig = z.output<typeof identityConfigSchema>;

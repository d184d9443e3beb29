import { z } from 'zod';
import { allowLoopbackTargetsSetting, requiredWhenDistributed, serviceSettings } from '@svc/config';
import { HOUR_MS, hostPortSchema } from '@svc/rules';

const positiveMs = z.coerce.number().int().positive();

/** docs/decisions.md "Webhooks": a tenant's subscriptions, active or disabled, at most. */
export const DEFAULT_MAX_SUBSCRIPTIONS = 20;

export const dispatcherConfigSchema = z
  .object({
    ...serviceSettings,
    GRPC_PORT: serviceSettings.GRPC_PORT.default(50054),
    /** The catalog: the tenants and their retention (the retention sweep of delivery bodies). */
    CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051'),
    /**
     * Pause between two retention sweeps of delivery bodies (docs/operations.md "Retention");
     * each tenant's retention.webhookBodyDays, default 30, says what is old enough.
     */
    RETENTION_SWEEP_INTERVAL_MS: positiveMs.default(HOUR_MS),
    /** Distributed profile: comma-separated Kafka bootstrap brokers to consume booking events from. */
    KAFKA_BROKERS: z.string().optional(),
    /**
     * Key (at least 32 characters) that encrypts signing secrets at rest (AES-256-GCM);
     * embedded: generated in DATA_DIR/secrets.json. Required in the distributed profile.
     */
    WEBHOOK_SECRET_KEY: z.string().min(32).optional(),
    /** Earlier keys, comma-separated, still able to open secrets sealed before a key rotation. */
    WEBHOOK_SECRET_KEY_PREVIOUS: z.string().optional(),
    /** Hosts (comma-separated) exempt from the URL policy: http and private addresses allowed. */
    WEBHOOK_URL_ALLOWLIST: z.string().optional(),
    /** Webhook URLs may point to loopback, over http too (docs/operations.md); off unless set. */
    ALLOW_LOOPBACK_TARGETS: allowLoopbackTargetsSetting,
    /** Delay before the first retry; later ones grow ×5 up to 6 hours (docs/decisions.md "Webhooks"). */
    WEBHOOK_FIRST_RETRY_MS: positiveMs.default(60_000),
    /** How long one attempt may take until the receiver's response status arrives. */
    WEBHOOK_ATTEMPT_TIMEOUT_MS: positiveMs.default(10_000),
    /** Longest pause between two looks for due attempts (other replicas' retries, restarts). */
    WEBHOOK_POLL_MS: positiveMs.default(1_000),
    /** Attempts in flight at once per dispatcher process. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(32),
    /** The most subscriptions (active or disabled) one tenant may have; one more is QUOTA_EXCEEDED 409. */
    WEBHOOK_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(1_000).default(DEFAULT_MAX_SUBSCRIPTIONS),
  })
  .superRefine(requiredWhenDistributed(['MONGODB_URL', 'KAFKA_BROKERS', 'WEBHOOK_SECRET_KEY']));

export type DispatcherConfig = z.output<typeof dispatcherConfigSchema>;

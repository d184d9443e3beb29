import { z } from 'zod';
import { allowLoopbackTargetsSetting, requiredWhenDistributed, serviceSettings } from '@svc/config';
import { hostPortSchema } from '@svc/rules';

const positiveMs = z.coerce.number().int().positive();

export const integrationsConfigSchema = z
  .object({
    ...serviceSettings,
    GRPC_PORT: serviceSettings.GRPC_PORT.default(50055),
    /** The catalog (a service's conferencing for the write-back). */
    CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051'),
    /** Distributed profile: comma-separated Kafka bootstrap brokers to consume booking events from. */
    KAFKA_BROKERS: z.string().optional(),
    /**
     * Key (at least 32 characters) that seals provider passwords and tokens at rest
     * (AES-256-GCM); embedded: generated in DATA_DIR/secrets.json. Required in the distributed profile.
     */
    INTEGRATIONS_SECRET_KEY: z.string().min(32).optional(),
    /** Earlier keys, comma-separated, still able to open credentials sealed before a key rotation. */
    INTEGRATIONS_SECRET_KEY_PREVIOUS: z.string().optional(),
    /**
     * Hosts (comma-separated) a CalDAV server URL may name although they are private or http
     * (the webhook URL policy, docs/decisions.md "Integrations"), e.g. a Nextcloud inside the network.
     */
    CALDAV_URL_ALLOWLIST: z.string().optional(),
    /** A CalDAV server may be on loopback, over http too (a local Radicale; docs/operations.md); off unless set. */
    ALLOW_LOOPBACK_TARGETS: allowLoopbackTargetsSetting,
    /** How long availability may use busy times read from a calendar (docs/decisions.md "Integrations"). */
    BUSY_CACHE_MS: positiveMs.default(60_000),
    /** How long one provider request may take before the provider counts as unreachable. */
    PROVIDER_TIMEOUT_MS: positiveMs.default(10_000),
    /** The most a provider response may carry; a longer one is cut off (PROVIDER_ACTION_FAILED). */
    PROVIDER_MAX_RESPONSE_BYTES: z.coerce
      .number()
      .int()
      .min(1_024)
      .default(5 * 1024 * 1024),
    /** Delay before the first retry of a failed write-back; later ones grow ×4 up to one hour. */
    SYNC_FIRST_RETRY_MS: positiveMs.default(30_000),
    /** Longest pause between two looks for due write-backs. */
    SYNC_POLL_MS: positiveMs.default(1_000),
    /** Google Calendar's OAuth client; unset: Google cannot be connected (PROVIDER_NOT_CONNECTED). */
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** Google's OAuth endpoints and Calendar API; tests point them at local stand-ins. */
    GOOGLE_AUTHORIZATION_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_CALENDAR_API_URL: z.string().url().default('https://www.googleapis.com/calendar/v3'),
    /** Microsoft 365's OAuth client (an app registration); unset: Microsoft cannot be connected (PROVIDER_NOT_CONNECTED). */
    MICROSOFT_CLIENT_ID: z.string().optional(),
    MICROSOFT_CLIENT_SECRET: z.string().optional(),
    /**
     * Whose accounts may connect: `common` (any work, school or personal Microsoft account),
     * `organizations`, `consumers`, or one organisation's tenant id or domain.
     */
    MICROSOFT_TENANT: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,253}$/, 'a tenant name, id or domain')
      .default('common'),
    /** The identity platform's authority and Microsoft Graph; tests point them at a local OAuth provider and the stand-in. */
    MICROSOFT_AUTHORITY_URL: z.string().url().default('https://login.microsoftonline.com'),
    MICROSOFT_GRAPH_API_URL: z.string().url().default('https://graph.microsoft.com/v1.0'),
    /** Zoom's OAuth client (a user-level app); unset: Zoom cannot be connected (PROVIDER_NOT_CONNECTED). */
    ZOOM_CLIENT_ID: z.string().optional(),
    ZOOM_CLIENT_SECRET: z.string().optional(),
    /** Zoom's OAuth endpoints and API v2; tests point them at a local OAuth provider and the stand-in. */
    ZOOM_AUTHORIZATION_URL: z.string().url().default('https://zoom.us/oauth/authorize'),
    ZOOM_TOKEN_URL: z.string().url().default('https://zoom.us/oauth/token'),
    ZOOM_API_URL: z.string().url().default('https://api.zoom.us/v2'),
    /**
     * Stripe's API, which the tenants' payment accounts are called at (docs/decisions.md
     * "Payments"); tests point it at a stand-in. An http(s) origin, or one with a path prefix.
     */
    STRIPE_API_URL: z
      .string()
      .url()
      .refine((url) => /^https?:$/.test(new URL(url).protocol), 'an http(s) URL')
      .default('https://api.stripe.com'),
  })
  .superRefine(requiredWhenDistributed(['MONGODB_URL', 'KAFKA_BROKERS', 'INTEGRATIONS_SECRET_KEY']));

export type IntegrationsConfig = z.output<typeof integrationsConfigSchema>;

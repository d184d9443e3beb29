import { z } from 'zod';
import {
  commonSettings,
  embeddedSecret,
  manageTokenKeysOf,
  manageTokenSettings,
  portSetting,
  requiredWhenDistributed,
  storeSettings,
} from '@svc/config';
import type { ManageTokenKeys } from '@svc/crypto';
import type { RateLimitSettings } from './limits/rate-limits.js';
import { hostPortSchema } from '@svc/rules';

const grpcAddress = hostPortSchema;
const limitSetting = z.coerce.number().int().min(1).max(1_000_000);

export const gatewayConfigSchema = z
  .object({
    ...commonSettings,
    HOST: z.string().default('127.0.0.1'),
    PORT: portSetting.default(8080),
    /** Public base address used in links and the OIDC redirect; defaults to http://HOST:PORT. */
    BASE_URL: z.string().url().optional(),
    CATALOG_GRPC_ADDR: grpcAddress.optional(),
    BOOKING_GRPC_ADDR: grpcAddress.optional(),
    CUSTOMER_GRPC_ADDR: grpcAddress.optional(),
    WEBHOOKS_GRPC_ADDR: grpcAddress.optional(),
    /** The integrations service; distributed and unset: none is deployed (its routes answer PROVIDER_NOT_CONNECTED). */
    INTEGRATIONS_GRPC_ADDR: grpcAddress.optional(),
    /** The notifications service; distributed and unset: none is deployed (its routes answer 503). */
    NOTIFICATIONS_GRPC_ADDR: grpcAddress.optional(),
    /** The identity service: sessions, memberships and keys behind every guard. */
    IDENTITY_GRPC_ADDR: grpcAddress.optional(),
    /**
     * How long the gateway keeps an identity decision (a session, a key) it did not hear change:
     * a safety net, since identity.events drop changed ones at once (docs/decisions.md "Identity
     * service"); 0 caches nothing.
     */
    IDENTITY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    /**
     * The booking events' Kafka (distributed): each gateway process reads the topic for the
     * dashboard's live updates (GET /api/live) in a consumer group of its own.
     */
    KAFKA_BROKERS: z.string().optional(),
    /** Embedded: where DATA_DIR/secrets.json keeps the generated secrets. The gateway keeps no data. */
    DATA_DIR: storeSettings.DATA_DIR,
    /** HMAC key of CSRF tokens (at least 32 characters); embedded: generated in DATA_DIR/secrets.json. */
    SESSION_SECRET: z.string().min(32).optional(),
    OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    ...manageTokenSettings,
    /** The browser origin of the dashboard; cookie requests from another Origin are refused. */
    DASHBOARD_ORIGIN: z.string().url().optional(),
    /**
     * Proxy hops in front of the gateway whose X-Forwarded-For is trusted for the client IP of
     * the per-IP limits (0: the TCP peer is the client).
     */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** Node's convention: `production` serializes large answers without validating them again. */
    NODE_ENV: z.string().optional(),
    /**
     * Whether large answers (availability) are checked against their schema before they are sent:
     * `on` unless NODE_ENV is production (docs/operations.md "Response validation").
     */
    RESPONSE_VALIDATION: z.enum(['on', 'off']).optional(),
    /** `off` turns every rate limit off (load tests, benchmarks), with a warning at start. */
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    /** Where the counters live: memory (one process) or redis (replicas share one budget). */
    RATE_LIMIT_STORE: z.enum(['memory', 'redis']).optional(),
    /** The Redis of the counters (required when RATE_LIMIT_STORE is redis). */
    REDIS_URL: z.string().url().optional(),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    RATE_LIMIT_AVAILABILITY_PER_IP: limitSetting.default(120),
    RATE_LIMIT_CREATE_PER_IP: limitSetting.default(20),
    RATE_LIMIT_CREATE_PER_TENANT: limitSetting.default(600),
    RATE_LIMIT_MANAGE_PER_IP: limitSetting.default(60),
    RATE_LIMIT_PARTNER_PER_KEY: limitSetting.default(600),
    /** The platform API (/platform/v1) per platform key (docs/decisions.md "Platform provisioning"). */
    RATE_LIMIT_PLATFORM_PER_KEY: limitSetting.default(120),
    RATE_LIMIT_PAGES_PER_IP: limitSetting.default(120),
    RATE_LIMIT_LOGIN_PER_IP: limitSetting.default(30),
    RATE_LIMIT_DASHBOARD_WRITES_PER_USER: limitSetting.default(300),
    RATE_LIMIT_REPLAY_PER_TENANT: limitSetting.default(60),
    /** An IPv6 client is counted by this prefix of its address (one subscriber holds a /64). */
    RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
  })
  .superRefine(
    requiredWhenDistributed([
      'CATALOG_GRPC_ADDR',
      'BOOKING_GRPC_ADDR',
      'CUSTOMER_GRPC_ADDR',
      'WEBHOOKS_GRPC_ADDR',
      'IDENTITY_GRPC_ADDR',
      'KAFKA_BROKERS',
      'SESSION_SECRET',
      'MANAGE_TOKEN_SECRET',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'BASE_URL',
    ]),
  )
  .superRefine((value, ctx) => {
    if (value.RATE_LIMITS === 'on' && rateLimitStore(value) === 'redis' && value.REDIS_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message: 'required for the rate limit counters (distributed profile or RATE_LIMIT_STORE=redis)',
      });
    }
  });

/** Counters in Redis in the distributed profile (replicas share the budget), else in memory. */
export function rateLimitStore(config: {
  PROFILE: 'embedded' | 'distributed';
  RATE_LIMIT_STORE?: 'memory' | 'redis' | undefined;
}): 'memory' | 'redis' {
  return config.RATE_LIMIT_STORE ?? (config.PROFILE === 'distributed' ? 'redis' : 'memory');
}

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

/** What the HTTP layer needs to know, resolved from the configuration. */
export interface GatewaySettings {
  baseUrl: string;
  /** The deployment profile, shown by the front door (GET /); absent when the caller did not say. */
  profile?: 'embedded' | 'distributed';
  sessionSecret: string;
  manageTokens: ManageTokenKeys;
  dashboardOrigin?: string;
  oidc: { issuer: string; clientId?: string; clientSecret?: string; redirectUri: string };
  rateLimits: RateLimitSettings;
  /** Proxy hops whose X-Forwarded-For is trusted (Fastify's trustProxy); 0 for none. */
  trustProxy: number;
  /** Large answers are validated against their schema (default) or written by a compiled serializer. */
  responseValidation?: boolean;
  /** The credential cache's safety-net lifetime (IDENTITY_CACHE_TTL_MS). */
  identityCacheTtlMs: number;
}

/** Resolves settings; `port` is the bound port (known only after listen when PORT=0). */
export function gatewaySettings(
  config: Pick<
    GatewayConfig,
    | 'PROFILE'
    | 'MANAGE_TOKEN_SECRET'
    | 'MANAGE_TOKEN_KID'
    | 'MANAGE_TOKEN_PREVIOUS'
    | 'HOST'
    | 'BASE_URL'
    | 'DATA_DIR'
    | 'SESSION_SECRET'
    | 'OIDC_ISSUER'
    | 'OIDC_CLIENT_ID'
    | 'OIDC_CLIENT_SECRET'
    | 'DASHBOARD_ORIGIN'
    | 'RATE_LIMITS'
    | 'RATE_LIMIT_WINDOW_MS'
    | 'RATE_LIMIT_AVAILABILITY_PER_IP'
    | 'RATE_LIMIT_CREATE_PER_IP'
    | 'RATE_LIMIT_CREATE_PER_TENANT'
    | 'RATE_LIMIT_MANAGE_PER_IP'
    | 'RATE_LIMIT_PARTNER_PER_KEY'
    | 'RATE_LIMIT_PLATFORM_PER_KEY'
    | 'RATE_LIMIT_PAGES_PER_IP'
    | 'RATE_LIMIT_LOGIN_PER_IP'
    | 'RATE_LIMIT_DASHBOARD_WRITES_PER_USER'
    | 'RATE_LIMIT_REPLAY_PER_TENANT'
    | 'RATE_LIMIT_IPV6_PREFIX'
    | 'TRUST_PROXY'
    | 'NODE_ENV'
    | 'RESPONSE_VALIDATION'
    | 'IDENTITY_CACHE_TTL_MS'
  >,
  port: number,
): GatewaySettings {
  const baseUrl = (config.BASE_URL ?? `http://${config.HOST}:${port}`).replace(/\/$/, '');
  return {
    baseUrl,
    profile: config.PROFILE,
    sessionSecret: config.SESSION_SECRET ?? embeddedSecret(config.DATA_DIR, 'session'),
    identityCacheTtlMs: config.IDENTITY_CACHE_TTL_MS,
    manageTokens: manageTokenKeysOf(config),
    ...(config.DASHBOARD_ORIGIN ? { dashboardOrigin: config.DASHBOARD_ORIGIN } : {}),
    oidc: {
      issuer: config.OIDC_ISSUER,
      ...(config.OIDC_CLIENT_ID ? { clientId: config.OIDC_CLIENT_ID } : {}),
      ...(config.OIDC_CLIENT_SECRET ? { clientSecret: config.OIDC_CLIENT_SECRET } : {}),
      redirectUri: `${baseUrl}/auth/google/callback`,
    },
    rateLimits: {
      enabled: config.RATE_LIMITS === 'on',
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      limits: {
        availability: config.RATE_LIMIT_AVAILABILITY_PER_IP,
        create: config.RATE_LIMIT_CREATE_PER_IP,
        createTenant: config.RATE_LIMIT_CREATE_PER_TENANT,
        manage: config.RATE_LIMIT_MANAGE_PER_IP,
        partner: config.RATE_LIMIT_PARTNER_PER_KEY,
        platform: config.RATE_LIMIT_PLATFORM_PER_KEY,
        pages: config.RATE_LIMIT_PAGES_PER_IP,
        login: config.RATE_LIMIT_LOGIN_PER_IP,
        dashboardWrite: config.RATE_LIMIT_DASHBOARD_WRITES_PER_USER,
        replay: config.RATE_LIMIT_REPLAY_PER_TENANT,
      },
      ipv6PrefixBits: config.RATE_LIMIT_IPV6_PREFIX,
    },
    trustProxy: config.TRUST_PROXY,
    responseValidation: (config.RESPONSE_VALIDATION ?? (config.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
  };
}

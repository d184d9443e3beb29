import { z } from 'zod';
import { commonSettings, portSetting } from '@svc/config';
import { bookingConfigSchema } from '@svc/booking';
import { dispatcherConfigSchema } from '@svc/webhook-dispatcher';
import { integrationsConfigSchema } from '@svc/integrations';
import { notificationsConfigSchema } from '@svc/notifications';
import { gatewayConfigSchema } from '@svc/gateway';

const gateway = gatewayConfigSchema.shape;
const dispatcher = dispatcherConfigSchema.shape;
const integrations = integrationsConfigSchema.shape;
const notifications = notificationsConfigSchema.shape;

/** The embedded profile: every service in one process, data under DATA_DIR. */
export const platformConfigSchema = z.object({
  ...commonSettings,
  PROFILE: z
    .literal('embedded', {
      message: 'the all-in-one platform runs the embedded profile; start each app alone for the distributed one',
    })
    .default('embedded'),
  HOST: z.string().default('127.0.0.1'),
  /**
   * Webhook URLs and CalDAV servers may point to loopback addresses, over http too. Unset: on
   * while HOST is a loopback address (a developer's machine), off otherwise (docs/operations.md).
   */
  ALLOW_LOOPBACK_TARGETS: z.enum(['on', 'off']).optional(),
  PORT: portSetting.default(8080),
  DATA_DIR: z.string().default('./.data'),
  BASE_URL: gateway.BASE_URL,
  SESSION_SECRET: gateway.SESSION_SECRET,
  MANAGE_TOKEN_SECRET: gateway.MANAGE_TOKEN_SECRET,
  MANAGE_TOKEN_KID: gateway.MANAGE_TOKEN_KID,
  MANAGE_TOKEN_PREVIOUS: gateway.MANAGE_TOKEN_PREVIOUS,
  OIDC_ISSUER: gateway.OIDC_ISSUER,
  OIDC_CLIENT_ID: gateway.OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET: gateway.OIDC_CLIENT_SECRET,
  DASHBOARD_ORIGIN: gateway.DASHBOARD_ORIGIN,
  TRUST_PROXY: gateway.TRUST_PROXY,
  NODE_ENV: gateway.NODE_ENV,
  RESPONSE_VALIDATION: gateway.RESPONSE_VALIDATION,
  RATE_LIMITS: gateway.RATE_LIMITS,
  RATE_LIMIT_STORE: gateway.RATE_LIMIT_STORE,
  REDIS_URL: gateway.REDIS_URL,
  RATE_LIMIT_WINDOW_MS: gateway.RATE_LIMIT_WINDOW_MS,
  RATE_LIMIT_AVAILABILITY_PER_IP: gateway.RATE_LIMIT_AVAILABILITY_PER_IP,
  RATE_LIMIT_CREATE_PER_IP: gateway.RATE_LIMIT_CREATE_PER_IP,
  RATE_LIMIT_CREATE_PER_TENANT: gateway.RATE_LIMIT_CREATE_PER_TENANT,
  RATE_LIMIT_MANAGE_PER_IP: gateway.RATE_LIMIT_MANAGE_PER_IP,
  RATE_LIMIT_PARTNER_PER_KEY: gateway.RATE_LIMIT_PARTNER_PER_KEY,
  RATE_LIMIT_PLATFORM_PER_KEY: gateway.RATE_LIMIT_PLATFORM_PER_KEY,
  RATE_LIMIT_PAGES_PER_IP: gateway.RATE_LIMIT_PAGES_PER_IP,
  RATE_LIMIT_LOGIN_PER_IP: gateway.RATE_LIMIT_LOGIN_PER_IP,
  RATE_LIMIT_DASHBOARD_WRITES_PER_USER: gateway.RATE_LIMIT_DASHBOARD_WRITES_PER_USER,
  RATE_LIMIT_REPLAY_PER_TENANT: gateway.RATE_LIMIT_REPLAY_PER_TENANT,
  RATE_LIMIT_IPV6_PREFIX: gateway.RATE_LIMIT_IPV6_PREFIX,
  IDENTITY_CACHE_TTL_MS: gateway.IDENTITY_CACHE_TTL_MS,
  /**
   * The booking service in a worker thread of its own (on), so creates use a second core, or on
   * the main thread with the others (off). Every call stays gRPC either way (docs/operations.md).
   */
  BOOKING_THREAD: z.enum(['on', 'off']).default('on'),
  /**
   * `1` (or `on`): make the demo workspace on the first start of this DATA_DIR and print its
   * booking page and a sign-in link on every start, as `--demo` does (docs/decisions.md "Demo workspace").
   */
  DEMO: z.enum(['0', '1', 'off', 'on']).default('0'),
  /** How long a booking create waits for its capacity locks (the booking service's setting). */
  LOCK_WAIT_MS: bookingConfigSchema.shape.LOCK_WAIT_MS,
  /** Pause between hold-expiry sweeps (the booking service's setting). */
  HOLD_SWEEP_MS: bookingConfigSchema.shape.HOLD_SWEEP_MS,
  PAYMENT_POLL_MS: bookingConfigSchema.shape.PAYMENT_POLL_MS,
  ERASE_WAIT_MS: bookingConfigSchema.shape.ERASE_WAIT_MS,
  /** The webhook dispatcher's settings (docs/operations.md); its secret key is generated in DATA_DIR. */
  WEBHOOK_SECRET_KEY: dispatcher.WEBHOOK_SECRET_KEY,
  WEBHOOK_URL_ALLOWLIST: dispatcher.WEBHOOK_URL_ALLOWLIST,
  WEBHOOK_FIRST_RETRY_MS: dispatcher.WEBHOOK_FIRST_RETRY_MS,
  WEBHOOK_ATTEMPT_TIMEOUT_MS: dispatcher.WEBHOOK_ATTEMPT_TIMEOUT_MS,
  WEBHOOK_MAX_SUBSCRIPTIONS: dispatcher.WEBHOOK_MAX_SUBSCRIPTIONS,
  /** The integrations service's settings (docs/operations.md); its secret key is generated in DATA_DIR. */
  INTEGRATIONS_SECRET_KEY: integrations.INTEGRATIONS_SECRET_KEY,
  CALDAV_URL_ALLOWLIST: integrations.CALDAV_URL_ALLOWLIST,
  PROVIDER_MAX_RESPONSE_BYTES: integrations.PROVIDER_MAX_RESPONSE_BYTES,
  BUSY_CACHE_MS: integrations.BUSY_CACHE_MS,
  SYNC_FIRST_RETRY_MS: integrations.SYNC_FIRST_RETRY_MS,
  PROVIDER_TIMEOUT_MS: integrations.PROVIDER_TIMEOUT_MS,
  GOOGLE_CLIENT_ID: integrations.GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET: integrations.GOOGLE_CLIENT_SECRET,
  GOOGLE_AUTHORIZATION_URL: integrations.GOOGLE_AUTHORIZATION_URL,
  GOOGLE_TOKEN_URL: integrations.GOOGLE_TOKEN_URL,
  GOOGLE_CALENDAR_API_URL: integrations.GOOGLE_CALENDAR_API_URL,
  MICROSOFT_CLIENT_ID: integrations.MICROSOFT_CLIENT_ID,
  MICROSOFT_CLIENT_SECRET: integrations.MICROSOFT_CLIENT_SECRET,
  MICROSOFT_TENANT: integrations.MICROSOFT_TENANT,
  MICROSOFT_AUTHORITY_URL: integrations.MICROSOFT_AUTHORITY_URL,
  MICROSOFT_GRAPH_API_URL: integrations.MICROSOFT_GRAPH_API_URL,
  ZOOM_CLIENT_ID: integrations.ZOOM_CLIENT_ID,
  ZOOM_CLIENT_SECRET: integrations.ZOOM_CLIENT_SECRET,
  ZOOM_AUTHORIZATION_URL: integrations.ZOOM_AUTHORIZATION_URL,
  ZOOM_TOKEN_URL: integrations.ZOOM_TOKEN_URL,
  ZOOM_API_URL: integrations.ZOOM_API_URL,
  /** Stripe's API, the tenants' payment accounts' (docs/decisions.md "Payments"); tests: a stand-in. */
  STRIPE_API_URL: integrations.STRIPE_API_URL,
  /**
   * The notifications service's settings (docs/operations.md "Notifications"); without SMTP_URL
   * the messages are .eml files in DATA_DIR/mail/.
   */
  SMTP_URL: notifications.SMTP_URL,
  SMTP_POOL_SIZE: notifications.SMTP_POOL_SIZE,
  MAIL_FROM: notifications.MAIL_FROM,
  DASHBOARD_URL: notifications.DASHBOARD_URL,
  SMS_API_URL: notifications.SMS_API_URL,
  SMS_ACCOUNT_SID: notifications.SMS_ACCOUNT_SID,
  SMS_AUTH_TOKEN: notifications.SMS_AUTH_TOKEN,
  SMS_FROM: notifications.SMS_FROM,
  NOTIFY_FIRST_RETRY_MS: notifications.NOTIFY_FIRST_RETRY_MS,
  NOTIFY_POLL_MS: notifications.NOTIFY_POLL_MS,
  NOTIFY_CONCURRENCY: notifications.NOTIFY_CONCURRENCY,
  NOTIFY_SEND_TIMEOUT_MS: notifications.NOTIFY_SEND_TIMEOUT_MS,
  NOTIFY_MEETING_WAIT_MS: notifications.NOTIFY_MEETING_WAIT_MS,
});

export type PlatformConfig = z.input<typeof platformConfigSchema>;
export type ResolvedPlatformConfig = z.output<typeof platformConfigSchema>;

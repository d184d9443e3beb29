import { z } from 'zod';
import { manageTokenSettings, requiredWhenDistributed, serviceSettings } from '@svc/config';
import { emailSchema, hostPortSchema } from '@svc/rules';

const positiveMs = z.coerce.number().int().positive();

/** The notifications service's settings (docs/operations.md "Notifications"). */
export const notificationsConfigSchema = z
  .object({
    ...serviceSettings,
    GRPC_PORT: serviceSettings.GRPC_PORT.default(50056),
    /** Tenants, services and staff (names, branding, a service's confirmation policy, staff emails). */
    CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051'),
    /**
     * The booking as stored now: for an event that does not carry its state, a booking with a later
     * event in the batch, the reminders' and held messages' checks.
     */
    BOOKING_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50052'),
    /** The customer's email, phone, locale and time zone. */
    CUSTOMER_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50053'),
    /**
     * The integrations service: a booking's video meeting link for the customer's messages.
     * Unset: no integrations service is deployed; no message names a meeting.
     */
    INTEGRATIONS_GRPC_ADDR: hostPortSchema.optional(),
    /** Distributed profile: comma-separated Kafka bootstrap brokers to consume booking events from. */
    KAFKA_BROKERS: z.string().optional(),
    /** The gateway's public address: manage, unsubscribe and booking-page links. */
    BASE_URL: z.string().url().optional(),
    /** Where the dashboard shows a booking (`<DASHBOARD_URL>/bookings/<id>`); default `<BASE_URL>/dashboard`. */
    DASHBOARD_URL: z.string().url().optional(),
    /**
     * The manage-token keys of the gateway (the same values): the emails carry the manage link the
     * create answered, and the unsubscribe links are signed with them.
     */
    ...manageTokenSettings,
    /** `smtp://` or `smtps://` (user and password in the URL); unset: messages go to DATA_DIR/mail/ as .eml files. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL')
      .optional(),
    /** Connections of the SMTP pool. */
    SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
    /** The one sender address of the platform (the From name is each tenant's); embedded default bookings@localhost. */
    MAIL_FROM: emailSchema.optional(),
    /** A Twilio-compatible SMS API; SMS is sent only when the account, token and sender are set. */
    SMS_API_URL: z.string().url().default('https://api.twilio.com'),
    SMS_ACCOUNT_SID: z.string().optional(),
    SMS_AUTH_TOKEN: z.string().optional(),
    /** The sender number (E.164) or alphanumeric sender id. */
    SMS_FROM: z.string().optional(),
    /** Delay before the first retry of a temporary failure; later ones double up to an hour. */
    NOTIFY_FIRST_RETRY_MS: positiveMs.default(30_000),
    /** Longest pause between two looks for due messages and reminders. */
    NOTIFY_POLL_MS: positiveMs.default(1_000),
    /** Messages in flight at once per process. */
    NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(32),
    /** How long one send may take (connection, SMTP dialogue or SMS request). */
    NOTIFY_SEND_TIMEOUT_MS: positiveMs.default(10_000),
    /**
     * How long a customer's confirmation or reschedule waits at most for the booking's video
     * meeting link before it goes saying the link follows (docs/decisions.md "Notifications").
     */
    NOTIFY_MEETING_WAIT_MS: positiveMs.default(120_000),
    /** Between two retention sweeps of the notification bodies (docs/operations.md "Retention"). */
    RETENTION_SWEEP_INTERVAL_MS: positiveMs.default(3_600_000),
  })
  .superRefine(
    requiredWhenDistributed([
      'MONGODB_URL',
      'KAFKA_BROKERS',
      'BASE_URL',
      'MANAGE_TOKEN_SECRET',
      'SMTP_URL',
      'MAIL_FROM',
    ]),
  );

export type NotificationsConfig = z.output<typeof notificationsConfigSchema>;

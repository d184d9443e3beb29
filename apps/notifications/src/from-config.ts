import { join, resolve } from 'node:path';
import { manageTokenKeysOf, storeConfigFor } from '@svc/config';
import { eventBusFromConfig, type EventBus } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { bookingV1, catalogV1, customerV1, integrationsV1 } from '@svc/proto';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { NotificationsConfig } from './config.js';
import { startNotifications } from './service.js';
import { EmlFileTransport } from './transport/eml-transport.js';
import type { MailTransport } from './transport/mail-transport.js';
import { SmtpTransport } from './transport/smtp-transport.js';
import { TwilioSmsTransport, type SmsTransport } from './transport/sms-transport.js';

/** The sender address of the embedded profile when MAIL_FROM is unset. */
export const EMBEDDED_MAIL_FROM = 'bookings@localhost';

/**
 * The notifications service as its configuration describes it: main.ts and the embedded platform
 * start it so. `shared.bus`: a bus the caller owns (the embedded platform's). `shared.now`: the
 * clock (tests move it to make reminders fall due). Without SMTP_URL the messages are written as
 * .eml files under DATA_DIR/mail/ and one log line says where.
 */
export async function startNotificationsFromConfig(
  config: NotificationsConfig,
  logger: Logger,
  shared: { bus?: EventBus; now?: () => number } = {},
): Promise<RunningGrpcHost> {
  const mailFrom = config.MAIL_FROM ?? EMBEDDED_MAIL_FROM;
  const baseUrl = (config.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const mail: MailTransport = config.SMTP_URL
    ? new SmtpTransport(config.SMTP_URL, { poolSize: config.SMTP_POOL_SIZE, timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS })
    : new EmlFileTransport(join(resolve(config.DATA_DIR), 'mail'));
  logger.info({ to: mail.description }, `notifications: email goes to ${mail.description}`);
  const sms: SmsTransport | null =
    config.SMS_ACCOUNT_SID && config.SMS_AUTH_TOKEN && config.SMS_FROM
      ? new TwilioSmsTransport({
          apiUrl: config.SMS_API_URL,
          accountSid: config.SMS_ACCOUNT_SID,
          authToken: config.SMS_AUTH_TOKEN,
          from: config.SMS_FROM,
          timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS,
        })
      : null;
  return startNotifications(config, {
    logger,
    store: await openStore(storeConfigFor('notifications', config)),
    bus: shared.bus ?? eventBusFromConfig(config, 'notifications'),
    clients: {
      catalog: connectService(catalogV1.CatalogServiceService, config.CATALOG_GRPC_ADDR),
      booking: connectService(bookingV1.BookingServiceService, config.BOOKING_GRPC_ADDR),
      customer: connectService(customerV1.CustomerServiceService, config.CUSTOMER_GRPC_ADDR),
      ...(config.INTEGRATIONS_GRPC_ADDR
        ? { integrations: connectService(integrationsV1.IntegrationServiceService, config.INTEGRATIONS_GRPC_ADDR) }
        : {}),
    },
    mail,
    sms,
    compose: {
      baseUrl,
      dashboardUrl: (config.DASHBOARD_URL ?? `${baseUrl}/dashboard`).replace(/\/$/, ''),
      mailDomain: mailFrom.slice(mailFrom.lastIndexOf('@') + 1),
      manageKeys: manageTokenKeysOf(config),
    },
    worker: {
      firstRetryMs: config.NOTIFY_FIRST_RETRY_MS,
      pollMs: config.NOTIFY_POLL_MS,
      concurrency: config.NOTIFY_CONCURRENCY,
      sendTimeoutMs: config.NOTIFY_SEND_TIMEOUT_MS,
      mailFrom,
    },
    retentionSweepMs: config.RETENTION_SWEEP_INTERVAL_MS,
    meetingWaitMs: config.NOTIFY_MEETING_WAIT_MS,
    ...(shared.now ? { now: shared.now } : {}),
  });
}

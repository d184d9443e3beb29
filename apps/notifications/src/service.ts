import { BackgroundWork } from '@svc/background';
import type { EventBus } from '@svc/events';
import { serviceNameOf, startGrpcHost, unprobed, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import { notificationsV1 } from '@svc/proto';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { MeetingWorker } from './delivery/meeting-worker.js';
import { ReminderWorker } from './delivery/reminder-worker.js';
import { SendWorker, type SendWorkerSettings } from './delivery/send-worker.js';
import type { ComposeSettings } from './intake/compose.js';
import { consumeConnectionEvents } from './intake/connection-notices.js';
import { consumeBookingEvents } from './intake/consumer.js';
import type { Clients } from './intake/context.js';
import { MeetingReader } from './intake/meetings.js';
import { DEFAULT_RETENTION_SWEEP_MS, RetentionSweeper } from './privacy/retention-sweeper.js';
import { notificationService } from './rpc/notification-service.js';
import { ErasureRepository } from './store/erasure-repository.js';
import { MeetingWaitRepository } from './store/meeting-wait-repository.js';
import { NotificationRepository } from './store/notification-repository.js';
import { NOTIFICATION_INDEXES } from './store/records.js';
import { ReminderRepository } from './store/reminder-repository.js';
import { SettingsRepository } from './store/settings-repository.js';
import type { MailTransport } from './transport/mail-transport.js';
import type { SmsTransport } from './transport/sms-transport.js';

export const NOTIFICATION_SERVICE_NAME = serviceNameOf(notificationsV1.NotificationServiceService);

export interface NotificationsDeps {
  logger: Logger;
  store: DocumentStore;
  bus: EventBus;
  clients: Clients;
  mail: MailTransport;
  /** Null: no SMS provider; no SMS is planned. */
  sms: SmsTransport | null;
  compose: ComposeSettings;
  worker: Omit<SendWorkerSettings, 'mailFrom'> & { mailFrom: string };
  /** Epoch ms; tests may move it (reminders falling due, retention). */
  now?: () => number;
  random?: () => number;
  /** Between two retention sweeps (docs/operations.md "Retention"); default an hour. */
  retentionSweepMs?: number;
  /**
   * How long a confirmation or reschedule waits at most for the booking's video meeting link
   * (docs/decisions.md "Notifications"); default DEFAULT_MEETING_WAIT_MS.
   */
  meetingWaitMs?: number;
}

/** Two minutes: a write-back normally makes the link within seconds of the confirmation. */
export const DEFAULT_MEETING_WAIT_MS = 120_000;

/**
 * The notifications service: serves notifications.v1.NotificationService, consumes the booking
 * topic in its own group (intake, erasures included) and the integration topic in another (a
 * calendar that needs connecting again), and runs the send worker, the reminder
 * worker, the meeting-link worker and the retention sweeper. Owns its store, bus and transports: at shutdown it stops
 * consuming and sweeping, lets the sends in flight finish and be recorded, then closes them.
 */
export async function startNotifications(settings: HostSettings, deps: NotificationsDeps): Promise<RunningGrpcHost> {
  const now = deps.now ?? Date.now;
  const notifications = new NotificationRepository(deps.store);
  const reminders = new ReminderRepository(deps.store);
  const settingsRepo = new SettingsRepository(deps.store);
  /**
   * After an erase (docs/decisions.md "Privacy"): the erased messages' .eml copies go, and the
   * store's files are scrubbed of what the erase overwrote.
   */
  const afterErasure = async (messageIds: readonly string[]): Promise<void> => {
    if (messageIds.length > 0 && deps.mail.forget) await deps.mail.forget(messageIds);
    await deps.store.scrubFreed();
  };
  const sender = new SendWorker(
    {
      notifications,
      settings: settingsRepo,
      mail: deps.mail,
      sms: deps.sms,
      logger: deps.logger,
      now,
      ...(deps.random ? { random: deps.random } : {}),
      onErased: (messageIds) =>
        afterErasure(messageIds).catch((err: unknown) =>
          // The record is erased; a later erase step or sweep scrubs the files again.
          deps.logger.warn({ err }, 'the files of an erased notification could not be scrubbed'),
        ),
    },
    deps.worker,
  );
  const sweeper = new RetentionSweeper(
    { store: deps.store, notifications, catalog: deps.clients.catalog, mail: deps.mail, logger: deps.logger, now },
    deps.retentionSweepMs ?? DEFAULT_RETENTION_SWEEP_MS,
  );
  const shared = {
    store: deps.store,
    notifications,
    reminders,
    settings: settingsRepo,
    erasures: new ErasureRepository(deps.store),
    afterErasure,
    clients: deps.clients,
    compose: deps.compose,
    smsAvailable: deps.sms !== null,
    meetings: new MeetingReader(deps.clients.integrations, deps.logger),
    waits: new MeetingWaitRepository(deps.store),
    meetingWaitMs: deps.meetingWaitMs ?? DEFAULT_MEETING_WAIT_MS,
    logger: deps.logger,
    now,
  };
  const reminderWorker = new ReminderWorker({ ...shared, onStored: () => sender.nudge() }, deps.worker.pollMs);
  const meetingWorker = new MeetingWorker({ ...shared, onStored: () => sender.nudge() }, deps.worker.pollMs);
  const background = new BackgroundWork([sender, reminderWorker, meetingWorker, sweeper]);
  const host = await startGrpcHost({
    name: 'notifications',
    settings,
    logger: deps.logger,
    services: [
      notificationService({
        notifications,
        settings: settingsRepo,
        catalog: deps.clients.catalog,
        manageKeys: deps.compose.manageKeys,
        mailDomain: deps.compose.mailDomain,
        now,
        onResend: () => sender.nudge(),
      }),
    ],
    resources: {
      store: deps.store,
      bus: deps.bus,
      mail: unprobed(deps.mail),
      // Channels, not probed (each service's health is its own).
      catalog: unprobed(deps.clients.catalog),
      booking: unprobed(deps.clients.booking),
      customer: unprobed(deps.clients.customer),
      ...(deps.clients.integrations ? { integrations: unprobed(deps.clients.integrations) } : {}),
    },
    prepare: () => deps.store.ensureIndexes(NOTIFICATION_INDEXES),
    // The consumer first (no new records), then the workers (sends in flight are recorded).
    onStopping: () => background.stop(),
  });
  await background.start(host, [
    () =>
      consumeBookingEvents(deps.bus, {
        ...shared,
        onStored: () => {
          sender.nudge();
          reminderWorker.nudge();
          meetingWorker.nudge();
        },
      }),
    // The business hears when a calendar needs connecting again (the integration topic).
    () =>
      consumeConnectionEvents(deps.bus, {
        store: deps.store,
        notifications,
        settings: settingsRepo,
        catalog: deps.clients.catalog,
        compose: deps.compose,
        logger: deps.logger,
        now,
        onStored: () => sender.nudge(),
      }),
  ]);
  return host;
}

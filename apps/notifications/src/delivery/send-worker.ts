/**
 * The send worker (docs/architecture.md "Notifications"): picks up due send records, claims each
 * with a lease (a compare-and-set in the store, so replicas never send the same attempt at once),
 * sends it through its channel and records the outcome; temporary failures come back after the
 * backoff (domain/retry.ts). Due work lives only in the store, so a restart picks up where the
 * last run stopped. A reminder to a customer who unsubscribed is recorded `suppressed`, unsent,
 * however it was queued (a resend included): an unsubscribe holds from the moment it is stored.
 */
import { GroupCommit, LeasedWorker } from '@svc/background';
import type { Logger } from '@svc/telemetry';
import { judgeSend, type SendResult } from '../domain/retry.js';
import { SUPPRESSIBLE } from '../domain/templates.js';
import { eventToSend, SERVICE, sendAttempts } from '../metrics.js';
import type {
  ClaimedNotification,
  NotificationRepository,
  RecordResult,
  SendRecord,
} from '../store/notification-repository.js';
import type { NotificationDoc } from '../store/records.js';
import { messageIdsOf } from '../store/redaction.js';
import type { SettingsRepository } from '../store/settings-repository.js';
import type { MailTransport } from '../transport/mail-transport.js';
import type { SmsTransport } from '../transport/sms-transport.js';

/** What a lease allows beyond the send itself (the suppression read and the recording). */
const LEASE_MARGIN_MS = 15_000;
/** Outcomes recorded in one transaction at most. */
const RECORD_BATCH = 100;
/**
 * How long an outcome waits for others to share its commit: sends finish one by one, so without
 * it nearly every outcome was a commit of its own (a profile of the bench: commits 9 % of the
 * CPU, docs/benchmarks.md "Step 6: email at the speed of its client"). The send time recorded is
 * the send's, not the commit's.
 */
const RECORD_LINGER_MS = 20;

export interface SendWorkerSettings {
  firstRetryMs: number;
  pollMs: number;
  concurrency: number;
  sendTimeoutMs: number;
  mailFrom: string;
}

export interface SendWorkerDeps {
  notifications: NotificationRepository;
  settings: SettingsRepository;
  mail: MailTransport;
  /** Null when no SMS provider is configured (no SMS record is then made). */
  sms: SmsTransport | null;
  logger: Logger;
  now: () => number;
  random?: () => number;
  /**
   * Told when a record was erased as its outcome was recorded (its customer was erased while it
   * was pending): its copies are forgotten and the store scrubbed (docs/decisions.md "Privacy").
   */
  onErased: (messageIds: readonly string[]) => Promise<void>;
}

export class SendWorker extends LeasedWorker<NotificationDoc, ClaimedNotification> {
  private readonly random: () => number;
  private readonly records: GroupCommit<{ claimed: ClaimedNotification; outcome: SendRecord }, RecordResult>;

  constructor(
    private readonly deps: SendWorkerDeps,
    private readonly settings: SendWorkerSettings,
  ) {
    super(deps.notifications, {
      name: 'notification worker',
      pollMs: settings.pollMs,
      concurrency: settings.concurrency,
      // A pooled connection may have to be opened (connection and greeting timeouts) before the send.
      leaseMs: 3 * settings.sendTimeoutMs + LEASE_MARGIN_MS,
      logger: deps.logger,
      now: deps.now,
    });
    this.random = deps.random ?? Math.random;
    this.records = new GroupCommit((items) => this.deps.notifications.recordAll(items), RECORD_BATCH, RECORD_LINGER_MS);
  }

  protected failed(err: unknown, claimed: ClaimedNotification): void {
    // The lease runs out and the record falls due again.
    this.deps.logger.error({ err, notificationId: claimed._id }, 'notification attempt could not be completed');
  }

  protected async attempt(claimed: ClaimedNotification): Promise<void> {
    const { now, logger } = this.deps;
    const startedAtMs = now();
    const suppressed =
      SUPPRESSIBLE.has(claimed.template) &&
      (await this.deps.settings.isSuppressed(claimed.tenantId, claimed.customerId));
    const result: SendResult | 'suppressed' = suppressed ? 'suppressed' : await this.send(claimed);
    const endedAtMs = now();
    const label = result === 'suppressed' ? 'suppressed' : result.kind;
    sendAttempts.observe(
      { service: SERVICE, channel: claimed.channel, result: label },
      (endedAtMs - startedAtMs) / 1000,
    );
    const attemptNo = claimed.attemptCount + 1;
    const outcome: SendRecord =
      result === 'suppressed'
        ? { status: 'suppressed', nextAttemptAtMs: null, error: null, nowMs: endedAtMs }
        : {
            ...judgeSend(attemptNo, result, {
              nowMs: endedAtMs,
              firstRetryMs: this.settings.firstRetryMs,
              random: this.random(),
            }),
            nowMs: endedAtMs,
          };
    if (outcome.status === 'sent') {
      eventToSend.observe(
        { service: SERVICE, channel: claimed.channel },
        Math.max(0, endedAtMs - claimed.eventAtMs) / 1000,
      );
    }
    const recorded = await this.records.add({ claimed, outcome });
    // Ids, the template and the outcome only: never the address, the text or a link (tokens).
    const fields = { notificationId: claimed._id, template: claimed.template, channel: claimed.channel, attemptNo };
    if (recorded === 'lost') {
      logger.warn(fields, 'notification outcome not recorded: the lease ran out meanwhile');
      return;
    }
    logger.info(
      { ...fields, status: outcome.status, error: outcome.error, erased: recorded === 'erased' },
      'notification attempt',
    );
    if (recorded === 'erased') await this.deps.onErased(messageIdsOf(claimed));
  }

  private send(claimed: ClaimedNotification): Promise<SendResult> {
    const { content } = claimed;
    if (claimed.channel === 'sms') {
      if (!this.deps.sms) return Promise.resolve({ kind: 'permanent', error: 'no SMS provider is configured' });
      return this.deps.sms.send({ to: claimed.recipient, body: content.text });
    }
    return this.deps.mail.send({
      from: { name: content.fromName, address: this.settings.mailFrom },
      to: claimed.recipient,
      replyTo: content.replyTo,
      subject: content.subject,
      text: content.text,
      html: content.html ?? '',
      messageId: claimed.messageId,
      calendar: content.calendar,
      unsubscribeUrl: content.unsubscribeUrl,
    });
  }
}

/**
 * The send worker (docs/architecture.md "Notifications"): picks up due send records, claims each
 * with a lease (a compare-and-set in the store, so replicas never send the same attempt at once),
 * sends it through its channel and records the outcome; temporary failures come back after the
 * backoff (domain/retry.ts). Due work lives only in the store, so a restart picks up where the
 * last run stopped. A reminder to a customer who unsubscribed is recorded `suppressed`, unsent,
 * however it was queued (a resend included): an unsubscribe holds from the moment it is stored.
 */
import { DueLoop, waitFor } from '@svc/store';
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
import { messageIdsOf } from '../store/redaction.js';
import type { SettingsRepository } from '../store/settings-repository.js';
import type { MailTransport } from '../transport/mail-transport.js';
import type { SmsTransport } from '../transport/sms-transport.js';

/** What a lease allows beyond the send itself (the suppression read and the recording). */
const LEASE_MARGIN_MS = 15_000;
/** Outcomes recorded in one transaction at most. */
const RECORD_BATCH = 100;

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

export class SendWorker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly loop: DueLoop;
  private readonly leaseMs: number;
  private readonly random: () => number;
  private readonly toRecord: Array<{
    item: { claimed: ClaimedNotification; outcome: SendRecord };
    resolve: (result: RecordResult) => void;
    reject: (err: unknown) => void;
  }> = [];
  private recording: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly deps: SendWorkerDeps,
    private readonly settings: SendWorkerSettings,
  ) {
    // A pooled connection may have to be opened (connection and greeting timeouts) before the send.
    this.leaseMs = 3 * settings.sendTimeoutMs + LEASE_MARGIN_MS;
    this.random = deps.random ?? Math.random;
    this.loop = new DueLoop('notification worker', () => this.pass(), settings.pollMs, deps.logger);
  }

  start(): void {
    this.stopped = false;
    this.loop.start();
  }

  nudge(): void {
    this.loop.nudge();
  }

  /** Stops looking for work and waits for the sends in flight to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop.stop();
    await Promise.all(this.inFlight.values());
  }

  private async pass(): Promise<number> {
    const { notifications, now } = this.deps;
    for (;;) {
      const room = this.settings.concurrency - this.inFlight.size;
      if (room <= 0 || this.stopped) return this.settings.pollMs;
      const due = (await notifications.due(now(), room)).filter((d) => !this.inFlight.has(d._id));
      const mine = await notifications.claimAll(due, now(), this.leaseMs);
      for (const claimed of mine) this.launch(claimed);
      if (mine.length === 0) break;
    }
    return waitFor(await notifications.nextDueAtMs(), now(), this.settings.pollMs);
  }

  private launch(claimed: ClaimedNotification): void {
    const run = this.attempt(claimed)
      .catch((err: unknown) =>
        // The lease runs out and the record falls due again.
        this.deps.logger.error({ err, notificationId: claimed._id }, 'notification attempt could not be completed'),
      )
      .finally(() => {
        this.inFlight.delete(claimed._id);
        // Refill in batches: one claim transaction for many free slots.
        if (this.inFlight.size <= this.settings.concurrency / 2) this.nudge();
      });
    this.inFlight.set(claimed._id, run);
  }

  private async attempt(claimed: ClaimedNotification): Promise<void> {
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
    const recorded = await this.record(claimed, outcome);
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

  /** Group commit: outcomes that end while a recording runs are recorded together in the next one. */
  private record(claimed: ClaimedNotification, outcome: SendRecord): Promise<RecordResult> {
    return new Promise<RecordResult>((resolve, reject) => {
      this.toRecord.push({ item: { claimed, outcome }, resolve, reject });
      this.recording ??= this.flushRecords().finally(() => (this.recording = undefined));
    });
  }

  private async flushRecords(): Promise<void> {
    while (this.toRecord.length > 0) {
      const batch = this.toRecord.splice(0, RECORD_BATCH);
      try {
        const results = await this.deps.notifications.recordAll(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]!));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
  }
}

/**
 * The delivery worker (docs/architecture.md "Webhook dispatcher"): picks up due deliveries
 * from the store, claims each with a lease, makes the attempt and records it. Every replica
 * runs one; the lease (a compare-and-set in the store) keeps two of them from sending the same
 * attempt. Due work lives only in the store, so a restart picks up where the last run stopped.
 *
 * It looks for due work when nudged (a fan-out stored deliveries, a replay, an attempt ended)
 * and otherwise when the earliest pending delivery falls due, at least every `pollMs` (other
 * replicas may have stored work).
 */
import { webhookSignature, type SecretBox } from '@svc/crypto';
import { DueLoop, waitFor } from '@svc/store';
import { inClientSpan, type Logger } from '@svc/telemetry';
import { judgeAttempt, type AttemptResult } from '../domain/retry-schedule.js';
import { attemptResultLabel, SERVICE, webhookAttempts, webhookDeliveryLatency } from '../metrics.js';
import type { AttemptRecord, ClaimedDelivery, DeliveryRepository } from '../store/delivery-repository.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';
import { RESOLVE_TIMEOUT_MS, type UrlPolicy } from '@svc/url-policy';
import { postWebhook, type WebhookRequest } from './http-sender.js';

export const USER_AGENT = 'booking-service-webhooks/1';

/** What a lease allows beyond the lookup and the attempt (store reads and the recording). */
export const LEASE_MARGIN_MS = 15_000;

/** Attempts recorded in one transaction at most. */
const RECORD_BATCH = 100;

export interface WorkerSettings {
  firstRetryMs: number;
  attemptTimeoutMs: number;
  pollMs: number;
  concurrency: number;
  /**
   * How long a claim holds a delivery: the name lookup and the attempt at their longest, plus
   * LEASE_MARGIN_MS for reading the subscription and recording. A replica that dies mid-attempt
   * leaves its deliveries to the others once this has passed.
   */
  leaseMs?: number;
}

export interface WorkerDeps {
  deliveries: DeliveryRepository;
  subscriptions: SubscriptionRepository;
  secrets: SecretBox;
  policy: UrlPolicy;
  logger: Logger;
  now: () => number;
  random?: () => number;
  /** The HTTP request (tests may observe it); default postWebhook. */
  send?: (req: WebhookRequest) => Promise<AttemptResult>;
  /** DocumentStore.scrubFreed: after a recording removed an erased customer's body. */
  scrubFreed: () => Promise<void>;
}

export class DeliveryWorker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly leaseMs: number;
  private readonly send: (req: WebhookRequest) => Promise<AttemptResult>;
  private readonly random: () => number;
  private readonly loop: DueLoop;
  private readonly toRecord: Array<{
    item: { claimed: ClaimedDelivery; attempt: AttemptRecord; nowMs: number };
    resolve: (recorded: boolean) => void;
    reject: (err: unknown) => void;
  }> = [];
  private recording: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly deps: WorkerDeps,
    private readonly settings: WorkerSettings,
  ) {
    this.leaseMs = settings.leaseMs ?? RESOLVE_TIMEOUT_MS + settings.attemptTimeoutMs + LEASE_MARGIN_MS;
    this.send = deps.send ?? postWebhook;
    this.random = deps.random ?? Math.random;
    this.loop = new DueLoop('webhook worker', () => this.pass(), settings.pollMs, deps.logger);
  }

  start(): void {
    this.stopped = false;
    this.loop.start();
  }

  /** Looks for due work now, or right after the look in progress. */
  nudge(): void {
    this.loop.nudge();
  }

  /** Stops looking for work and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop.stop();
    await Promise.all(this.inFlight.values());
  }

  /** Claims and starts due deliveries while there is room; answers how long to wait before the next look. */
  private async pass(): Promise<number> {
    const { deliveries, now } = this.deps;
    for (;;) {
      const room = this.settings.concurrency - this.inFlight.size;
      if (room <= 0 || this.stopped) return this.settings.pollMs;
      const due = (await deliveries.due(now(), room)).filter((d) => !this.inFlight.has(d._id));
      // One transaction for the lot; the ones another replica took first are left out.
      const mine = await deliveries.claimAll(due, now(), this.leaseMs);
      for (const claimed of mine) this.launch(claimed);
      if (mine.length === 0) break;
    }
    return waitFor(await deliveries.nextDueAtMs(), now(), this.settings.pollMs);
  }

  private launch(claimed: ClaimedDelivery): void {
    const run = this.attempt(claimed)
      .catch((err: unknown) =>
        // The lease runs out and the delivery falls due again.
        this.deps.logger.error({ err, deliveryId: claimed._id }, 'webhook attempt could not be completed'),
      )
      .finally(() => {
        this.inFlight.delete(claimed._id);
        // Refill in batches: one claim transaction for many free slots rather than one per
        // finished attempt, which under load cost more than the attempts' own records.
        if (this.inFlight.size <= this.settings.concurrency / 2) this.nudge();
      });
    this.inFlight.set(claimed._id, run);
  }

  private async attempt(claimed: ClaimedDelivery): Promise<void> {
    const { now, logger } = this.deps;
    const attemptNo = claimed.attemptCount + 1;
    const startedAtMs = now();
    const result = await this.makeAttempt(claimed);
    const endedAtMs = now();
    const label = attemptResultLabel(result);
    webhookAttempts.observe({ service: SERVICE, result: label }, (endedAtMs - startedAtMs) / 1000);
    if (label === 'succeeded') {
      webhookDeliveryLatency.observe({ service: SERVICE }, Math.max(0, endedAtMs - claimed.createdAtMs) / 1000);
    }
    const verdict = judgeAttempt(attemptNo, result, {
      nowMs: endedAtMs,
      firstRetryMs: this.settings.firstRetryMs,
      random: this.random(),
    });
    const recorded = await this.record(
      claimed,
      {
        startedAtMs,
        durationMs: endedAtMs - startedAtMs,
        responseStatus: result.kind === 'response' ? result.status : null,
        error: verdict.error,
        status: verdict.status,
        nextAttemptAtMs: verdict.nextAttemptAtMs,
      },
      endedAtMs,
    );
    const fields = { deliveryId: claimed._id, eventId: claimed.eventId, attemptNo, series: claimed.series };
    if (!recorded) logger.warn(fields, 'webhook attempt not recorded: the lease ran out meanwhile');
    else logger.info({ ...fields, status: verdict.status, error: verdict.error }, 'webhook attempt');
  }

  /**
   * Group commit: attempts that end while a recording transaction runs are recorded together in
   * the next one, so under load one commit records many attempts; alone, one at once.
   */
  private record(claimed: ClaimedDelivery, attempt: AttemptRecord, nowMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.toRecord.push({ item: { claimed, attempt, nowMs }, resolve, reject });
      this.recording ??= this.flushRecords().finally(() => (this.recording = undefined));
    });
  }

  private async flushRecords(): Promise<void> {
    while (this.toRecord.length > 0) {
      const batch = this.toRecord.splice(0, RECORD_BATCH);
      try {
        const results = await this.deps.deliveries.recordAll(batch.map((b) => b.item));
        // What the removal overwrote must leave the store's files too (docs/decisions.md "Privacy").
        if (results.some((r) => r.bodyRemoved)) await this.scrub();
        batch.forEach((b, i) => b.resolve(results[i]!.recorded));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
  }

  /** A failed scrub leaves the recording standing; the next erase or sweep scrubs again. */
  private async scrub(): Promise<void> {
    try {
      await this.deps.scrubFreed();
    } catch (err) {
      this.deps.logger.warn({ err }, 'store scrub after a body removal failed');
    }
  }

  /** Sends the delivery to its subscription as it is now (URL and secret), or says why not. */
  private async makeAttempt(claimed: ClaimedDelivery): Promise<AttemptResult> {
    const { subscriptions, policy, secrets, now } = this.deps;
    const subscription = await subscriptions.get(claimed.tenantId, claimed.subscriptionId);
    if (!subscription) return { kind: 'refused', error: 'not sent: the subscription no longer exists' };
    if (subscription.status !== 'active') return { kind: 'refused', error: 'not sent: the subscription is disabled' };
    const check = await policy.check(subscription.url);
    if (!check.ok) {
      // What the host resolves to may change (retried); one message whether it does not resolve or
      // resolves where it may not go (libs/url-policy).
      const error = `not sent: the URL ${check.problem}`;
      return check.retryable ? { kind: 'network', error } : { kind: 'refused', error };
    }
    const secret = secrets.open(subscription.secretSealed, subscription._id);
    return inClientSpan(SERVICE, 'webhook.deliver', claimed.traceparent, async (traceparent) => {
      const timestamp = Math.floor(now() / 1000);
      return this.send({
        url: check.url,
        address: check.addresses[0]!,
        body: claimed.body,
        timeoutMs: this.settings.attemptTimeoutMs,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          'X-Service-Event-Id': claimed.eventId,
          'X-Service-Event-Type': claimed.eventType,
          'X-Service-Timestamp': String(timestamp),
          'X-Service-Signature': webhookSignature(secret, timestamp, claimed.body),
          traceparent,
        },
      });
    });
  }
}

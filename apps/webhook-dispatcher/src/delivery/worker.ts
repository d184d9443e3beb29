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
import { GroupCommit, LeasedWorker } from '@svc/background';
import { inClientSpan, type Logger } from '@svc/telemetry';
import { judgeAttempt, type AttemptResult } from '../domain/retry-schedule.js';
import { attemptResultLabel, SERVICE, webhookAttempts, webhookDeliveryLatency } from '../metrics.js';
import type { AttemptRecord, ClaimedDelivery, DeliveryRepository, RecordOutcome } from '../store/delivery-repository.js';
import type { DeliveryDoc } from '../store/records.js';
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

export class DeliveryWorker extends LeasedWorker<DeliveryDoc, ClaimedDelivery> {
  private readonly send: (req: WebhookRequest) => Promise<AttemptResult>;
  private readonly random: () => number;
  private readonly records: GroupCommit<{ claimed: ClaimedDelivery; attempt: AttemptRecord; nowMs: number }, RecordOutcome>;

  constructor(
    private readonly deps: WorkerDeps,
    private readonly settings: WorkerSettings,
  ) {
    super(deps.deliveries, {
      name: 'webhook worker',
      pollMs: settings.pollMs,
      concurrency: settings.concurrency,
      leaseMs: settings.leaseMs ?? RESOLVE_TIMEOUT_MS + settings.attemptTimeoutMs + LEASE_MARGIN_MS,
      logger: deps.logger,
      now: deps.now,
    });
    this.send = deps.send ?? postWebhook;
    this.random = deps.random ?? Math.random;
    this.records = new GroupCommit(async (items) => {
      const results = await this.deps.deliveries.recordAll(items);
      // What the removal overwrote must leave the store's files too (docs/decisions.md "Privacy").
      if (results.some((r) => r.bodyRemoved)) await this.scrub();
      return results;
    }, RECORD_BATCH);
  }

  protected failed(err: unknown, claimed: ClaimedDelivery): void {
    // The lease runs out and the delivery falls due again.
    this.deps.logger.error({ err, deliveryId: claimed._id }, 'webhook attempt could not be completed');
  }

  protected async attempt(claimed: ClaimedDelivery): Promise<void> {
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

  /** Records the attempt with the others ending meanwhile (one transaction); false when the lease was lost. */
  private async record(claimed: ClaimedDelivery, attempt: AttemptRecord, nowMs: number): Promise<boolean> {
    return (await this.records.add({ claimed, attempt, nowMs })).recorded;
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

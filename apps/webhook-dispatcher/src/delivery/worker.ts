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
import { inClientSpan, type Logger } from '@svc/telemetry';
import { judgeAttempt, type AttemptResult } from '../domain/retry-schedule.js';
import type { ClaimedDelivery, DeliveryRepository } from '../store/delivery-repository.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';
import { RESOLVE_TIMEOUT_MS, type UrlPolicy } from '../url-policy.js';
import { postWebhook, type WebhookRequest } from './http-sender.js';

export const USER_AGENT = 'booking-service-webhooks/1';

/** What a lease allows beyond the lookup and the attempt (store reads and the recording). */
export const LEASE_MARGIN_MS = 15_000;

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
}

export class DeliveryWorker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly leaseMs: number;
  private readonly send: (req: WebhookRequest) => Promise<AttemptResult>;
  private readonly random: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly deps: WorkerDeps,
    private readonly settings: WorkerSettings,
  ) {
    this.leaseMs = settings.leaseMs ?? RESOLVE_TIMEOUT_MS + settings.attemptTimeoutMs + LEASE_MARGIN_MS;
    this.send = deps.send ?? postWebhook;
    this.random = deps.random ?? Math.random;
  }

  start(): void {
    this.stopped = false;
    this.nudge();
  }

  /** Looks for due work now, or right after the look in progress. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass()
      .catch((err: unknown) => {
        this.deps.logger.warn({ err }, 'webhook worker pass failed; will retry');
        return this.settings.pollMs;
      })
      .then((waitMs) => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.nudge();
          return;
        }
        this.timer = setTimeout(() => this.nudge(), waitMs);
        this.timer.unref();
      });
  }

  /** Stops looking for work and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await Promise.all(this.inFlight.values());
  }

  /** Claims and starts due deliveries while there is room; answers how long to wait before the next look. */
  private async pass(): Promise<number> {
    const { deliveries, now } = this.deps;
    for (;;) {
      const room = this.settings.concurrency - this.inFlight.size;
      if (room <= 0 || this.stopped) return this.settings.pollMs;
      // Twice the room: other replicas may claim some of the same ones first.
      const due = await deliveries.due(now(), room * 2);
      let claimed = 0;
      for (const doc of due) {
        if (this.inFlight.size >= this.settings.concurrency || this.stopped) break;
        if (this.inFlight.has(doc._id)) continue;
        const mine = await deliveries.claim(doc, now(), this.leaseMs);
        if (!mine) continue;
        claimed++;
        this.launch(mine);
      }
      if (claimed === 0) break;
    }
    const next = await deliveries.nextDueAtMs();
    if (next === null) return this.settings.pollMs;
    return Math.min(this.settings.pollMs, Math.max(0, next - now()) + 1);
  }

  private launch(claimed: ClaimedDelivery): void {
    const run = this.attempt(claimed)
      .catch((err: unknown) =>
        // The lease runs out and the delivery falls due again.
        this.deps.logger.error({ err, deliveryId: claimed._id }, 'webhook attempt could not be completed'),
      )
      .finally(() => {
        this.inFlight.delete(claimed._id);
        this.nudge();
      });
    this.inFlight.set(claimed._id, run);
  }

  private async attempt(claimed: ClaimedDelivery): Promise<void> {
    const { deliveries, now, logger } = this.deps;
    const attemptNo = claimed.attemptCount + 1;
    const startedAtMs = now();
    const result = await this.makeAttempt(claimed);
    const endedAtMs = now();
    const verdict = judgeAttempt(attemptNo, result, {
      nowMs: endedAtMs,
      firstRetryMs: this.settings.firstRetryMs,
      random: this.random(),
    });
    const recorded = await deliveries.record(
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

  /** Sends the delivery to its subscription as it is now (URL and secret), or says why not. */
  private async makeAttempt(claimed: ClaimedDelivery): Promise<AttemptResult> {
    const { subscriptions, policy, secrets, now } = this.deps;
    const subscription = await subscriptions.get(claimed.tenantId, claimed.subscriptionId);
    if (!subscription) return { kind: 'refused', error: 'not sent: the subscription no longer exists' };
    if (subscription.status !== 'active') return { kind: 'refused', error: 'not sent: the subscription is disabled' };
    const check = await policy.check(subscription.url);
    if (!check.ok) {
      return check.retryable
        ? { kind: 'network', error: 'the host does not resolve' }
        : { kind: 'refused', error: `not sent: the URL ${check.problem}` };
    }
    const secret = secrets.open(subscription.secretSealed, subscription._id);
    return inClientSpan('webhook.deliver', claimed.traceparent, async (traceparent) => {
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

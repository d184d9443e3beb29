import type { SecretBox } from '@svc/crypto';
import { BackgroundWork } from '@svc/background';
import type { EventBus } from '@svc/events';
import { serviceNameOf, startGrpcHost, unprobed, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import { webhooksV1 } from '@svc/proto';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { DEFAULT_MAX_SUBSCRIPTIONS } from './config.js';
import { consumeBookingEvents } from './delivery/fan-out.js';
import type { WebhookRequest } from './delivery/http-sender.js';
import { DeliveryWorker, type WorkerSettings } from './delivery/worker.js';
import type { AttemptResult } from './domain/retry-schedule.js';
import { BodySweeper, type TenantDirectory } from './retention/body-sweeper.js';
import { webhookService } from './rpc/webhook-service.js';
import { ensureDispatcherIndexes } from './store/collections.js';
import { DeliveryRepository } from './store/delivery-repository.js';
import { ErasureRepository } from './store/erasure-repository.js';
import { SubscriptionRepository } from './store/subscription-repository.js';
import type { UrlPolicy } from '@svc/url-policy';

export const WEBHOOK_SERVICE_NAME = serviceNameOf(webhooksV1.WebhookServiceService);

export interface DispatcherDeps {
  logger: Logger;
  store: DocumentStore;
  bus: EventBus;
  /** Seals and opens signing secrets (AES-256-GCM, key from configuration). */
  secrets: SecretBox;
  policy: UrlPolicy;
  worker: WorkerSettings;
  /** The most subscriptions a tenant may have (WEBHOOK_MAX_SUBSCRIPTIONS; default 20). */
  maxSubscriptions?: number;
  /** Epoch ms; tests may move it. */
  now?: () => number;
  random?: () => number;
  /** The HTTP request of an attempt; tests may wrap it. */
  send?: (req: WebhookRequest) => Promise<AttemptResult>;
  /**
   * The retention sweep of delivery bodies (retention/body-sweeper.ts): the tenants and their
   * retention from the catalog (a client the dispatcher then owns and closes), every
   * `intervalMs`. Absent: no sweep (tests of other things).
   */
  retention?: {
    catalog: TenantDirectory & { close(): void };
    intervalMs: number;
  };
}

/**
 * The webhook dispatcher: serves webhooks.v1.WebhookService, consumes the booking topic in its
 * consumer group (fan-out, erasures) and runs the delivery worker and the retention sweep. Owns
 * its store and bus: at shutdown it stops consuming, lets the attempts in flight finish and be
 * recorded and a sweep in progress end, then closes them.
 */
export async function startWebhookDispatcher(settings: HostSettings, deps: DispatcherDeps): Promise<RunningGrpcHost> {
  const now = deps.now ?? Date.now;
  const subscriptions = new SubscriptionRepository(deps.store);
  const deliveries = new DeliveryRepository(deps.store);
  const erasures = new ErasureRepository(deps.store);
  const scrubFreed = () => deps.store.scrubFreed();
  const sweeper =
    deps.retention &&
    new BodySweeper(
      { catalog: deps.retention.catalog, deliveries, scrubFreed, logger: deps.logger, now },
      deps.retention.intervalMs,
    );
  const worker = new DeliveryWorker(
    {
      deliveries,
      subscriptions,
      secrets: deps.secrets,
      policy: deps.policy,
      logger: deps.logger,
      now,
      scrubFreed,
      ...(deps.random ? { random: deps.random } : {}),
      ...(deps.send ? { send: deps.send } : {}),
    },
    deps.worker,
  );
  const background = new BackgroundWork([worker, sweeper || undefined]);
  const host = await startGrpcHost({
    name: 'webhook-dispatcher',
    settings,
    logger: deps.logger,
    services: [
      webhookService({
        subscriptions,
        deliveries,
        secrets: deps.secrets,
        policy: deps.policy,
        now,
        onReplay: () => worker.nudge(),
        maxSubscriptions: deps.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS,
      }),
    ],
    resources: {
      store: deps.store,
      bus: deps.bus,
      // A channel, not probed (the catalog's health is its own).
      ...(deps.retention ? { catalog: unprobed(deps.retention.catalog) } : {}),
    },
    prepare: () => ensureDispatcherIndexes(deps.store),
    // The consumer first (no new deliveries), then the workers (attempts in flight are recorded).
    onStopping: () => background.stop(),
  });
  await background.start(host, [
    () =>
      consumeBookingEvents(deps.bus, {
        subscriptions,
        deliveries,
        erasures,
        scrubFreed,
        logger: deps.logger,
        now,
        onStored: () => worker.nudge(),
      }),
  ]);
  return host;
}

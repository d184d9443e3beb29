import { setTimeout as sleep } from 'node:timers/promises';
import { IDENTITY_EVENTS_TOPIC, identityChangedMessage, type EventBus, type IdentityChange } from '@svc/events';
import { counter, type Counter, type Logger } from '@svc/telemetry';

/** Identity changes told to the gateways, by result (published, failed) (docs/operations.md "Metrics"). */
export const identityChangesPublished: Counter<'service' | 'result'> = counter(
  'identity_changes_published_total',
  'Credential changes (revoked key, logout, removed member) published on identity.events for the gateways, by result (published, failed: the gateways keep that entry until IDENTITY_CACHE_TTL_MS)',
  ['service', 'result'],
);

/** One more try after a short pause: a bus that blinks should not leave an entry stale for the whole TTL. */
const RETRY_AFTER_MS = 200;

/**
 * Tells every gateway that what it may have cached of a credential changed (docs/decisions.md
 * "Identity service"). Published after the write has been made, and awaited, so the answer of a
 * revoke or a logout comes only once the bus has the event. A publish that fails twice is logged
 * and counted: the gateways' cache lifetime (IDENTITY_CACHE_TTL_MS) bounds what it leaves stale,
 * and the write itself stands, so the caller's answer does not change.
 */
export class ChangePublisher {
  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
    private readonly retryAfterMs = RETRY_AFTER_MS,
  ) {}

  async changed(change: IdentityChange): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.bus.publish(IDENTITY_EVENTS_TOPIC, [identityChangedMessage(change, this.now())]);
        identityChangesPublished.inc({ service: 'identity', result: 'published' });
        return;
      } catch (err) {
        if (attempt < 2) {
          await sleep(this.retryAfterMs);
          continue;
        }
        identityChangesPublished.inc({ service: 'identity', result: 'failed' });
        this.logger.warn(
          { err, kind: change.kind },
          'could not publish an identity change; gateways drop it at their cache TTL',
        );
        return;
      }
    }
  }
}

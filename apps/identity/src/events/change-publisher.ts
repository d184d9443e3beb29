import { IDENTITY_EVENTS_TOPIC, identityChangedMessage, type EventBus, type IdentityChange } from '@svc/events';
import type { Logger } from '@svc/telemetry';

/**
 * Tells every gateway that what it may have cached of a credential changed (docs/decisions.md
 * "Identity service"). Published after the write has been made, and awaited, so the answer of a
 * revoke or a logout comes only once the bus has the event. A publish that fails is logged and
 * not retried: the gateways' cache lifetime (IDENTITY_CACHE_TTL_MS) bounds what it leaves stale.
 */
export class ChangePublisher {
  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async changed(change: IdentityChange): Promise<void> {
    try {
      await this.bus.publish(IDENTITY_EVENTS_TOPIC, [identityChangedMessage(change, this.now())]);
    } catch (err) {
      this.logger.warn({ err, kind: change.kind }, 'could not publish an identity change; gateways drop it at their cache TTL');
    }
  }
}

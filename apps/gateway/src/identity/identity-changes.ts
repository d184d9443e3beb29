import { randomUUID } from 'node:crypto';
import { IDENTITY_EVENTS_TOPIC, identityChangeOf, type EventBus, type IdentityChange, type Subscription } from '@svc/events';
import type { Logger } from '@svc/telemetry';

/**
 * Reads identity.events for this gateway process and hands each change to `drop` (the
 * credential cache). Every process reads the whole topic in a group of its own, starting at what
 * is new, like the live feed (live/booking-feed.ts): each replica must forget what it cached.
 */
export class IdentityChanges {
  private subscription: Subscription | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly groupId: string,
    private readonly drop: (change: IdentityChange) => void,
    private readonly logger: Logger,
  ) {}

  /** A consumer group of this process's own (Kafka): every replica reads every change. */
  static groupIdForProcess(): string {
    return `gateway-identity-${randomUUID()}`;
  }

  async start(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      { topic: IDENTITY_EVENTS_TOPIC, groupId: this.groupId, fromBeginning: false },
      async (message) => {
        const read = identityChangeOf(message.value);
        if ('problem' in read) this.logger.debug({ problem: read.problem }, 'skipped an identity event');
        else this.drop(read.change);
      },
    );
  }

  async close(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }
}

/**
 * The needs-reauth notice's relay (docs/decisions.md "Integrations", "Tokens that expire"): the
 * connection record is its own outbox. The conditional write that flips a connection to
 * needs_reauth also makes its notice due (connections/store/connection-repository.ts markNeedsReauth), so the
 * notice exists exactly when the flip does and once per flip. The relay claims a due notice with
 * a compare-and-set (replicas never publish the same one at once; a claim whose relay died is due
 * again after CLAIM_MS), publishes `connection.needs_reauth` to the integration topic, then
 * marks it published. A crash between publish and mark publishes it again with the same event id:
 * at-least-once, and the notifications send once per event id and recipient.
 */
import { INTEGRATION_EVENTS_TOPIC, type EventBus } from '@svc/events';
import { DueWorker } from '@svc/background';
import { waitFor } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { needsReauthEvent } from './domain/connection-event.js';
import type { ConnectionRepository } from './store/connection-repository.js';

/** Notices published per pass at most. */
const BATCH = 50;
/** How long a claimed notice waits for its relay before another may publish it. */
export const CLAIM_MS = 30_000;

export class ReauthNoticeRelay extends DueWorker {
  constructor(
    private readonly deps: { connections: ConnectionRepository; bus: EventBus; logger: Logger; now: () => number },
    private readonly pollMs: number,
  ) {
    super('needs-reauth notices', pollMs, deps.logger);
  }

  /** Publishes the due notices; answers how long to wait for the next one. */
  protected async pass(): Promise<number> {
    const { connections, bus, logger, now } = this.deps;
    const due = await connections.dueReauthNotices(now(), BATCH);
    for (const doc of due) {
      const claimedUntilMs = now() + CLAIM_MS;
      if (!(await connections.claimReauthNotice(doc, claimedUntilMs))) continue;
      const event = needsReauthEvent(doc, doc.needsReauthAtMs ?? doc.updatedAtMs);
      await bus.publish(INTEGRATION_EVENTS_TOPIC, [{ key: doc._id, value: JSON.stringify(event), headers: {} }]);
      await connections.reauthNoticePublished(doc, claimedUntilMs);
      // Ids only (docs/decisions.md "Integrations": no token or account in a log line).
      logger.info(
        { eventId: event.id, tenantId: doc.tenantId, connectionId: doc._id, provider: doc.provider },
        'connection.needs_reauth published',
      );
    }
    if (due.length === BATCH) return 0;
    return waitFor(await connections.nextReauthNoticeAtMs(), now(), this.pollMs);
  }
}

import { BOOKING_EVENTS_TOPIC, type EventBus } from '@svc/events';
import type { Logger } from '@svc/telemetry';
import type { BookingStore } from '../store/booking-store.js';
import type { OutboxDoc } from '../store/records.js';

const BATCH = 100;

/**
 * Publishes unpublished outbox rows in id (= time) order, keyed by booking id, then marks them.
 * A crash between publish and mark publishes the row again: delivery is at-least-once and
 * receivers deduplicate by event id.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly store: BookingStore,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly intervalMs = 500,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.nudge(), this.intervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Runs a pass now (after a commit), or right after the one in progress. */
  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.logger.warn({ err }, 'outbox relay pass failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.again = false;
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const rows = await this.store.pendingEvents(BATCH);
      if (rows.length === 0) return;
      await this.bus.publish(BOOKING_EVENTS_TOPIC, rows.map(toMessage));
      await this.store.markPublished(
        rows.map((r) => r._id),
        Date.now(),
      );
      if (rows.length < BATCH) return;
    }
  }
}

function toMessage(row: OutboxDoc) {
  const envelope = {
    id: row._id,
    type: row.type,
    payloadVersion: row.payloadVersion,
    occurredAtMs: row.occurredAtMs,
    data: row.data,
  };
  return {
    key: row.key,
    value: JSON.stringify(envelope),
    headers: {
      'event-id': row._id,
      'event-type': row.type,
      'tenant-id': row.tenantId,
      ...(row.traceparent ? { traceparent: row.traceparent } : {}),
    },
  };
}

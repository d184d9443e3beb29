import { randomUUID } from 'node:crypto';
import { SpanKind, type Span } from '@opentelemetry/api';
import { BOOKING_EVENTS_TOPIC, type EventBus } from '@svc/events';
import { contextOf, detached, inSpan, serviceTracer, traceparentOf, type Logger } from '@svc/telemetry';
import { outboxLag, relayBatchSize, SERVICE } from '../metrics.js';
import type { BookingStore } from '../store/booking-store.js';
import type { OutboxDoc } from '../store/records.js';

const BATCH = 100;
const LEASE_JOB = 'outbox-relay';

export interface RelayOptions {
  /** Pause between passes (a commit also starts one at once). */
  intervalMs?: number;
  /**
   * How long the relay lease lasts without renewal: the longest a crashed relay's replica keeps
   * the others from publishing.
   */
  leaseMs?: number;
  /** This relay's name in the lease; default a random one per process. */
  owner?: string;
  now?: () => number;
}

/**
 * Publishes unpublished outbox rows in id (= time) order, keyed by booking id, then marks them.
 * With several booking replicas one relay at a time holds the lease (docs/architecture.md
 * "Events") and publishes; the others wait, so a row is not published twice in normal
 * operation and the order holds. A crash between publish and mark publishes the row again:
 * delivery is at-least-once and receivers deduplicate by event id.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** When the lease this relay holds needs renewing (half its length after it was last taken). */
  private renewAtMs = 0;
  private readonly intervalMs: number;
  private readonly leaseMs: number;
  private readonly owner: string;
  private readonly now: () => number;

  constructor(
    private readonly store: BookingStore,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    options: RelayOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 500;
    this.leaseMs = options.leaseMs ?? 10_000;
    this.owner = options.owner ?? `relay-${randomUUID()}`;
    this.now = options.now ?? Date.now;
  }

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
    this.running = detached(() => this.drain())
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
    this.renewAtMs = 0;
    // Another replica's relay may take over at once instead of after the lease runs out.
    await this.store.releaseLease(LEASE_JOB, this.owner).catch(() => undefined);
  }

  private async drain(): Promise<void> {
    for (;;) {
      // Held with at least half of it left before every batch, so a holder that stalls longer
      // than that loses it before it publishes again. Renewed only then, not on every pass: a
      // renewal is a write (on SQLite a commit of its own), and a pass runs after every create.
      const now = this.now();
      if (now >= this.renewAtMs) {
        if (!(await this.store.claimLease(LEASE_JOB, this.owner, now, this.leaseMs))) {
          this.renewAtMs = 0;
          // Another replica relays: its gauge tells the lag, max() over replicas reads right.
          outboxLag.set({ service: SERVICE }, 0);
          return;
        }
        this.renewAtMs = now + this.leaseMs / 2;
      }
      const rows = await this.store.pendingEvents(BATCH);
      outboxLag.set({ service: SERVICE }, rows[0] ? Math.max(0, this.now() - rows[0].occurredAtMs) / 1000 : 0);
      if (rows.length === 0) return;
      relayBatchSize.observe({ service: SERVICE }, rows.length);
      await this.publish(rows);
      if (rows.length < BATCH) return;
    }
  }

  /**
   * One batch span (linked to the traces of its events), and per event a producer span that
   * continues the event's own trace: the message carries that span's traceparent, so the
   * consumer, the dispatcher and the webhook POST stay in the booking's trace.
   */
  private publish(rows: OutboxDoc[]): Promise<void> {
    const producers = rows.map((row) =>
      row.traceparent
        ? serviceTracer(SERVICE).startSpan(
            `${BOOKING_EVENTS_TOPIC} publish`,
            {
              kind: SpanKind.PRODUCER,
              attributes: { 'messaging.destination.name': BOOKING_EVENTS_TOPIC, 'messaging.message.id': row._id },
            },
            contextOf(row.traceparent),
          )
        : undefined,
    );
    const links = producers.flatMap((span) => (span ? [{ context: span.spanContext() }] : []));
    return inSpan(
      SERVICE,
      'outbox.relay batch',
      { traceparent: null, links, attributes: { 'batch.size': rows.length } },
      async () => {
        try {
          await this.bus.publish(
            BOOKING_EVENTS_TOPIC,
            rows.map((row, i) => toMessage(row, producers[i])),
          );
        } finally {
          for (const span of producers) span?.end();
        }
        await this.store.markPublished(
          rows.map((r) => r._id),
          Date.now(),
        );
      },
    );
  }
}

function toMessage(row: OutboxDoc, producer: Span | undefined) {
  const traceparent = producer ? traceparentOf(producer) : row.traceparent;
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
      ...(traceparent ? { traceparent } : {}),
    },
  };
}

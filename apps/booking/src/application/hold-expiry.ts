// Hold expiry (docs/decisions.md "Booking"): a held booking whose hold ran out becomes cancelled
// with cancelReason "hold_expired" and emits booking.expired. Availability already ignores an
// expired hold, so the sweeper only records what has happened; it may run late or on several
// replicas at once: each expiry is the state machine's compare-and-set, so one replica wins and
// the others find the booking already cancelled.

import { DomainError } from '@svc/errors';
import type { Logger } from '@svc/telemetry';
import { changeStatus, type LifecycleDeps } from './booking-lifecycle.js';

export interface HoldExpiryOptions {
  /** Pause between sweeps. */
  intervalMs: number;
  /** Holds expired per sweep at most; a full batch sweeps again at once. */
  batch?: number;
  /** Called after a sweep that wrote outbox rows, so the relay publishes at once. */
  onExpired?: () => void;
}

export class HoldExpiry {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private lastBatchFull = false;
  private readonly batch: number;

  constructor(
    private readonly deps: LifecycleDeps,
    private readonly logger: Logger,
    private readonly options: HoldExpiryOptions,
  ) {
    this.batch = options.batch ?? 100;
  }

  /** One pass: expires up to `batch` holds that ran out; answers how many this replica expired. */
  async sweepOnce(): Promise<number> {
    const due = await this.deps.store.expiredHolds(this.deps.now(), this.batch);
    this.lastBatchFull = due.length === this.batch;
    let expired = 0;
    for (const booking of due) {
      try {
        await changeStatus(this.deps, {
          tenantId: booking.tenantId,
          bookingId: booking._id,
          action: 'expire',
          actor: 'system',
          reason: '',
          traceparent: null,
        });
        expired++;
        this.options.onExpired?.();
      } catch (err) {
        // Another replica (or a confirm or cancel just before the hold ran out) changed it first.
        if (err instanceof DomainError && err.code === 'BOOKING_POLICY_BLOCKED') continue;
        throw err;
      }
    }
    return expired;
  }

  start(): void {
    this.schedule(this.options.intervalMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweepOnce().then(
        () => this.schedule(this.lastBatchFull ? 0 : this.options.intervalMs),
        (err: unknown) => {
          // An outage: the holds stay due and the next sweep tries again.
          this.logger.warn({ err }, 'hold expiry sweep failed');
          this.schedule(this.options.intervalMs);
        },
      );
    }, delayMs);
    this.timer.unref();
  }
}

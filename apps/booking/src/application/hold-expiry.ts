// Hold expiry (docs/decisions.md "Booking"): a held booking whose hold ran out becomes cancelled
// with cancelReason "hold_expired" and emits booking.expired. Availability already ignores an
// expired hold, so the sweeper only records what has happened; it may run late or on several
// replicas at once: each expiry is the state machine's compare-and-set, so one replica wins and
// the others find the booking already cancelled.
//
// Before expiring, each pass confirms the holds of automatic services that their create left
// unconfirmed (docs/decisions.md "Confirmation policy"), once they are AUTO_CONFIRM_AFTER_MS old:
// so such a hold is confirmed within seconds of a crash, not expired. Races are settled the same way.

import { DomainError } from '@svc/errors';
import { DueWorker } from '@svc/background';
import type { Logger } from '@svc/telemetry';
import { AUTO_CONFIRM_AFTER_MS } from './automatic-confirmation.js';
import { changeStatus, type LifecycleDeps, type StatusChangeCommand } from './booking-lifecycle.js';

export interface HoldExpiryOptions {
  /** Pause between sweeps. */
  intervalMs: number;
  /** Holds expired per sweep at most; a full batch sweeps again at once. */
  batch?: number;
  /** Called after a sweep that wrote outbox rows, so the relay publishes at once. */
  onChanged?: () => void;
}

export class HoldExpiry extends DueWorker {
  private lastBatchFull = false;
  private confirmBatchFull = false;
  private readonly batch: number;

  constructor(
    private readonly deps: LifecycleDeps,
    logger: Logger,
    private readonly options: HoldExpiryOptions,
  ) {
    // An outage leaves the holds due, and the next sweep tries again.
    super('hold expiry sweep', options.intervalMs, logger);
    this.batch = options.batch ?? 100;
  }

  /** One pass: expires up to `batch` holds that ran out; answers how many this replica expired. */
  async sweepOnce(): Promise<number> {
    const due = await this.deps.store.expiredHolds(this.deps.now(), this.batch);
    this.lastBatchFull = due.length === this.batch;
    return this.apply('expire', due);
  }

  /**
   * One pass: confirms up to `batch` holds of automatic services made at least
   * AUTO_CONFIRM_AFTER_MS ago whose hold still runs; answers how many this replica confirmed.
   */
  async confirmOnce(): Promise<number> {
    const now = this.deps.now();
    const due = await this.deps.store.unconfirmedAutomatic(now - AUTO_CONFIRM_AFTER_MS, now, this.batch);
    this.confirmBatchFull = due.length === this.batch;
    return this.apply('confirm', due);
  }

  private async apply(action: 'expire' | 'confirm', due: ReadonlyArray<{ tenantId: string; _id: string }>) {
    let changed = 0;
    for (const booking of due) {
      const cmd: StatusChangeCommand = {
        tenantId: booking.tenantId,
        bookingId: booking._id,
        action,
        actor: 'system',
        reason: '',
        traceparent: null,
      };
      try {
        await changeStatus(this.deps, cmd);
        changed++;
        this.options.onChanged?.();
      } catch (err) {
        // Another replica (or a confirm or cancel just before the hold ran out, or a replay's
        // confirm) changed it first; or its locks are busy, and the next pass tries again.
        if (err instanceof DomainError && err.code === 'BOOKING_POLICY_BLOCKED') continue;
        throw err;
      }
    }
    return changed;
  }

  /** Confirms first (a hold of an automatic service is confirmed while it still runs), then expires. */
  protected async pass(): Promise<number> {
    await this.confirmOnce();
    await this.sweepOnce();
    return this.lastBatchFull || this.confirmBatchFull ? 0 : this.options.intervalMs;
  }
}

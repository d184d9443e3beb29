import { waitFor } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { DueWorker } from './due-worker.js';

/** Where a leased worker's work waits: due documents, their claim, the next due time. */
export interface LeaseQueue<D extends { _id: string }, C extends D> {
  due(nowMs: number, limit: number): Promise<D[]>;
  /** Takes the lease of each as read in one transaction; those changed meanwhile are left out. */
  claimAll(docs: readonly D[], nowMs: number, leaseMs: number): Promise<C[]>;
  nextDueAtMs(): Promise<number | null>;
}

export interface LeasedWorkerOptions {
  /** The DueLoop's name in its log lines. */
  name: string;
  pollMs: number;
  /** Attempts in flight at most. */
  concurrency: number;
  /** How long a claim holds a document: a replica that dies mid-attempt leaves it to the others after this. */
  leaseMs: number;
  logger: Logger;
  now: () => number;
}

/**
 * A worker that claims due documents with a lease and runs an attempt per document, up to
 * `concurrency` at once (the webhook deliveries, the notifications' send records). Every replica
 * runs one; the lease keeps two of them from making the same attempt. Due work lives only in the
 * store, so a restart picks up where the last run stopped.
 */
export abstract class LeasedWorker<D extends { _id: string }, C extends D> extends DueWorker {
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly queue: LeaseQueue<D, C>,
    private readonly options: LeasedWorkerOptions,
  ) {
    super(options.name, options.pollMs, options.logger);
  }

  /** Stops looking for work and waits for the attempts in flight to be recorded. */
  override async stop(): Promise<void> {
    await super.stop();
    await Promise.all(this.inFlight.values());
  }

  /** Makes the attempt a claim was for and records it. */
  protected abstract attempt(claimed: C): Promise<void>;

  /** Says that an attempt could not be completed (its lease runs out and it falls due again). */
  protected abstract failed(err: unknown, claimed: C): void;

  /** Claims and starts due work while there is room; answers how long to wait before the next look. */
  protected async pass(): Promise<number> {
    const { queue } = this;
    const { now, concurrency, leaseMs, pollMs } = this.options;
    for (;;) {
      const room = concurrency - this.inFlight.size;
      if (room <= 0 || this.stopped) return pollMs;
      const due = (await queue.due(now(), room)).filter((d) => !this.inFlight.has(d._id));
      // One transaction for the lot; the ones another replica took first are left out.
      const mine = await queue.claimAll(due, now(), leaseMs);
      for (const claimed of mine) this.launch(claimed);
      if (mine.length === 0) break;
    }
    return waitFor(await queue.nextDueAtMs(), now(), pollMs);
  }

  private launch(claimed: C): void {
    const run = this.attempt(claimed)
      .catch((err: unknown) => this.failed(err, claimed))
      .finally(() => {
        this.inFlight.delete(claimed._id);
        // Refill in batches: one claim transaction for many free slots rather than one per
        // finished attempt, which under load cost more than the attempts' own records.
        if (this.inFlight.size <= this.options.concurrency / 2) this.nudge();
      });
    this.inFlight.set(claimed._id, run);
  }
}

/**
 * Group commit: items that arrive while a recording transaction runs are recorded together in
 * the next one (`batch` at most), so under load one commit records many; alone, one at once.
 * `lingerMs`: the first item of a group waits that long for others to join it (0: none), for
 * work whose items finish one by one, each after the last commit (the notifications' sends).
 */
export class GroupCommit<I, R> {
  private readonly waiting: Array<{ item: I; resolve: (result: R) => void; reject: (err: unknown) => void }> = [];
  private recording: Promise<void> | undefined;

  constructor(
    private readonly recordAll: (items: I[]) => Promise<R[]>,
    private readonly batch: number,
    private readonly lingerMs = 0,
  ) {}

  /** Records the item with the others waiting; answers its own result. */
  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.recording ??= this.flush().finally(() => (this.recording = undefined));
    });
  }

  private async flush(): Promise<void> {
    if (this.lingerMs > 0) await new Promise((resolve) => setTimeout(resolve, this.lingerMs));
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.batch);
      try {
        const results = await this.recordAll(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]!));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
  }
}

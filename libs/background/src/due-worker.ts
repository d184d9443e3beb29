import { DueLoop } from '@svc/store';
import type { Logger } from '@svc/telemetry';

/**
 * A background worker whose work is due in a store: a DueLoop runs `pass` when nudged and
 * otherwise after the wait the last pass answered (at most `pollMs`). Subclasses say what a pass
 * does; start, nudge and stop are the same for all of them.
 */
export abstract class DueWorker {
  private readonly loop: DueLoop;
  /** Set by stop(), cleared by start(): work in progress may end early once it is set. */
  protected stopped = false;

  constructor(name: string, pollMs: number, logger: Logger) {
    this.loop = new DueLoop(name, () => this.pass(), pollMs, logger);
  }

  start(): void {
    this.stopped = false;
    this.loop.start();
  }

  /** Looks for due work now, or right after the pass in progress. */
  nudge(): void {
    this.loop.nudge();
  }

  /** Stops looking for work and waits for the pass in progress. */
  stop(): Promise<void> {
    this.stopped = true;
    return this.loop.stop();
  }

  /** Does the work due now; answers how long to wait before the next pass, in ms. */
  protected abstract pass(): Promise<number>;
}

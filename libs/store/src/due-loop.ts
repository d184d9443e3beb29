import { detached, type Logger } from '@svc/telemetry';

/**
 * Runs `pass` when nudged, and otherwise after the wait the last pass answered (the earliest due
 * work in the store, at most the poll interval): one pass at a time, a nudge during a pass runs
 * another right after it. Every worker whose due work lives in a store looks for it this way:
 * the webhook dispatcher's deliveries, the notifications' messages and reminders.
 */
export class DueLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<number>,
    private readonly pollMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.nudge();
  }

  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = detached(() => this.pass())
      .catch((err: unknown) => {
        this.logger.warn({ err }, `${this.name} pass failed; will retry`);
        return this.pollMs;
      })
      .then((waitMs) => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.nudge();
          return;
        }
        this.timer = setTimeout(() => this.nudge(), Math.min(this.pollMs, waitMs));
        this.timer.unref();
      });
  }

  /** Stops looking and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

/** How long to wait for the earliest due time `next` (null: nothing pending), at most `pollMs`. */
export const waitFor = (next: number | null, nowMs: number, pollMs: number): number =>
  next === null ? pollMs : Math.min(pollMs, Math.max(0, next - nowMs) + 1);

/**
 * The booking and notifications services' clock in a demo start (docs/decisions.md "Demo
 * workspace"): real time, except while the seed replays the demo's past. A booking can only be
 * made for a start ahead of the clock, so the past bookings are made, confirmed, cancelled and
 * marked completed as they would have been on those days: the clock is set back to the first of
 * those moments and then only ever moves forward, each moment in turn, until it reads real time
 * again. It is handed to the platform as `EmbeddedPlatformOptions.clock`.
 */
export class ReplayClock {
  /** How far behind real time the clock reads; 0 outside a replay. */
  private behindMs = 0;

  readonly now = (): number => Date.now() - this.behindMs;

  /**
   * Runs each step with the clock reading its instant (or a little after, when the steps before
   * took longer than the gap: the clock never goes back), in the order given (which must be time
   * order); then the clock is real time again, also when a step fails. An instant that is not
   * in the past is refused: the replay cannot run ahead of real time.
   */
  async replay(steps: ReadonlyArray<{ atMs: number; run: () => Promise<void> }>): Promise<void> {
    let started = false;
    try {
      for (const step of steps) {
        const realMs = Date.now();
        if (step.atMs >= realMs) throw new RangeError('a replayed step must lie in the past');
        const behindMs = realMs - step.atMs;
        this.behindMs = started ? Math.min(this.behindMs, behindMs) : behindMs;
        started = true;
        await step.run();
      }
    } finally {
      this.behindMs = 0;
    }
  }
}

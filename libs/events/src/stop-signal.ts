/**
 * One subscription's stop request, with waits that end early when it comes.
 *
 * request() takes effect one microtask later, on purpose: a handler whose promise had already
 * resolved when stop() was called has its continuation queued ahead of that microtask, so it
 * still counts as finished and commits; a handler that resolves after stop() was called does
 * not (its continuation is queued behind).
 */
export class StopSignal {
  private stopped = false;
  private readonly listeners = new Set<() => void>();

  get requested(): boolean {
    return this.stopped;
  }

  request(): void {
    queueMicrotask(() => {
      if (this.stopped) return;
      this.stopped = true;
      for (const listener of [...this.listeners]) listener();
      this.listeners.clear();
    });
  }

  /** Calls fn once stop takes effect; returns a function that unregisters it. */
  onStop(fn: () => void): () => void {
    if (this.stopped) {
      fn();
      return () => {};
    }
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Resolves after ms, or as soon as stop takes effect. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off();
        resolve();
      }, ms);
      const off = this.onStop(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

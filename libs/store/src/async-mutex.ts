/** A FIFO async mutex: callers of runExclusive run one at a time, in call order. */
export class AsyncMutex {
  private tail: Promise<void> = Promise.resolve();

  async runExclusive<R>(fn: () => R | Promise<R>): Promise<R> {
    const previous = this.tail;
    let release!: () => void;
    // Chain before awaiting so later callers queue behind this one even while it waits.
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

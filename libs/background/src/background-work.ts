/** Something that runs until stopped: a worker (started) or a topic subscription (already running). */
interface Stoppable {
  stop(): Promise<void>;
}
interface Worker extends Stoppable {
  start(): void;
}

/**
 * A service's background work hosted beside its gRPC server: the topic consumers that store new
 * work and the workers that do it. Started once the host is up; stopped before the host closes,
 * consumers first (no new work), then the workers in reverse order (what is in flight is recorded).
 */
export class BackgroundWork {
  private readonly consumers: Stoppable[] = [];

  constructor(private readonly workers: ReadonlyArray<Worker | undefined>) {}

  /**
   * Subscribes the consumers in order, then starts the workers. A subscription that fails stops
   * the host (nothing half-started is left) and the error is thrown.
   */
  async start(host: Stoppable, subscribe: ReadonlyArray<() => Promise<Stoppable>>): Promise<void> {
    try {
      for (const consume of subscribe) this.consumers.push(await consume());
    } catch (err) {
      await host.stop();
      throw err;
    }
    for (const worker of this.workers) worker?.start();
  }

  /** The host's onStopping. */
  async stop(): Promise<void> {
    for (const consumer of this.consumers) await consumer.stop();
    for (const worker of [...this.workers].reverse()) await worker?.stop();
  }
}

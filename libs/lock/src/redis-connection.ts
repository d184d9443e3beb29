import {
  closeRedis,
  connectRedis,
  DeadlineError,
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  discard,
  withDeadline,
  type RedisClient,
  type RedisConnectOptions,
} from './redis-connect.js';

/**
 * One Redis connection whose commands always answer within commandTimeoutMs.
 *
 * node-redis stops timing a command once it is written, and does not time its handshake, so a
 * server that stops answering (half-open TCP, network partition, stalled process) would hang
 * callers until TCP gives up, which takes minutes. Here a missed deadline instead fails the call
 * and swaps the client for a fresh one, as does a handshake that does not finish in time.
 */
export class RedisConnection {
  #client: RedisClient;
  readonly #commandTimeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #onError: (err: Error) => void;
  #closed = false;

  private constructor(client: RedisClient, opts: RedisConnectOptions) {
    this.#commandTimeoutMs = opts.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    this.#connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.#onError = opts.onError ?? ((): void => {});
    this.#client = this.#watch(client);
  }

  /** Rejects with LockUnavailableError when Redis is not reachable within connectTimeoutMs. */
  static async open(opts: RedisConnectOptions): Promise<RedisConnection> {
    return new RedisConnection(await connectRedis(opts), opts);
  }

  /** Runs `command` on the current client; rejects with DeadlineError when it is too slow. */
  async run<T>(command: (client: RedisClient) => Promise<T>): Promise<T> {
    const client = this.#client;
    try {
      return await withDeadline(
        command(client),
        this.#commandTimeoutMs,
        `no reply within ${this.#commandTimeoutMs} ms`,
      );
    } catch (err) {
      if (err instanceof DeadlineError) this.#replace(client);
      throw err;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await closeRedis(this.#client, this.#commandTimeoutMs);
  }

  /** Starts over with a fresh client unless someone already did (or we are closing). */
  #replace(stale: RedisClient): void {
    if (this.#closed || this.#client !== stale) return;
    const fresh = this.#watch(stale.duplicate());
    fresh.on('error', this.#onError); // listeners are not duplicated; see connectRedis
    this.#client = fresh;
    discard(stale);
    // Not awaited: until it is ready, commands fail at once (offline queue disabled).
    fresh.connect().catch(() => {});
  }

  /** Replaces the client when a (re)connect handshake outlasts connectTimeoutMs. */
  #watch(client: RedisClient): RedisClient {
    let handshake: NodeJS.Timeout | undefined;
    const stop = (): void => clearTimeout(handshake);
    client.on('connect', () => {
      stop();
      handshake = setTimeout(() => this.#replace(client), this.#connectTimeoutMs);
      handshake.unref(); // must not keep the process alive
    });
    client.on('ready', stop);
    client.on('end', stop);
    return client;
  }
}

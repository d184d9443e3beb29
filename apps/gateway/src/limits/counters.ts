import { RedisConnection, type RedisConnectOptions } from '@svc/lock';

/** One hit on a fixed-window counter: how many hits the window has now, and when it ends. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts over. */
  resetInMs: number;
}

/**
 * Fixed-window counters keyed by limit and subject (docs/decisions.md "Rate and abuse limits").
 * A window starts at a key's first hit and lasts `windowMs`. Every hit counts, refused ones too,
 * so a client that keeps hammering stays refused until its window ends.
 */
export interface RateCounters {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}

/** Sweep expired windows once this many keys are held, so memory stays bounded by live windows. */
const SWEEP_AT = 10_000;

/** The embedded profile's counters: one process, one Map. */
export class InMemoryCounters implements RateCounters {
  private readonly windows = new Map<string, { count: number; endsAtMs: number }>();
  private sweepAt = SWEEP_AT;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const nowMs = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAtMs <= nowMs) {
      if (this.windows.size >= this.sweepAt) this.sweep(nowMs);
      window = { count: 0, endsAtMs: nowMs + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAtMs - nowMs };
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(nowMs: number): void {
    for (const [key, w] of this.windows) if (w.endsAtMs <= nowMs) this.windows.delete(key);
    // Still full of live windows: let it grow, sweep again at twice the size.
    this.sweepAt = Math.max(SWEEP_AT, this.windows.size * 2);
  }
}

// INCR and the expiry in one script, so every gateway replica sees one count per window and no
// key is ever left without an expiry (a crash between INCR and PEXPIRE would make it eternal).
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/**
 * The distributed profile's counters: one Redis shared by every gateway replica, so they share
 * one budget. An atomic Lua script on the connection the lock adapter uses (commands bounded by
 * `commandTimeoutMs`); a failure rejects, and the route's policy decides (rate-limits.ts).
 */
export class RedisCounters implements RateCounters {
  private constructor(
    private readonly redis: RedisConnection,
    private readonly keyPrefix: string,
  ) {}

  static async open(opts: RedisConnectOptions & { keyPrefix?: string }): Promise<RedisCounters> {
    return new RedisCounters(await RedisConnection.open(opts), opts.keyPrefix ?? 'ratelimit:');
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const reply = (await this.redis.run((client) =>
      client.eval(HIT, { keys: [this.keyPrefix + key], arguments: [String(windowMs)] }),
    )) as [number, number];
    return { count: Number(reply[0]), resetInMs: Number(reply[1]) };
  }

  async close(): Promise<void> {
    await this.redis.close();
  }
}

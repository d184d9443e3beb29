import { LruCache, type LruBounds } from '@svc/cache';
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
  /** Counts `by` hits (1 unless a request carries several messages, an MCP batch). */
  hit(key: string, windowMs: number, by?: number): Promise<WindowCount>;
  close(): Promise<void>;
}

/**
 * Windows held at most by one process (docs/operations.md "Memory bounds"). Subjects are client
 * addresses, slugs and key ids, so a flood from many addresses cannot grow memory past the bounds:
 * the window forgotten first is the one hit least recently, an expired one or a subject that has
 * been quiet the longest (it starts a fresh window when it comes back), never one being hammered.
 */
export const COUNTER_BOUNDS: LruBounds = { maxEntries: 100_000, maxBytes: 32 * 1024 * 1024 };

/** The embedded profile's counters: one process, one LRU of windows. */
export class InMemoryCounters implements RateCounters {
  private readonly windows: LruCache<{ count: number; endsAtMs: number }>;

  constructor(
    private readonly now: () => number = Date.now,
    bounds: LruBounds = COUNTER_BOUNDS,
  ) {
    this.windows = new LruCache({ ...bounds, sizeOf: () => 32 });
  }

  async hit(key: string, windowMs: number, by = 1): Promise<WindowCount> {
    const nowMs = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAtMs <= nowMs) {
      window = { count: 0, endsAtMs: nowMs + windowMs };
      this.windows.set(key, window);
    }
    window.count += by;
    return { count: window.count, resetInMs: window.endsAtMs - nowMs };
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

// INCRBY and the expiry in one script, so every gateway replica sees one count per window and no
// key is ever left without an expiry (a crash between INCR and PEXPIRE would make it eternal).
const HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
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

  async hit(key: string, windowMs: number, by = 1): Promise<WindowCount> {
    const reply = (await this.redis.run((client) =>
      client.eval(HIT, { keys: [this.keyPrefix + key], arguments: [String(windowMs), String(by)] }),
    )) as [number, number];
    return { count: Number(reply[0]), resetInMs: Number(reply[1]) };
  }

  async close(): Promise<void> {
    await this.redis.close();
  }
}

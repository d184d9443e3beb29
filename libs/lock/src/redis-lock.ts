import { randomUUID } from 'node:crypto';
import { checkAcquire, checkTtl } from './check.js';
import { LockUnavailableError, type AcquireOptions, type Lease, type LockManager } from './lock.js';
import { messageOf, type RedisConnectOptions } from './redis-connect.js';
import { RedisConnection } from './redis-connection.js';
import { retryWithin } from './retry.js';

// Compare-and-act in one script so that a lease which expired and was taken by someone else
// between a GET and a DEL/PEXPIRE is never touched.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface RedisLockOptions extends RedisConnectOptions {
  /** Prepended to every key in Redis (leases carry the key without it). Default ''. */
  keyPrefix?: string;
}

/**
 * Locks shared by every process that uses the same Redis and key prefix. Single-instance Redis:
 * a failover to a replica that missed the SET can hand a key out twice (no Redlock here).
 */
export class RedisLockManager implements LockManager {
  readonly #redis: RedisConnection;
  readonly #keyPrefix: string;

  constructor(redis: RedisConnection, keyPrefix = '') {
    this.#redis = redis;
    this.#keyPrefix = keyPrefix;
  }

  async acquire(key: string, opts: AcquireOptions): Promise<Lease | null> {
    checkAcquire(key, opts);
    return retryWithin(opts.waitMs, () => this.#trySet(key, opts.ttlMs));
  }

  async release(lease: Lease): Promise<boolean> {
    return (await this.#ifOwned('release', RELEASE, lease, [])) === 1;
  }

  async extend(lease: Lease, ttlMs: number): Promise<boolean> {
    checkTtl(ttlMs);
    return (await this.#ifOwned('extend', EXTEND, lease, [String(ttlMs)])) === 1;
  }

  async ping(): Promise<void> {
    try {
      await this.#redis.run((client) => client.ping());
    } catch (err) {
      throw unavailable('ping', err);
    }
  }

  async close(): Promise<void> {
    await this.#redis.close();
  }

  async #trySet(key: string, ttlMs: number): Promise<Lease | null> {
    const token = randomUUID();
    try {
      const reply = await this.#redis.run((client) =>
        client.set(this.#keyPrefix + key, token, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }),
      );
      return reply === 'OK' ? { key, token } : null;
    } catch (err) {
      // A SET that timed out may still have landed: the key then stays taken until its TTL.
      throw unavailable('acquire', err);
    }
  }

  async #ifOwned(op: string, script: string, lease: Lease, extra: string[]): Promise<unknown> {
    try {
      return await this.#redis.run((client) =>
        client.eval(script, { keys: [this.#keyPrefix + lease.key], arguments: [lease.token, ...extra] }),
      );
    } catch (err) {
      throw unavailable(op, err);
    }
  }
}

/** Connects (within connectTimeoutMs) and answers a ready manager, or LockUnavailableError. */
export async function createRedisLockManager(options: RedisLockOptions): Promise<RedisLockManager> {
  return new RedisLockManager(await RedisConnection.open(options), options.keyPrefix);
}

function unavailable(op: string, err: unknown): LockUnavailableError {
  return new LockUnavailableError(`lock ${op} failed, Redis unavailable: ${messageOf(err)}`, { cause: err });
}

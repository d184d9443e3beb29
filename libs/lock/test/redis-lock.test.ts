import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, redisMissing, serverGate, startRedis, type RedisServer } from '@svc/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRedisLockManager, LockUnavailableError, type LockManager, type RedisLockOptions } from '../src/index.js';
import { contend, leased, lockContract } from './lock-contract.js';

const run = serverGate('Redis', redisMissing());

describe.skipIf(!run)('RedisLockManager', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  // A fresh prefix per manager shows that prefixes keep users of one Redis apart.
  lockContract('RedisLockManager', () =>
    createRedisLockManager({ url: redis.url, keyPrefix: `test:${randomUUID()}:` }),
  );

  describe('across connections and failures', () => {
    const cleanup: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const step of cleanup.splice(0).reverse()) await step();
    });
    const manager = async (options: RedisLockOptions): Promise<LockManager> => {
      const locks = await createRedisLockManager(options);
      cleanup.push(() => locks.close());
      return locks;
    };

    it('keeps mutual exclusion between separate connections sharing a prefix', async () => {
      const keyPrefix = `test:${randomUUID()}:`;
      const managers = await Promise.all(Array.from({ length: 5 }, () => manager({ url: redis.url, keyPrefix })));
      const pick = (i: number) => managers[i % managers.length] as LockManager;
      expect(await contend(50, 'shared', pick)).toEqual({ maxHolders: 1, served: 50 });
    });

    it('rejects with LockUnavailableError quickly when pointed at a closed port', async () => {
      const port = await freePort();
      const started = performance.now();
      await expect(
        createRedisLockManager({ url: `redis://127.0.0.1:${port}`, connectTimeoutMs: 500 }),
      ).rejects.toBeInstanceOf(LockUnavailableError);
      expect(performance.now() - started).toBeLessThan(1_500);
    });

    it('rejects with LockUnavailableError when the server accepts but never answers', async () => {
      const silent = await fakeRedis(false);
      cleanup.push(() => silent.close());
      const started = performance.now();
      await expect(createRedisLockManager({ url: silent.url, connectTimeoutMs: 300 })).rejects.toBeInstanceOf(
        LockUnavailableError,
      );
      expect(performance.now() - started).toBeLessThan(1_500);
    });

    it('times commands out with LockUnavailableError when a connected server stalls', async () => {
      // Completes the client's handshake and then answers nothing.
      const stalling = await fakeRedis(true);
      cleanup.push(() => stalling.close());
      const locks = await manager({ url: stalling.url, commandTimeoutMs: 200 });
      stalling.answering = false;

      const started = performance.now();
      await expect(locks.acquire('k', { ttlMs: 1_000, waitMs: 5_000 })).rejects.toBeInstanceOf(LockUnavailableError);
      await expect(locks.release({ key: 'k', token: 't' })).rejects.toBeInstanceOf(LockUnavailableError);
      await expect(locks.ping()).rejects.toBeInstanceOf(LockUnavailableError);
      expect(performance.now() - started).toBeLessThan(2_000);
    });

    it('recovers when a reconnect handshake stalls and the server later answers again', async () => {
      const flaky = await fakeRedis(true);
      cleanup.push(() => flaky.close());
      const locks = await manager({ url: flaky.url, connectTimeoutMs: 300, commandTimeoutMs: 200 });
      await locks.ping();

      // Drop the connection; the client reconnects, and its handshake gets no answer.
      flaky.answering = false;
      flaky.dropClients();
      await sleep(100);
      await expect(locks.ping()).rejects.toBeInstanceOf(LockUnavailableError);

      // node-redis alone would wait on that handshake forever; the manager starts over.
      flaky.answering = true;
      await eventually(() => locks.ping(), 5_000);
    });

    it('fails fast while Redis is down and works again once it is back on the same port', async () => {
      const own = await startRedis();
      cleanup.push(() => own.stop());
      const locks = await manager({ url: own.url, keyPrefix: `test:${randomUUID()}:` });
      leased(await locks.acquire('k', { ttlMs: 10_000, waitMs: 0 }));

      await own.stop();
      const started = performance.now();
      await expect(locks.acquire('k2', { ttlMs: 1_000, waitMs: 5_000 })).rejects.toBeInstanceOf(LockUnavailableError);
      await expect(locks.ping()).rejects.toBeInstanceOf(LockUnavailableError);
      expect(performance.now() - started).toBeLessThan(1_500);

      const again = await startRedis({ port: own.port });
      cleanup.push(() => again.stop());
      await eventually(() => locks.ping(), 10_000);
      // The restarted server kept nothing (no persistence), so the old key is free.
      leased(await locks.acquire('k', { ttlMs: 10_000, waitMs: 0 }));
    });
  });
});

/**
 * Just enough of Redis for a node-redis client to connect and PING. While `answering` is false
 * it accepts connections and reads commands but never replies, like a stalled server.
 */
async function fakeRedis(answering: boolean): Promise<{
  url: string;
  answering: boolean;
  dropClients(): void;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const fake = {
    url: '',
    answering,
    dropClients: (): void => {
      for (const socket of sockets) socket.destroy();
    },
    close: (): Promise<void> =>
      new Promise<void>((resolve) => {
        fake.dropClients();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      if (!fake.answering) return;
      // Commands arrive as RESP arrays; the name is the first bulk string.
      for (const [, name] of chunk.toString().matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)) {
        socket.write(name?.toUpperCase() === 'PING' ? '+PONG\r\n' : '+OK\r\n');
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `redis://127.0.0.1:${port}`;
  return fake;
}

/** Retries `attempt` until it resolves, failing with its last error after `timeoutMs`. */
async function eventually(attempt: () => Promise<unknown>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (err) {
      if (performance.now() > deadline) throw err;
      await sleep(50);
    }
  }
}

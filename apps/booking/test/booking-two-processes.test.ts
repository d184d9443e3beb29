// Two booking-service processes sharing one SQLite file and one Redis lock: the lock and the
// recheck under it must hold across processes, not only between requests of one process.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHealth, connectService } from '@svc/grpc';
import { bookingV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { freePort, redisMissing, repoRoot, serverGate, startRedis, type RedisServer } from '@svc/testing';
import { BOOKING_SERVICE_NAME } from '../src/index.js';
import {
  bookingOf,
  codeCounts,
  create,
  createBookableTenant,
  createRequest,
  localSlot,
  settleAll,
  startDependencies,
  storedFor,
  type Dependencies,
} from './booking-fixture.js';

const MAIN = join(repoRoot(), 'apps', 'booking', 'dist', 'main.js');
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

const run = serverGate('Redis', redisMissing());

describe.skipIf(!run)('two booking processes, one SQLite file, one Redis', () => {
  let redis: RedisServer;
  let deps: Dependencies;
  let dataDir: string;
  const processes: BookingProcess[] = [];

  beforeAll(async () => {
    if (!existsSync(MAIN))
      throw new Error(`${MAIN} is missing: build first (cd apps/booking && npx tsc -p tsconfig.json)`);
    redis = await startRedis();
    deps = await startDependencies();
    dataDir = await mkdtemp(join(tmpdir(), 'booking-two-processes-'));
    const env = {
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      CATALOG_GRPC_ADDR: deps.catalogHost.address,
      CUSTOMER_GRPC_ADDR: deps.customerHost.address,
      LOG_LEVEL: 'warn',
    };
    processes.push(await spawnBooking('booking-a', env), await spawnBooking('booking-b', env));
    await Promise.all(processes.map((p) => p.ready()));
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await deps?.stop();
    await redis?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('200 parallel creates for one slot, split between the processes: exactly one booking', async () => {
    const tenant = await createBookableTenant(deps.catalog);
    const startsAtMs = localSlot(3, 10);
    const clients = processes.map((p) => connectService(bookingV1.BookingServiceService, p.address));
    try {
      const { ok, failed } = await settleAll(
        Array.from({ length: 200 }, (_, i) => create(clients[i % 2]!, createRequest(tenant, startsAtMs))),
      );

      expect(codeCounts(failed)).toEqual({ BOOKING_SLOT_UNAVAILABLE: 199 });
      expect(ok).toHaveLength(1);
      const winner = bookingOf(ok[0]!);
      expect(winner).toMatchObject({ status: 'held', startsAtMs, staffId: tenant.staffId });

      // Both processes wrote to this file; it holds the one booking and its one outbox row.
      const store = await openSqliteStore({ file: join(dataDir, 'booking.sqlite') });
      try {
        const stored = await storedFor(store, tenant.tenantId);
        expect(stored.bookings.map((b) => b._id)).toEqual([winner.bookingId]);
        expect(stored.outbox.map((r) => r.key)).toEqual([winner.bookingId]);
        expect(stored.idempotency.map((r) => r.bookingId)).toEqual([winner.bookingId]);
      } finally {
        await store.close();
      }
    } finally {
      clients.forEach((c) => c.close());
    }
  }, 120_000);
});

interface BookingProcess {
  address: string;
  ready(): Promise<void>;
  stop(): Promise<void>;
}

/** `node apps/booking/dist/main.js` on a free port; its output is kept for failure messages. */
async function spawnBooking(name: string, settings: Record<string, string>): Promise<BookingProcess> {
  const port = await freePort();
  const address = `127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    // Only what we set: nothing from the test's environment (PROFILE, MONGODB_URL, KAFKA_BROKERS...) leaks in.
    env: { PATH: process.env.PATH ?? '', GRPC_HOST: '127.0.0.1', GRPC_PORT: String(port), ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exited with code ${code}`));
    child.once('error', (err) => resolve(`could not be spawned: ${err.message}`));
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  return {
    address,
    async ready() {
      const deadline = Date.now() + READY_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (!alive()) throw new Error(`${name} ${await exited} before serving; its output:\n${output}`);
        if ((await checkHealth(address, BOOKING_SERVICE_NAME, 1_000)) === 'SERVING') return;
        await sleep(100);
      }
      throw new Error(`${name} did not answer Health within ${READY_TIMEOUT_MS} ms; its output:\n${output}`);
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

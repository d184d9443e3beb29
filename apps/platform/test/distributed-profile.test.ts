import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kafkaMissing, mongoMissing, redisMissing, repoRoot, serverGate } from '@svc/testing';
import { startTopology, type Topology } from '../src/topology/topology.js';
import { seedTenant } from './booking-fixture.js';
import { publicBookingPath } from './public-booking-path.js';

/**
 * The distributed profile for real: every app its own process (PROFILE=distributed), each service
 * on its own database of the MongoDB test server (or MONGODB_URL), the lock in redis-server and
 * the events in Kafka; the public booking path end to end through it, so a regression in any
 * MongoDB repository shows up. Under CI=true a missing server fails instead of skipping.
 */
const runs =
  (process.env.MONGODB_URL !== undefined || serverGate('MongoDB', mongoMissing())) &&
  serverGate('Redis', redisMissing()) &&
  serverGate('Kafka', kafkaMissing());

// Separate processes on a shared 2-core machine: more time than the in-process suites.
describe.skipIf(!runs)(
  'distributed profile: every app its own process on MongoDB, Redis and Kafka',
  { timeout: 120_000 },
  () => {
    let topology: Topology | undefined;
    let base = '';

    beforeAll(async () => {
      topology = await startTopology({
        rateLimits: 'off',
        // 200 creates for one slot queue on its Redis lock, each rechecking the slot in MongoDB
        // under it; with every app a process on a shared 2-core machine the queue can outlast
        // the default 5 s wait (503 BOOKING_POLICY_BLOCKED: a correct answer, but not what this
        // test is about). Still below the gateway's 15 s deadline for a create.
        appEnv: { booking: { LOCK_WAIT_MS: '12000' } },
        ...(process.env.MONGODB_URL ? { mongodbUrl: process.env.MONGODB_URL } : {}),
      });
      base = topology.gatewayUrls[0]!;
      console.log(
        `distributed profile: ${topology.apps.map((a) => a.id).join(', ')} on ${topology.mongodbUrl} (databases ${topology.dbPrefix}*)`,
      );
      await seedTenant(topology.catalogAddress, 'smile');
    }, 300_000);
    afterAll(() => topology?.stop());

    publicBookingPath(() => base);
  },
);

describe.skipIf(!runs)('npm run topology (apps/platform/dist/topology/main.js)', { timeout: 300_000 }, () => {
  it('prints the gateway URLs of its replicas, serves, and stops everything on Ctrl-C (SIGINT)', async () => {
    const main = spawn(process.execPath, [join(repoRoot(), 'apps/platform/dist/topology/main.js'), '--gateways', '2'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    main.stdout.on('data', (d: Buffer) => (out += d.toString()));
    main.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => main.on('exit', (code) => r(code)));
    try {
      while (!out.includes('Ctrl-C stops everything')) {
        if (main.exitCode !== null) throw new Error(`topology exited early:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const urls = [...out.matchAll(/gateway \d: (http:\/\/127\.0\.0\.1:\d+)/g)].map((m) => m[1]!);
      expect(urls).toHaveLength(2);
      for (const url of urls) expect((await fetch(`${url}/health`)).status).toBe(200);
      main.kill('SIGINT');
      expect(await exited).toBe(0);
      for (const url of urls) await expect(fetch(`${url}/health`)).rejects.toThrow();
    } finally {
      if (main.exitCode === null) main.kill('SIGTERM'); // its own shutdown stops the apps and servers
    }
  });
});

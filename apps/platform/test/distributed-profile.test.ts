import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kafkaMissing, mongoMissing, redisMissing, runApp, serverGate } from '@svc/testing';
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
    const main = runApp('platform', process.env.MONGODB_URL ? { MONGODB_URL: process.env.MONGODB_URL } : {}, {
      entry: 'topology/main.js',
      args: ['--gateways', '2'],
    });
    let stopped = false;
    try {
      await Promise.race([
        main.waitFor('Ctrl-C stops everything', 240_000),
        main.exited.then((code) => Promise.reject(new Error(`topology exited (${code}):\n${main.output()}`))),
      ]);
      const urls = [...main.output().matchAll(/gateway \d: (http:\/\/127\.0\.0\.1:\d+)/g)].map((m) => m[1]!);
      expect(urls).toHaveLength(2);
      for (const url of urls) expect((await fetch(`${url}/health`)).status).toBe(200);
      main.kill('SIGINT');
      expect(await main.exited).toBe(0);
      stopped = true;
      for (const url of urls) await expect(fetch(`${url}/health`)).rejects.toThrow();
    } finally {
      if (!stopped) main.kill('SIGTERM'); // its own shutdown stops the apps and servers
    }
  });
});

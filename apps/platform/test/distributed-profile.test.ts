import { afterAll, beforeAll, describe } from 'vitest';
import { kafkaMissing, mongoMissing, redisMissing, serverGate } from '@svc/testing';
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

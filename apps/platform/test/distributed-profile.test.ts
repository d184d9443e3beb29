import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeConfigFor } from '@svc/config';
import { checkHealth } from '@svc/grpc';
import { openStore } from '@svc/store';
import {
  eventually,
  freePort,
  json,
  kafkaMissing,
  mongoMissing,
  radicaleMissing,
  redisMissing,
  runApp,
  serverGate,
  startRadicale,
  type AppProcess,
} from '@svc/testing';
import { startTopology, type Topology, type TopologyApp } from '../src/topology/topology.js';
import { berlinTime, postBooking, seedTenant, slotStartsOn } from './booking-fixture.js';
import { caldav, eventIcs, MKCALENDAR_WORK } from './caldav-fixture.js';
import { dashboard, errorOf, sessions } from './dashboard-fixture.js';
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
        // Two of each replica the calendar test below reads through (gateway i → booking i → integrations i).
        gateways: 2,
        bookings: 2,
        integrations: 2,
        ...(process.env.MONGODB_URL ? { mongodbUrl: process.env.MONGODB_URL } : {}),
        // The test's Radicale listens on loopback, which the distributed URL policy refuses otherwise.
        appEnv: { integrations: { CALDAV_URL_ALLOWLIST: '127.0.0.1' } },
      });
      base = topology.gatewayUrls[0]!;
      console.log(
        `distributed profile: ${topology.apps.map((a) => a.id).join(', ')} on ${topology.mongodbUrl} (databases ${topology.dbPrefix}*)`,
      );
      await seedTenant(topology.catalogAddress, 'smile');
    }, 300_000);
    afterAll(() => topology?.stop());

    publicBookingPath(
      () => base,
      () => openStore(storeConfigFor('booking', { PROFILE: 'distributed', DATA_DIR: '', ...app('booking-1').env })),
    );

    it('an automatic service confirms at once: booking.created then booking.confirmed by system, both published; a replay answers confirmed', async () => {
      await seedTenant(topology!.catalogAddress, 'instant', { confirmation: 'automatic' });
      const start = berlinTime(4, 10);
      const res = await postBooking(base, 'instant', start, 'instant-1');
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(body.data.booking.status).toBe('confirmed');
      const { bookingId } = body.data.booking as { bookingId: string };
      const replay = await postBooking(base, 'instant', start, 'instant-1');
      expect(replay.status).toBe(200);
      expect((await json(replay)).data.booking).toEqual({
        bookingId,
        status: 'confirmed',
        staffId: expect.stringMatching(/^stf_/),
        payment: null,
      });

      // The booking service's own MongoDB database: its two outbox rows, in order, both relayed to Kafka.
      const bookingStore = await openStore(
        storeConfigFor('booking', { PROFILE: 'distributed', DATA_DIR: '', ...app('booking-1').env }),
      );
      try {
        const rows = await eventually('both events published', async () => {
          const found = await bookingStore
            .collection<{ _id: string; type: string; state: string; data: { actor?: string } }>('outbox')
            .find({ key: bookingId }, { sort: [['_id', 1]] });
          return found.length === 2 && found.every((r) => r.state === 'published') ? found : undefined;
        });
        expect(rows.map((r) => [r.type, r.data.actor])).toEqual([
          ['booking.created', undefined],
          ['booking.confirmed', 'system'],
        ]);
        const [stored] = await bookingStore.collection('bookings').find({ _id: bookingId });
        expect(stored).toMatchObject({ status: 'confirmed', confirmation: 'automatic', holdExpiresAtMs: null });
      } finally {
        await bookingStore.close();
      }
    });

    it.runIf(serverGate('Radicale', radicaleMissing()))(
      'without INTEGRATIONS_GRPC_ADDR: the gateway answers PROVIDER_NOT_CONNECTED and leaves integrations out of /health; booking has no busy times',
      async () => {
        const PASSWORD = 'weber-app-password-7Qx9';
        const HOUR = 3_600_000;
        const radicale = await startRadicale({ weber: PASSWORD });
        const extra: AppProcess[] = [];
        const identityStore = await openStore(
          storeConfigFor('identity', { PROFILE: 'distributed', DATA_DIR: '', ...app('identity').env }),
        );
        try {
          // Through the full topology: the staff member's calendar is connected and an event of
          // their own blocks 10:00–11:00.
          const calendarUrl = `${radicale.url}weber/work/`;
          const client = caldav('weber', PASSWORD);
          expect((await client('MKCALENDAR', calendarUrl, MKCALENDAR_WORK)).status).toBe(201);
          const busyAt = berlinTime(3, 10);
          const put = await client('PUT', `${calendarUrl}own.ics`, eventIcs('own-1', busyAt, busyAt + HOUR), {
            'content-type': 'text/calendar',
          });
          expect(put.status).toBe(201);
          const { tenantId, staffId } = await seedTenant(topology!.catalogAddress, 'no-integrations');
          const session = await sessions(identityStore, base)(tenantId, 'tenant_owner');
          const connect = {
            staffId,
            serverUrl: radicale.url,
            username: 'weber',
            password: PASSWORD,
          };
          const connected = await dashboard(base, session)('POST', '/api/integrations/caldav', connect);
          expect(connected.status, JSON.stringify(await json(connected.clone()))).toBe(201);
          expect(await slotStartsOn(base, 'no-integrations', 3)).not.toContain(busyAt);

          // A booking service and a gateway like the topology's, without INTEGRATIONS_GRPC_ADDR.
          const { INTEGRATIONS_GRPC_ADDR: _b, ...bookingEnv } = app('booking-1').env;
          const bookingAddress = `127.0.0.1:${await freePort()}`;
          extra.push(runApp('booking', { ...bookingEnv, GRPC_PORT: bookingAddress.split(':')[1]! }));
          await eventually(
            'the booking service without integrations serving',
            async () => ((await checkHealth(bookingAddress)) === 'SERVING' ? true : undefined),
            90_000,
          );
          const { INTEGRATIONS_GRPC_ADDR: _g, ...gatewayEnv } = app('gateway-1').env;
          const port = await freePort();
          const url = `http://127.0.0.1:${port}`;
          extra.push(
            runApp('gateway', {
              ...gatewayEnv,
              PORT: String(port),
              BASE_URL: url,
              BOOKING_GRPC_ADDR: bookingAddress,
            }),
          );
          const health = await eventually(
            'the gateway without integrations serving',
            async () => {
              const res = await fetch(`${url}/health`).catch(() => undefined);
              return res?.status === 200 ? json(res) : undefined;
            },
            90_000,
          );
          // The notifications are there when the topology runs them (Mailpit built).
          expect(Object.keys(health.data.services).sort()).toEqual([
            'booking',
            'catalog',
            'customer',
            'identity',
            ...(topology!.mailpit ? ['notifications'] : []),
            'webhook-dispatcher',
          ]);

          // Every integrations route, read or write: PROVIDER_NOT_CONNECTED (same session: the
          // gateways share their store and secrets).
          const without = dashboard(url, session);
          const connectionId = (await json(connected)).data.connectionId as string;
          for (const [method, path, body] of [
            ['GET', '/api/integrations'],
            ['POST', '/api/integrations/caldav', connect],
            ['POST', '/api/integrations/google/connect', { staffId }],
            ['GET', `/api/integrations/${connectionId}/calendars`],
            ['POST', `/api/integrations/${connectionId}/disconnect`],
            ['GET', '/api/integrations/settings'],
          ] as const) {
            expect(await errorOf(await without(method, path, body)), `${method} ${path}`).toMatchObject({
              status: 409,
              code: 'PROVIDER_NOT_CONNECTED',
            });
          }

          // Its booking service knows no busy times: the time is offered and booked there, and
          // the detail has no calendar write-back to show.
          expect(await slotStartsOn(url, 'no-integrations', 3)).toContain(busyAt);
          const created = await postBooking(url, 'no-integrations', busyAt, 'no-integrations-1');
          expect(created.status).toBe(201);
          const bookingId = (await json(created)).data.booking.bookingId as string;
          const detail = await json(await without('GET', `/api/bookings/${bookingId}`));
          expect(detail.data).toMatchObject({ bookingId, calendarSync: null });
          // The connection is still there for the gateway that has the service.
          expect((await json(await dashboard(base, session)('GET', '/api/integrations'))).data.items).toHaveLength(1);
        } finally {
          for (const proc of extra.reverse()) {
            proc.kill('SIGTERM');
            await proc.exited;
          }
          await identityStore.close();
          await radicale.stop();
        }
      },
    );

    it.runIf(serverGate('Radicale', radicaleMissing()))(
      'a disconnect counts at the next availability read on every replica: the answers each booking replica kept and the days each integrations replica read are not taken again',
      async () => {
        const PASSWORD = 'nora-app-password-2Wm6';
        const HOUR = 3_600_000;
        const radicale = await startRadicale({ nora: PASSWORD });
        const identityStore = await openStore(
          storeConfigFor('identity', { PROFILE: 'distributed', DATA_DIR: '', ...app('identity').env }),
        );
        try {
          const calendarUrl = `${radicale.url}nora/work/`;
          const client = caldav('nora', PASSWORD);
          expect((await client('MKCALENDAR', calendarUrl, MKCALENDAR_WORK)).status).toBe(201);
          const busyAt = berlinTime(5, 10);
          const put = await client('PUT', `${calendarUrl}own.ics`, eventIcs('own-2', busyAt, busyAt + HOUR), {
            'content-type': 'text/calendar',
          });
          expect(put.status).toBe(201);
          const { tenantId, staffId } = await seedTenant(topology!.catalogAddress, 'replica-calendar');
          const api = dashboard(base, await sessions(identityStore, base)(tenantId, 'tenant_owner'));
          const connected = await api('POST', '/api/integrations/caldav', {
            staffId,
            serverUrl: radicale.url,
            username: 'nora',
            password: PASSWORD,
          });
          expect(connected.status, JSON.stringify(await json(connected.clone()))).toBe(201);
          const connectionId = (await json(connected)).data.connectionId as string;
          // Through each gateway, its own booking and integrations replica: blocked, and that
          // answer kept there (BUSY_CACHE_MS at its default, 60 s).
          const [first, second] = topology!.gatewayUrls as [string, string];
          for (const url of [first, second, first, second]) {
            expect(await slotStartsOn(url, 'replica-calendar', 5)).not.toContain(busyAt);
          }

          // Disconnected through the first; the second's replicas were not part of it.
          expect((await api('POST', `/api/integrations/${connectionId}/disconnect`)).status).toBe(200);
          expect(await slotStartsOn(second, 'replica-calendar', 5)).toContain(busyAt);
          expect(await slotStartsOn(first, 'replica-calendar', 5)).toContain(busyAt);
          const booked = await postBooking(second, 'replica-calendar', busyAt, 'replica-calendar-1');
          expect(booked.status, JSON.stringify(await json(booked.clone()))).toBe(201);
        } finally {
          await identityStore.close();
          await radicale.stop();
        }
      },
    );

    it('erases a customer from every MongoDB database: no name, email, phone or answer left in any collection', async () => {
      const PERSON = { name: 'Quillon Distributova', email: 'quillon.d5519@example.test', phone: '+4915199995519' };
      const { tenantId } = await seedTenant(topology!.catalogAddress, 'erase-dist');
      const identityStore = await openStore(
        storeConfigFor('identity', { PROFILE: 'distributed', DATA_DIR: '', ...app('identity').env }),
      );
      const mongo = new MongoClient(topology!.mongodbUrl);
      try {
        const api = dashboard(base, await sessions(identityStore, base)(tenantId, 'tenant_owner'));
        const made: string[] = [];
        for (const [i, start] of [berlinTime(5, 10), berlinTime(5, 11)].entries()) {
          const res = await fetch(`${base}/book/erase-dist/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `erase-dist-${i}` },
            body: JSON.stringify({
              serviceSlug: 'checkup',
              startsAtMs: start,
              customer: { name: PERSON.name, primaryEmail: PERSON.email, phone: PERSON.phone },
            }),
          });
          expect(res.status).toBe(201);
          made.push((await json(res)).data.booking.bookingId);
        }
        expect((await api('POST', `/api/bookings/${made[0]}/confirm`, {})).status).toBe(200);
        const customerId = (await json(await api('GET', `/api/bookings/${made[0]}`))).data.customerId as string;

        /** Every document of every database of this topology, as text, that holds one of the person's data. */
        const holding = async () => {
          const hits: string[] = [];
          const { databases } = await mongo.db('admin').admin().listDatabases();
          for (const { name } of databases.filter((d) => d.name.startsWith(topology!.dbPrefix))) {
            for (const c of await mongo.db(name).listCollections().toArray()) {
              for (const doc of await mongo.db(name).collection(c.name).find({}).toArray()) {
                const text = JSON.stringify(doc);
                for (const t of Object.values(PERSON)) if (text.includes(t)) hits.push(`${name}.${c.name}: ${t}`);
              }
            }
          }
          return hits;
        };
        expect((await holding()).length).toBeGreaterThan(0);

        const erased = await api('POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: customerId });
        const body = await json(erased);
        expect(erased.status, JSON.stringify(body)).toBe(200);
        expect(body.data).toMatchObject({ customerId, status: 'erased', bookings: 2, cancelled: 2 });
        const left = await eventually(
          'no trace of the customer in any database',
          async () => {
            const hits = await holding();
            return hits.length === 0 ? hits : undefined;
          },
          60_000,
        ).catch(async (err: unknown) => {
          throw new Error(`${String(err)}: still in ${(await holding()).join(', ')}`);
        });
        expect(left).toEqual([]);
        const again = await json(
          await api('POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: customerId }),
        );
        expect(again.data).toEqual(body.data);
      } finally {
        await mongo.close();
        await identityStore.close();
      }
    });

    const app = (id: string): TopologyApp => {
      const found = topology!.apps.find((a) => a.id === id);
      if (!found) throw new Error(`no ${id} in the topology`);
      return found;
    };
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

// Crashes on the distributed profile's path (issue 9): real Kafka (KRaft), the dispatcher and
// the booking service as processes of their own, killed with SIGKILL in the middle of a stream.
//
// - The dispatcher killed mid-stream and started again: every event reaches the receiver, and
//   no (eventId, subscriptionId) has two delivery records (offsets are committed after the
//   deliveries are stored; an event consumed again is skipped by the unique index; deliveries
//   whose attempt the dead process held are picked up once their lease has run out).
// - The booking service (its outbox relay) killed mid-stream and started again: no event is
//   lost: every outbox row it committed is delivered.

import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogService } from '@svc/catalog';
import { startCustomerService } from '@svc/customer';
import { createKafkaEventBus, type KafkaEventBus } from '@svc/events';
import { connectService, type RunningGrpcHost, type WebhookClient } from '@svc/grpc';
import { bookingV1, catalogV1, webhooksV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import {
  createTestTenant,
  eventually,
  freePort,
  kafkaMissing,
  openEveryDay,
  runApp,
  serverGate,
  startKafka,
  startWebhookReceiver,
  type AppProcess,
  type KafkaServer,
  type WebhookReceiver,
} from '@svc/testing';
import { HOST_SETTINGS, newTenantId, publishEvent, startDispatcher } from './support/dispatcher.js';

const run = serverGate('Kafka', kafkaMissing());
const SECRET_KEY = 'crash-test-webhook-secret-key-0123456789';

describe.skipIf(!run)('SIGKILL mid-stream with Kafka', () => {
  let kafka: KafkaServer | undefined;
  let receiver: WebhookReceiver;
  const dirs: string[] = [];
  const processes: AppProcess[] = [];

  beforeAll(async () => {
    kafka = await startKafka();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const p of processes) p.kill('SIGKILL');
    await receiver?.close();
    await kafka?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };

  const kafkaBus = (clientId: string): KafkaEventBus =>
    createKafkaEventBus({ brokers: kafka!.brokers, clientId, logLevel: 'nothing', onHandlerError: () => {} });

  /** The dispatcher as its own process (main.ts), consuming Kafka, data in `dataDir`. */
  async function dispatcherProcess(dataDir: string, port: number): Promise<AppProcess> {
    const proc = runApp('webhook-dispatcher', {
      LOG_LEVEL: 'info',
      GRPC_PORT: String(port),
      DATA_DIR: dataDir,
      KAFKA_BROKERS: kafka!.brokers.join(','),
      WEBHOOK_SECRET_KEY: SECRET_KEY,
      // The receiver listens on loopback over http.
      ALLOW_LOOPBACK_TARGETS: 'on',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '1000',
      WEBHOOK_FIRST_RETRY_MS: '200',
      WEBHOOK_POLL_MS: '200',
    });
    processes.push(proc);
    await proc.waitFor('gRPC server listening', 60_000);
    return proc;
  }

  /** Every delivery of the subscription, following the cursor. */
  async function allDeliveries(client: WebhookClient, tenantId: string, subscriptionId: string) {
    const out: webhooksV1.Delivery[] = [];
    let cursor = '';
    do {
      const page = await client.listDeliveries({
        tenantId,
        subscriptionId,
        status: '',
        eventType: '',
        bookingId: '',
        page: { limit: 100, cursor },
      });
      out.push(...page.items);
      cursor = page.page!.nextCursor;
    } while (cursor !== '');
    return out;
  }

  it('a dispatcher killed in the middle of 300 events and started again delivers every one, one record each', async () => {
    const dataDir = tempDir('dispatcher-crash-');
    const port = await freePort();
    const first = await dispatcherProcess(dataDir, port);
    const client = connectService(webhooksV1.WebhookServiceService, `127.0.0.1:${port}`);
    const producer = kafkaBus('booking-crash-test');
    try {
      const tenantId = newTenantId();
      const { subscription, signingSecret } = await client.createSubscription({
        tenantId,
        url: receiver.url('crash'),
        events: [],
        description: '',
      });
      receiver.setSecret('crash', signingSecret);
      const uniqueReceived = () => new Set(receiver.received('crash').map((r) => r.event.id));

      // 300 events in batches of 10, spread out so the kill lands mid-stream.
      const published: string[] = [];
      const stream = (async () => {
        for (let batch = 0; batch < 30; batch++) {
          for (let i = 0; i < 10; i++) published.push((await publishEvent(producer, { tenantId })).id);
          await sleep(100);
        }
      })();
      await eventually('the first 60 deliveries', async () => (uniqueReceived().size >= 60 ? true : undefined), 60_000);
      first.kill('SIGKILL');
      await first.exited;
      const atKill = uniqueReceived().size;
      await stream;
      expect(atKill).toBeLessThan(300);

      const second = await dispatcherProcess(dataDir, port);
      await eventually(
        'every event at the receiver',
        async () => (uniqueReceived().size === published.length ? true : undefined),
        120_000,
      );
      expect([...uniqueReceived()].sort()).toEqual([...published].sort());
      expect(receiver.rejected('crash')).toBe(0);

      const deliveries = await eventually(
        'every delivery recorded as succeeded',
        async () => {
          const all = await allDeliveries(client, tenantId, subscription!.subscriptionId);
          return all.length === published.length && all.every((d) => d.status === 'succeeded') ? all : undefined;
        },
        60_000,
      );
      // One delivery record per event: none created twice by the redelivered events.
      expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(published.length);
      console.info(
        `dispatcher crash: ${atKill} events delivered before SIGKILL, ` +
          `${receiver.received('crash').length - published.length} sent twice (at least once)`,
      );
      // It leaves the consumer group, which the next test's dispatcher joins.
      second.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      client.close();
      await producer.close();
    }
  }, 300_000);

  it('the booking service killed while bookings are made loses no event: every outbox row is delivered', async () => {
    // The catalog and customer services in this process; booking as a process of its own.
    const silent = (name: string) => createLogger(name, 'silent');
    const catalogHost: RunningGrpcHost = await startCatalogService(HOST_SETTINGS, {
      logger: silent('catalog'),
      store: await openSqliteStore({ file: ':memory:' }),
    });
    const customerHost: RunningGrpcHost = await startCustomerService(HOST_SETTINGS, {
      logger: silent('customer'),
      store: await openSqliteStore({ file: ':memory:' }),
    });
    const catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
    const dispatcher = await startDispatcher({ bus: kafkaBus('webhook-dispatcher-relay-test') });
    const bookingDir = tempDir('booking-crash-');
    const bookingPort = await freePort();
    const startBooking = async () => {
      const proc = runApp('booking', {
        LOG_LEVEL: 'info',
        GRPC_PORT: String(bookingPort),
        DATA_DIR: bookingDir,
        KAFKA_BROKERS: kafka!.brokers.join(','),
        CATALOG_GRPC_ADDR: catalogHost.address,
        CUSTOMER_GRPC_ADDR: customerHost.address,
      });
      processes.push(proc);
      await proc.waitFor('gRPC server listening', 60_000);
      return proc;
    };
    const booking = connectService(bookingV1.BookingServiceService, `127.0.0.1:${bookingPort}`);
    try {
      const { tenantId } = await createTestTenant(catalog, { timezone: 'UTC' });
      const { staff } = await catalog.createStaff({ tenantId, fields: { displayName: 'Sam' } });
      await openEveryDay(catalog, tenantId, [
        ['tenant', tenantId],
        ['staff', staff!.staffId],
      ]);
      await catalog.createService({
        tenantId,
        fields: {
          slug: 'checkup',
          name: 'Check-up',
          durationMin: 30,
          slotIntervalMin: 30,
          staffIds: [staff!.staffId],
          staffIdsSet: true,
          resourceIds: [],
          resourceIdsSet: true,
          questions: [],
          questionsSet: false,
          staffWeights: {},
          staffWeightsSet: false,
        },
      });
      const { signingSecret } = await dispatcher.client.createSubscription({
        tenantId,
        url: receiver.url('relay'),
        events: [],
        description: '',
      });
      receiver.setSecret('relay', signingSecret);

      const HALF_HOUR = 30 * 60_000;
      const firstSlot = Math.ceil(Date.now() / HALF_HOUR) * HALF_HOUR + 86_400_000;
      let next = 0;
      const acked: string[] = [];
      /** Creates bookings one after another until told to stop; a failed call (the kill) ends it. */
      const makeBookings = async (count: number) => {
        for (let i = 0; i < count; i++) {
          const body = {
            serviceSlug: 'checkup',
            startsAtMs: firstSlot + next++ * HALF_HOUR,
            source: 'public_page',
            customer: { name: `Customer ${next}`, primaryEmail: `c${next}-${randomUUID().slice(0, 6)}@example.com` },
            notes: '',
            timezone: '',
          };
          const res = await booking.createBooking(
            {
              tenantId,
              idempotencyKey: randomUUID(),
              idempotencyScope: '',
              answers: [],
              requestFingerprint: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
              ...body,
            },
            { deadlineMs: 10_000 },
          );
          acked.push(res.booking!.bookingId);
        }
      };

      const first = await startBooking();
      const stream = makeBookings(1_000).catch(() => 'stopped');
      await eventually('40 bookings', async () => (acked.length >= 40 ? true : undefined), 60_000);
      first.kill('SIGKILL');
      await first.exited;
      expect(await stream).toBe('stopped');
      const beforeRestart = acked.length;

      await startBooking();
      await makeBookings(20);
      const createdAt = () =>
        new Set(
          receiver
            .received('relay')
            .filter((r) => r.event.type === 'booking.created')
            .map((r) => (r.event.data.booking as { bookingId: string }).bookingId),
        );
      await eventually(
        'a booking.created for every acknowledged booking',
        async () => (acked.every((id) => createdAt().has(id)) ? true : undefined),
        60_000,
      );

      // Every outbox row the service committed, before and after the kill, was delivered.
      const bookingProc = processes.at(-1)!;
      bookingProc.kill('SIGTERM');
      await bookingProc.exited;
      const bookingStore = await openSqliteStore({ file: join(bookingDir, 'booking.sqlite') });
      try {
        const rows = await bookingStore.collection<{ _id: string; tenantId: string }>('outbox').find({ tenantId });
        expect(rows.length).toBeGreaterThanOrEqual(acked.length);
        const delivered = new Set(receiver.received('relay').map((r) => r.event.id));
        await eventually('every outbox row delivered', async () => {
          for (const r of receiver.received('relay')) delivered.add(r.event.id);
          return rows.every((row) => delivered.has(row._id)) ? true : undefined;
        });
        console.info(
          `relay crash: ${beforeRestart} bookings before SIGKILL, ${rows.length} outbox rows, all delivered`,
        );
      } finally {
        await bookingStore.close();
      }
    } finally {
      booking.close();
      catalog.close();
      await dispatcher.stop();
      await Promise.all([catalogHost.stop(), customerHost.stop()]);
    }
  }, 300_000);
});

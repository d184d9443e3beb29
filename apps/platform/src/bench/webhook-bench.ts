// Webhook delivery benchmark (issue 9), each figure beside the bare HTTP POST rate to the same
// receiver measured in the same run (the ratio is what compares across machines):
//
// - throughput: deliveries per second from the embedded dispatcher (SQLite, in-process bus) to a
//   local receiver in its own process, 5,000 events published at once as the outbox relay
//   publishes them, with this process's CPU (the dispatcher side only) per delivery;
// - latency from the committed change (the outbox row's occurredAtMs) to the first delivery
//   attempt reaching the receiver, p50/p99: bookings made one at a time on the embedded platform,
//   then with booking and dispatcher on a real Kafka broker (skipped, loudly, without Kafka).
//
// Run: npm run bench (from the repository root), or node apps/platform/dist/bench/webhook-bench.js
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bookingConfigSchema, startBookingFromConfig } from '@svc/booking';
import { catalogConfigSchema, startCatalogFromConfig } from '@svc/catalog';
import { customerConfigSchema, startCustomerFromConfig } from '@svc/customer';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { bookingV1, webhooksV1 } from '@svc/proto';
import { createLogger } from '@svc/telemetry';
import { kafkaMissing, startKafka } from '@svc/testing';
import { dispatcherConfigSchema, startWebhookDispatcherFromConfig } from '@svc/webhook-dispatcher';
import { platformConfigSchema } from '../config.js';
import { seedBenchTenant } from './bench-tenant.js';
import { rateOf, type Rate } from './process-stats.js';
import { startEmbeddedPlatform } from '../embedded-platform.js';

const THROUGHPUT_EVENTS = 5_000;
const LATENCY_SAMPLES = 200;
const BARE_POSTS = 5_000;
/** The dispatcher's default WEBHOOK_CONCURRENCY, also used for the bare POSTs. */
const CONCURRENCY = 32;
const silent = (name: string) => createLogger(name, 'silent');

// ---------------------------------------------------------------------------------------------
// The receiver: a child process (receiver-process.ts) that answers 204 at once and notes when each
// event arrived, so that its CPU is not charged to this process, which runs the dispatcher: a real
// receiver is never inside the dispatcher's process. It is asked for its count of arrivals (GET
// /stats) or for one booking's arrival (GET /arrival) every POLL_MS, over one kept-alive
// connection: a few requests per second, negligible beside the deliveries.

interface Arrival {
  atMs: number;
  occurredAtMs: number;
  bookingId: string;
}

const POLL_MS = 10;

async function startReceiver() {
  const child = fork(fileURLToPath(new URL('./receiver-process.js', import.meta.url)), [], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`receiver process exited with ${code}`)));
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ hostname: '127.0.0.1', port, path, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end();
    });
  /** Polls `check` every POLL_MS until it yields a value. */
  async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out waiting for deliveries');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  return {
    url: `http://127.0.0.1:${port}/hook`,
    /** Distinct events that have reached the receiver so far. */
    async arrivals(): Promise<number> {
      return (JSON.parse((await get('/stats')).body) as { arrivals: number }).arrivals;
    },
    /** Resolves once at least `count` distinct events have arrived. */
    async untilArrivals(count: number, timeoutMs = 120_000): Promise<void> {
      await until(async () => ((await this.arrivals()) >= count ? true : undefined), timeoutMs);
    },
    /** The first arrival of an event about `bookingId`, waited for. */
    arrivalOf(bookingId: string, timeoutMs = 30_000): Promise<Arrival> {
      return until(async () => {
        const res = await get(`/arrival?booking=${encodeURIComponent(bookingId)}`);
        return res.status === 200 ? (JSON.parse(res.body) as Arrival) : undefined;
      }, timeoutMs);
    },
    async close(): Promise<void> {
      agent.destroy();
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** An envelope as the outbox relay publishes it. */
function envelope(tenantId: string, i: number) {
  const id = `evt_bench_${i}_${randomUUID().slice(0, 8)}`;
  const bookingId = `bkg_bench_${i}`;
  const value = JSON.stringify({
    id,
    type: 'booking.created',
    payloadVersion: 1,
    occurredAtMs: Date.now(),
    data: {
      booking: { bookingId, tenantId, serviceId: 'svc_1', status: 'held', startsAtMs: 1, endsAtMs: 2, timezone: 'UTC' },
      service: { serviceId: 'svc_1', slug: 'visit', name: 'Visit' },
      customer: { customerId: 'cus_1', name: 'Ann Example', primaryEmail: 'ann@example.com' },
    },
  });
  return { key: bookingId, value, headers: { 'event-id': id, 'event-type': 'booking.created', 'tenant-id': tenantId } };
}

// ---------------------------------------------------------------------------------------------
// Baseline: bare POSTs of the same size to the same receiver, one connection each (as the
// dispatcher makes them), CONCURRENCY at a time.

async function barePosts(url: string, total: number): Promise<Rate> {
  const body = envelope('ten_bench', 0).value;
  const target = new URL(url);
  let next = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next++;
        await new Promise<void>((resolve, reject) => {
          const req = request(
            {
              method: 'POST',
              hostname: target.hostname,
              port: target.port,
              path: target.pathname,
              agent: false,
              headers: { 'content-type': 'application/json', 'x-service-event-id': `bare-${i}` },
            },
            (res) => {
              res.resume();
              res.on('end', resolve);
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      }
    }),
  );
  return rateOf(total, started, cpuBefore);
}

// ---------------------------------------------------------------------------------------------
// Throughput: the embedded dispatcher alone, events published at once.

async function throughput(receiver: Receiver): Promise<Rate> {
  const dataDir = mkdtempSync(join(tmpdir(), 'webhook-bench-'));
  const bus = new InProcessEventBus();
  const host = await startWebhookDispatcherFromConfig(
    dispatcherConfigSchema.parse({ PROFILE: 'embedded', DATA_DIR: dataDir, LOG_LEVEL: 'silent', GRPC_PORT: 0 }),
    silent('webhook-dispatcher'),
    { bus },
  );
  const client = connectService(webhooksV1.WebhookServiceService, host.address);
  try {
    const tenantId = `ten_bench_${randomUUID().slice(0, 8)}`;
    await client.createSubscription({ tenantId, url: receiver.url, events: [], description: 'bench' });
    const before = await receiver.arrivals();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < THROUGHPUT_EVENTS; i += 100) {
      await bus.publish(
        BOOKING_EVENTS_TOPIC,
        Array.from({ length: Math.min(100, THROUGHPUT_EVENTS - i) }, (_, j) => envelope(tenantId, i + j)),
      );
    }
    await receiver.untilArrivals(before + THROUGHPUT_EVENTS);
    return rateOf(THROUGHPUT_EVENTS, started, cpuBefore);
  } finally {
    client.close();
    await host.stop();
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Latency: real bookings, one at a time, each waited for at the receiver.

async function latency(
  receiver: Receiver,
  addresses: { catalog: string; booking: string; dispatcher: string },
  samples: number,
): Promise<{ p50: number; p99: number; samples: number }> {
  const tenantId = await seedBenchTenant(addresses.catalog, {
    slug: `bench-${randomUUID().slice(0, 8)}`,
    timezone: 'UTC',
  });
  const webhooks = connectService(webhooksV1.WebhookServiceService, addresses.dispatcher);
  const booking = connectService(bookingV1.BookingServiceService, addresses.booking);
  try {
    await webhooks.createSubscription({ tenantId, url: receiver.url, events: ['booking.created'], description: '' });
    const first = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
    const latencies: number[] = [];
    for (let i = 0; i < samples + 10; i++) {
      const body = {
        serviceSlug: 'visit',
        startsAtMs: first + i * 15 * 60_000,
        source: 'public_page',
        customer: { name: `C ${i}`, primaryEmail: `c${i}-${randomUUID().slice(0, 6)}@bench.test` },
        notes: '',
        timezone: '',
      };
      const { booking: made } = await booking.createBooking({
        tenantId,
        idempotencyKey: randomUUID(),
        idempotencyScope: '',
        answers: [],
        requestFingerprint: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
        ...body,
      });
      const bookingId = made!.bookingId;
      const arrival = await receiver.arrivalOf(bookingId);
      // The first ten warm up (JIT, connections, the consumer group).
      if (i >= 10) latencies.push(arrival.atMs - arrival.occurredAtMs);
    }
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
    return { p50: pct(0.5), p99: pct(0.99), samples: latencies.length };
  } finally {
    webhooks.close();
    booking.close();
  }
}

async function embeddedLatency(receiver: Receiver) {
  const dataDir = mkdtempSync(join(tmpdir(), 'webhook-bench-platform-'));
  const platform = await startEmbeddedPlatform(
    platformConfigSchema.parse({ PORT: 0, LOG_LEVEL: 'silent', DATA_DIR: dataDir, BASE_URL: 'http://127.0.0.1' }),
  );
  try {
    return await latency(
      receiver,
      {
        catalog: platform.services.catalog.address,
        booking: platform.services.booking.address,
        dispatcher: platform.services['webhook-dispatcher'].address,
      },
      LATENCY_SAMPLES,
    );
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Booking and dispatcher each on Kafka as in the distributed profile (stores stay SQLite). */
async function kafkaLatency(receiver: Receiver) {
  const kafka = await startKafka();
  const dataDir = mkdtempSync(join(tmpdir(), 'webhook-bench-kafka-'));
  const hosts: RunningGrpcHost[] = [];
  try {
    const service = { PROFILE: 'embedded', LOG_LEVEL: 'silent', DATA_DIR: dataDir, GRPC_PORT: 0 };
    const catalog = await startCatalogFromConfig(catalogConfigSchema.parse(service), silent('catalog'));
    hosts.push(catalog);
    const customer = await startCustomerFromConfig(customerConfigSchema.parse(service), silent('customer'));
    hosts.push(customer);
    const kafkaBrokers = kafka.brokers.join(',');
    const booking = await startBookingFromConfig(
      bookingConfigSchema.parse({
        ...service,
        KAFKA_BROKERS: kafkaBrokers,
        CATALOG_GRPC_ADDR: catalog.address,
        CUSTOMER_GRPC_ADDR: customer.address,
      }),
      silent('booking'),
    );
    hosts.push(booking);
    const dispatcher = await startWebhookDispatcherFromConfig(
      dispatcherConfigSchema.parse({ ...service, KAFKA_BROKERS: kafkaBrokers }),
      silent('webhook-dispatcher'),
    );
    hosts.push(dispatcher);
    return await latency(
      receiver,
      { catalog: catalog.address, booking: booking.address, dispatcher: dispatcher.address },
      LATENCY_SAMPLES,
    );
  } finally {
    for (const host of hosts.reverse()) await host.stop();
    await kafka.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

const receiver = await startReceiver();
try {
  await barePosts(receiver.url, 500); // warm-up
  const bare = await barePosts(receiver.url, BARE_POSTS);
  const tp = await throughput(receiver);
  const embedded = await embeddedLatency(receiver);
  const missing = kafkaMissing();
  const viaKafka = missing === null ? await kafkaLatency(receiver) : null;

  const bareMs = 1000 / bare.perSecond;
  console.log(`\nWebhook benchmark, node ${process.version}, ${CONCURRENCY} attempts in flight\n`);
  console.log('| case | figure | sender CPU ms each | beside bare POSTs | target |');
  console.log('|---|---:|---:|---:|---|');
  console.log(
    `| bare HTTP POST to the receiver (baseline) | ${bare.perSecond.toFixed(0)} POST/s | ${bare.cpuMsPerItem.toFixed(3)} | 1.00 | – |`,
  );
  console.log(
    `| deliveries, embedded (${THROUGHPUT_EVENTS} events, one subscription) | ${tp.perSecond.toFixed(0)} deliveries/s | ` +
      `${tp.cpuMsPerItem.toFixed(3)} | ${(tp.perSecond / bare.perSecond).toFixed(2)} (CPU ${(tp.cpuMsPerItem / bare.cpuMsPerItem).toFixed(1)}×) | ≥ 1,000/s |`,
  );
  const row = (name: string, r: { p50: number; p99: number; samples: number }, target: string) =>
    console.log(
      `| ${name} (${r.samples} bookings) | p50 ${r.p50} ms, p99 ${r.p99} ms | – | p50 = ${(r.p50 / bareMs).toFixed(1)} bare POSTs | ${target} |`,
    );
  row('commit → first attempt, embedded', embedded, 'p50 ≤ 50 ms');
  if (viaKafka) row('commit → first attempt, through Kafka', viaKafka, 'p50 ≤ 300 ms');
  else console.log(`| commit → first attempt, through Kafka | SKIPPED: ${missing} | – | – | p50 ≤ 300 ms |`);
  console.log(`\n(bare POST: ${bareMs.toFixed(2)} ms each at ${CONCURRENCY} in flight)`);
  console.log('(receiver in a child process; CPU is this process only: the dispatcher, or the bare POSTs)');
} finally {
  await receiver.close();
}

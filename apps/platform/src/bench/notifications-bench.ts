// Notifications benchmark (issue 25), beside bare SMTP sends to the same server measured in the
// same run (the ratio is what compares across machines), and beside the webhook dispatcher's
// figures (webhook-bench.ts, docs/benchmarks.md "Webhook delivery"):
//
// - throughput: messages per second from the notifications service (SQLite, in-process bus,
//   nodemailer's SMTP pool) to a local SMTP server (Mailpit, its own process): real bookings'
//   events (real catalog, customer and booking services) captured, then handed to a fresh
//   notifications service all at once, until the SMTP server holds every message;
// - event-to-send latency, p50/p99: bookings made one at a time on the embedded platform, from
//   the committed change (the event's occurredAtMs) to the SMTP server accepting the customer's
//   message (the send record's sentAtMs, same clock).
//
// Run: npm run bench (from the repository root), or node apps/platform/dist/bench/notifications-bench.js.
// Needs Mailpit (scripts/fetch-mailpit.sh); without it the bench says so and exits. `--profile`:
// the throughput phase alone under V8's CPU profiler (self time by function and area), no latency.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { bookingConfigSchema, startBookingFromConfig } from '@svc/booking';
import { catalogConfigSchema, startCatalogFromConfig } from '@svc/catalog';
import { customerConfigSchema, startCustomerFromConfig } from '@svc/customer';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus, type BusMessage } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { notificationsConfigSchema, startNotificationsFromConfig } from '@svc/notifications';
import { bookingV1, notificationsV1 } from '@svc/proto';
import { createLogger, grpcServerDuration } from '@svc/telemetry';
import { mailpitMissing, startMailpit, type MailpitServer } from '@svc/testing';
import { platformConfigSchema } from '../config.js';
import { startEmbeddedPlatform } from '../embedded-platform.js';
import { seedBenchTenant } from './bench-tenant.js';
import { formatProfileSummary, summarizeCpuProfile } from './cpu-profile.js';
import { rateOf, type Rate } from './process-stats.js';

const THROUGHPUT_BOOKINGS = 1_000;
const LATENCY_SAMPLES = 200;
const BARE_SENDS = 2_000;
const POOL = 5;
const silent = (name: string) => createLogger(name, 'silent');
const { values } = parseArgs({ options: { profile: { type: 'boolean', default: false } } });

/** gRPC calls served in this process so far, by method (the services' own histogram's counts). */
async function grpcCalls(): Promise<Map<string, number>> {
  const { values: samples } = await grpcServerDuration.get();
  const calls = new Map<string, number>();
  for (const v of samples) {
    if (!v.metricName?.endsWith('_count')) continue;
    const method = String(v.labels.grpc_method);
    calls.set(method, (calls.get(method) ?? 0) + v.value);
  }
  return calls;
}

/** The calls between two counts, by method, fewest last. */
function callsBetween(before: Map<string, number>, after: Map<string, number>): Array<[string, number]> {
  return [...after.entries()]
    .map(([method, n]) => [method, n - (before.get(method) ?? 0)] as [string, number])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
}

/**
 * Every 100 ms (≤ 1.5 % of a run of 7 s or more): the poll is this process's CPU and Mailpit's, so
 * a tighter one (it was 20 ms) charged the notifications, polled during their whole run, about 7 %
 * of their CPU that the bare sends, polled only after theirs, did not pay (docs/benchmarks.md).
 */
const POLL_MS = 100;

async function untilCount(mailpit: MailpitServer, count: number, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${mailpit.apiUrl}/api/v1/messages?limit=1`);
    const { total } = (await res.json()) as { total: number };
    if (total >= count) return;
    if (Date.now() > deadline) throw new Error(`timed out: ${total} of ${count} messages`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Baseline: the same pool (POOL connections) sending messages of a similar size straight to the server. */
async function bareSends(mailpit: MailpitServer, total: number): Promise<Rate> {
  const transport = nodemailer.createTransport({
    url: mailpit.smtpUrl,
    pool: true,
    maxConnections: POOL,
    maxMessages: 1_000,
  });
  const html = `<p>${'Your booking is confirmed. '.repeat(80)}</p>`;
  let next = 0;
  const before = (await mailpit.messages()).length;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < total) {
        const i = next++;
        await transport.sendMail({
          from: { name: 'Bench', address: 'bookings@bench.test' },
          to: `bare${i}@bench.test`,
          subject: `Bare ${i}`,
          text: 'Your booking is confirmed. '.repeat(80),
          html,
        });
      }
    }),
  );
  await untilCount(mailpit, before + total);
  transport.close();
  return rateOf(total, started, cpuBefore);
}

function bookingBody(i: number, first: number) {
  return {
    serviceSlug: 'visit',
    startsAtMs: first + i * 15 * 60_000,
    source: 'public_page',
    customer: { name: `C ${i}`, primaryEmail: `c${i}-${randomUUID().slice(0, 6)}@bench.test` },
    notes: '',
    timezone: '',
  };
}

/**
 * Throughput: THROUGHPUT_BOOKINGS real bookings made first (their events captured off the bus),
 * then handed at once to a notifications service of its own: each is a request (customer) and a
 * waiting request (the business address), two messages.
 */
async function throughput(
  mailpit: MailpitServer,
): Promise<Rate & { messages: number; reads: Array<[string, number]>; profile: string | null }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'notifications-bench-'));
  const service = { PROFILE: 'embedded', LOG_LEVEL: 'silent', DATA_DIR: dataDir, GRPC_PORT: 0 };
  const bookingBus = new InProcessEventBus();
  const captured: BusMessage[] = [];
  await bookingBus.subscribe({ topic: BOOKING_EVENTS_TOPIC, groupId: 'bench-capture' }, async (m) => {
    captured.push({ key: m.key, value: m.value, headers: m.headers });
  });
  const hosts: RunningGrpcHost[] = [];
  const notificationsBus = new InProcessEventBus();
  try {
    const catalog = await startCatalogFromConfig(catalogConfigSchema.parse(service), silent('catalog'));
    const customer = await startCustomerFromConfig(customerConfigSchema.parse(service), silent('customer'));
    const booking = await startBookingFromConfig(
      bookingConfigSchema.parse({
        ...service,
        CATALOG_GRPC_ADDR: catalog.address,
        CUSTOMER_GRPC_ADDR: customer.address,
      }),
      silent('booking'),
      { bus: bookingBus },
    );
    hosts.push(booking, customer, catalog);
    const tenantId = await seedBenchTenant(catalog.address, {
      slug: `nbench-${randomUUID().slice(0, 8)}`,
      timezone: 'UTC',
    });
    const bookings = connectService(bookingV1.BookingServiceService, booking.address);
    const first = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < THROUGHPUT_BOOKINGS) {
          const body = bookingBody(next++, first);
          await bookings.createBooking({
            tenantId,
            idempotencyKey: randomUUID(),
            idempotencyScope: '',
            answers: [],
            requestFingerprint: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
            ...body,
          });
        }
      }),
    );
    bookings.close();
    while (captured.length < THROUGHPUT_BOOKINGS) await new Promise((resolve) => setTimeout(resolve, 20));

    const notifications = await startNotificationsFromConfig(
      notificationsConfigSchema.parse({
        ...service,
        CATALOG_GRPC_ADDR: catalog.address,
        BOOKING_GRPC_ADDR: booking.address,
        CUSTOMER_GRPC_ADDR: customer.address,
        BASE_URL: 'http://127.0.0.1:8080',
        SMTP_URL: mailpit.smtpUrl,
        SMTP_POOL_SIZE: POOL,
        MAIL_FROM: 'bookings@bench.test',
      }),
      silent('notifications'),
      { bus: notificationsBus },
    );
    hosts.unshift(notifications);
    const client = connectService(notificationsV1.NotificationServiceService, notifications.address);
    await client.updateNotificationSettings({
      tenantId,
      businessEmails: ['desk@bench.test'],
      businessEmailsSet: true,
      reminderOffsetsMin: [],
      reminderOffsetsSet: false,
      teamEmails: [],
      businessEmailsFollowTeam: false,
    });
    client.close();
    const messages = THROUGHPUT_BOOKINGS * 2;
    const before = (await mailpit.messages()).length;
    const callsBefore = await grpcCalls();
    const session = values.profile ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < captured.length; i += 100) {
      await notificationsBus.publish(BOOKING_EVENTS_TOPIC, captured.slice(i, i + 100));
    }
    await untilCount(mailpit, before + messages);
    const rate = rateOf(messages, started, cpuBefore);
    let profile: string | null = null;
    if (session) {
      const { profile: taken } = await session.post('Profiler.stop');
      session.disconnect();
      profile = join(mkdtempSync(join(tmpdir(), 'notifications-prof-')), 'throughput.cpuprofile');
      writeFileSync(profile, JSON.stringify(taken));
    }
    return { ...rate, messages, reads: callsBetween(callsBefore, await grpcCalls()), profile };
  } finally {
    for (const host of hosts) await host.stop();
    await notificationsBus.close();
    await bookingBus.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Event-to-send on the embedded platform: bookings one at a time, each customer message waited for. */
async function latency(mailpit: MailpitServer): Promise<{ p50: number; p99: number; samples: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'notifications-bench-platform-'));
  const platform = await startEmbeddedPlatform(
    platformConfigSchema.parse({
      PORT: 0,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      BASE_URL: 'http://127.0.0.1',
      SMTP_URL: mailpit.smtpUrl,
      MAIL_FROM: 'bookings@bench.test',
    }),
  );
  const booking = connectService(bookingV1.BookingServiceService, platform.services.booking.address);
  const notifications = connectService(
    notificationsV1.NotificationServiceService,
    platform.services.notifications.address,
  );
  try {
    const tenantId = await seedBenchTenant(platform.services.catalog.address, {
      slug: `nbench-${randomUUID().slice(0, 8)}`,
      timezone: 'UTC',
    });
    const first = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES + 10; i++) {
      const body = bookingBody(i, first);
      const { booking: made } = await booking.createBooking({
        tenantId,
        idempotencyKey: randomUUID(),
        idempotencyScope: '',
        answers: [],
        requestFingerprint: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
        ...body,
      });
      const bookingId = made!.bookingId;
      for (;;) {
        const { items } = await notifications.listNotifications({
          tenantId,
          bookingId,
          customerId: '',
          status: 'sent',
        });
        const sent = items.find((n) => n.recipientKind === 'customer');
        if (sent?.sentAtMs) {
          // The first ten warm up (JIT, the SMTP pool's connections).
          if (i >= 10) latencies.push(sent.sentAtMs - made!.createdAtMs);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
    return { p50: pct(0.5), p99: pct(0.99), samples: latencies.length };
  } finally {
    booking.close();
    notifications.close();
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const missing = mailpitMissing();
if (missing !== null) {
  console.log(`\nNotifications benchmark SKIPPED: ${missing}\n`);
} else {
  const mailpit = await startMailpit();
  try {
    await bareSends(mailpit, 200); // warm-up
    const bare = await bareSends(mailpit, BARE_SENDS);
    const tp = await throughput(mailpit);
    const reads = tp.reads.reduce((sum, [, n]) => sum + n, 0);
    const bareMs = 1000 / bare.perSecond;
    console.log(
      `\nNotifications benchmark, node ${process.version}, SMTP pool of ${POOL} to Mailpit (its own process)\n`,
    );
    console.log(
      `gRPC reads while the notifications handled ${THROUGHPUT_BOOKINGS} bookings' events: ` +
        `${(reads / THROUGHPUT_BOOKINGS).toFixed(2)} per booking ` +
        `(${tp.reads.map(([method, n]) => `${method.replace(/^.*\//, '')} ${n}`).join(', ') || 'none'})\n`,
    );
    const lat = tp.profile ? null : await latency(mailpit);
    console.log('| case | figure | sender CPU ms each | beside bare SMTP sends | target |');
    console.log('|---|---:|---:|---:|---|');
    console.log(
      `| bare nodemailer sends to the SMTP server (baseline) | ${bare.perSecond.toFixed(0)} messages/s | ${bare.cpuMsPerItem.toFixed(3)} | 1.00 | – |`,
    );
    console.log(
      `| notifications, embedded (${THROUGHPUT_BOOKINGS} bookings' events, ${tp.messages} messages) | ${tp.perSecond.toFixed(0)} messages/s | ` +
        `${tp.cpuMsPerItem.toFixed(3)} | ${(tp.perSecond / bare.perSecond).toFixed(2)} (CPU ${(tp.cpuMsPerItem / bare.cpuMsPerItem).toFixed(1)}×) | ≥ 300/s |`,
    );
    if (lat) {
      console.log(
        `| event → SMTP accepted, embedded (${lat.samples} bookings) | p50 ${lat.p50} ms, p99 ${lat.p99} ms | – | p50 = ${(lat.p50 / bareMs).toFixed(1)} bare sends | p50 ≤ 200 ms |`,
      );
    }
    console.log(`\n(bare send: ${bareMs.toFixed(2)} ms each at 32 in flight; CPU is this process only)`);
    if (tp.profile) {
      const title = `CPU profile of the throughput phase (${tp.messages} messages, this process)`;
      console.log(formatProfileSummary(title, summarizeCpuProfile(tp.profile), 40));
      console.log(`(profile kept at ${tp.profile})`);
    }
  } finally {
    await mailpit.close();
  }
}

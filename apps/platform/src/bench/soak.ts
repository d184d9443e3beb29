// `npm run soak [-- --minutes 10 --rate 20]` (not in CI; docs/benchmarks.md "Soak"): the
// distributed topology (2 gateways, 2 booking replicas, real Redis, Kafka and MongoDB) under mixed
// public traffic at a fixed rate, open loop (a request goes out on schedule whether or not the
// earlier ones answered): availability 70 %, creates 20 %, transitions (a cancel through the
// manage link of an earlier booking) 10 %. Prints throughput, p50/p99 per route, 5xx, each
// process's memory at start and end (growth is a leak), outbox lag and webhook lag.

import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectService } from '@svc/grpc';
import { webhooksV1 } from '@svc/proto';
import { startWebhookReceiver } from '@svc/testing';
import { MongoClient } from 'mongodb';
import { startTopology } from '../topology/topology.js';
import { seedBenchTenant } from './bench-tenant.js';
import { residentMb } from './process-stats.js';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, rate: { type: 'string', default: '20' } },
});
const minutes = Number(values.minutes);
const rate = Number(values.rate);
if (!(minutes > 0) || !(rate > 0)) {
  process.stderr.write('--minutes and --rate must be positive numbers\n');
  process.exit(2);
}

type Route = 'availability' | 'create' | 'cancel';
const DAY = 86_400_000;
const SLOT = 15 * 60_000;

const topology = await startTopology({
  gateways: 2,
  bookings: 2,
  rateLimits: 'off',
  appEnv: { 'webhook-dispatcher': { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' } },
  ...(process.env.MONGODB_URL ? { mongodbUrl: process.env.MONGODB_URL } : {}),
});
const mongo = await MongoClient.connect(topology.mongodbUrl);
const receiver = await startWebhookReceiver();
try {
  const tenantId = await seedBenchTenant(topology.catalogAddress, { slug: 'soak', timezone: 'UTC' });
  const dispatcher = topology.apps.find((a) => a.app === 'webhook-dispatcher')!;
  const webhooks = connectService(webhooksV1.WebhookServiceService, dispatcher.address);
  const sub = await webhooks
    .createSubscription({ tenantId, url: receiver.url('soak'), events: [], description: 'soak' })
    .finally(() => webhooks.close());
  receiver.setSecret('soak', sub.signingSecret);

  const rss = (): Map<string, number> => new Map(topology.apps.map((a) => [a.id, residentMb(a.process.pid)] as const));
  const memoryAtStart = rss();
  const latencies: Record<Route, number[]> = { availability: [], create: [], cancel: [] };
  const statuses = new Map<string, number>();
  const tokens: string[] = [];
  const outboxBacklog: number[] = [];
  const firstSlot = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
  let nextSlot = 0;
  let n = 0;

  const one = async (route: Route, gateway: string): Promise<void> => {
    const t0 = performance.now();
    let status = 0;
    let code = '';
    try {
      let res: Response;
      if (route === 'availability') {
        const from = firstSlot + (n % 60) * DAY;
        res = await fetch(`${gateway}/book/soak/availability?serviceSlug=visit&fromMs=${from}&toMs=${from + DAY}`);
      } else if (route === 'create') {
        const key = `soak-${nextSlot}`;
        res = await fetch(`${gateway}/book/soak/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({
            serviceSlug: 'visit',
            startsAtMs: firstSlot + nextSlot++ * SLOT,
            source: 'public_page',
            customer: { name: 'Soak', primaryEmail: `${key}@example.test` },
          }),
        });
      } else {
        res = await fetch(`${gateway}/booking/manage/${tokens.shift()}/cancel`, { method: 'POST' });
      }
      status = res.status;
      const body = (await res.json().catch(() => ({}))) as {
        data?: { manageToken?: string };
        error?: { code?: string };
      };
      if (route === 'create' && body.data?.manageToken) tokens.push(body.data.manageToken);
      // An error's code travels with its status, so the table says which 503 it was.
      if (body.error?.code) code = ` ${body.error.code}`;
    } catch {
      status = 0;
    }
    latencies[route].push(performance.now() - t0);
    const key = `${route} ${status}${code}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };

  process.stdout.write(`soak: ${minutes} min at ${rate} requests/s on ${topology.gatewayUrls.join(', ')}\n`);
  const started = performance.now();
  const endAt = started + minutes * 60_000;
  const inFlight = new Set<Promise<void>>();
  const sampler = setInterval(() => {
    void mongo
      .db(`${topology.dbPrefix}booking`)
      .collection('outbox')
      .countDocuments({ state: 'pending' })
      .then((c) => outboxBacklog.push(c));
  }, 5_000);
  for (;;) {
    const due = started + (n * 1000) / rate;
    if (due >= endAt) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const pick = n % 10;
    const route: Route = pick < 7 ? 'availability' : pick < 9 || tokens.length === 0 ? 'create' : 'cancel';
    const p = one(route, topology.gatewayUrls[n % topology.gatewayUrls.length]!);
    n++;
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  // Every event reaches the receiver before the lags are read.
  const outbox = mongo.db(`${topology.dbPrefix}booking`).collection<{
    _id: string;
    occurredAtMs: number;
    publishedAtMs: number | null;
  }>('outbox');
  const written = await outbox.countDocuments({ tenantId });
  const drainUntil = Date.now() + 120_000;
  while (new Set(receiver.received('soak').map((w) => w.event.id)).size < written && Date.now() < drainUntil)
    await sleep(500);
  const memoryAtEnd = rss();

  const rows = await outbox.find({ tenantId }).toArray();
  const outboxLag = rows.filter((r) => r.publishedAtMs !== null).map((r) => r.publishedAtMs! - r.occurredAtMs);
  const firstArrival = new Map<string, number>();
  for (const w of receiver.received('soak')) {
    if (!firstArrival.has(w.event.id)) firstArrival.set(w.event.id, w.atMs - w.event.occurredAtMs);
  }
  const webhookLag = [...firstArrival.values()];

  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  };
  const fmt = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(1));
  const fives = [...statuses].filter(([k]) => /^\S+ (5\d\d|0)\b/.test(k)).reduce((a, [, c]) => a + c, 0);
  const lines = [
    '',
    `| route | requests | p50 ms | p99 ms | statuses |`,
    `|---|---:|---:|---:|---|`,
    ...(['availability', 'create', 'cancel'] as const).map(
      (r) =>
        `| ${r} | ${latencies[r].length} | ${fmt(pct(latencies[r], 0.5))} | ${fmt(pct(latencies[r], 0.99))} | ${[
          ...statuses,
        ]
          .filter(([k]) => k.startsWith(`${r} `))
          .map(([k, c]) => `${k.slice(r.length + 1)}: ${c}`)
          .join(', ')} |`,
    ),
    '',
    `throughput: ${(n / seconds).toFixed(1)} requests/s over ${seconds.toFixed(0)} s (target ${rate}/s); 5xx or no answer: ${fives}`,
    `outbox: ${written} events written; lag (commit → published) p50 ${fmt(pct(outboxLag, 0.5))} ms, p99 ${fmt(pct(outboxLag, 0.99))} ms; pending rows sampled every 5 s: max ${Math.max(0, ...outboxBacklog)}`,
    `webhooks: ${webhookLag.length} of ${written} events delivered; lag (commit → receiver) p50 ${fmt(pct(webhookLag, 0.5))} ms, p99 ${fmt(pct(webhookLag, 0.99))} ms; duplicates seen ${receiver.received('soak').length - webhookLag.length}`,
    '',
    `| process | RSS at start MB | RSS at end MB |`,
    `|---|---:|---:|`,
    ...topology.apps.map((a) => `| ${a.id} | ${fmt(memoryAtStart.get(a.id)!)} | ${fmt(memoryAtEnd.get(a.id)!)} |`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await receiver.close();
  await mongo.close();
  await topology.stop();
}

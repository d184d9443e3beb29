// `node apps/platform/dist/bench/topology-bench.js [--gateways 2 --bookings 2 --tenants 8]` (not in
// `npm run bench`; docs/scaling.md "Checking the model on the topology"): the distributed topology
// of `npm run topology` (every app its own process, MongoDB test server, Redis, Kafka) in
// production settings, closed-loop load through every gateway in turn: the config route (the
// baseline), then public creates spread over several tenants and days (distinct lock keys, as
// many tenants' traffic is). Prints req/s, p50/p99 and each process's CPU ms per request from
// /proc, the figures docs/scaling.md's capacity model is checked against, and a census of one
// request of each route: its gRPC calls and store operations per service, counted from the spans
// of a sampled trace (the throughput rows run unsampled).

import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectService } from '@svc/grpc';
import { webhooksV1 } from '@svc/proto';
import { startOtlpReceiver, startWebhookReceiver, type ReceivedSpan } from '@svc/testing';
import { startTopology } from '../topology/topology.js';
import { seedBenchTenant } from './bench-tenant.js';
import { runLoad, type LoadResult } from './load.js';
import { cpuMs } from './process-stats.js';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '2' },
    bookings: { type: 'string', default: '2' },
    tenants: { type: 'string', default: '8' },
    config: { type: 'string', default: '3000' },
    creates: { type: 'string', default: '1500' },
    clients: { type: 'string', default: '32' },
  },
});
const int = (name: keyof typeof values): number => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`--${name} must be a positive integer, got ${values[name]}\n`);
    process.exit(2);
  }
  return n;
};
const gateways = int('gateways');
const bookings = int('bookings');
const tenants = int('tenants');
const configTotal = int('config');
const createTotal = int('creates');
const clients = int('clients');

const DAY = 86_400_000;
const SLOT = 15 * 60_000;
/** The bench service's slots in a day (open around the clock, 15 minutes). */
const SLOTS_PER_DAY = 96;
/** Within the service's 90-day horizon (DEFAULT_MAX_ADVANCE_DAYS), after two days of notice. */
const DAYS = 85;

const receiver = await startOtlpReceiver();
const hooks = await startWebhookReceiver();
const topology = await startTopology({
  gateways,
  bookings,
  rateLimits: 'off',
  env: {
    // What `npm start` and the chart run (docs/operations.md "Production and development settings").
    NODE_ENV: 'production',
    // Only requests that carry a sampled traceparent (the census) are traced and exported; the
    // throughput rows' spans are not recorded, as with a production sampler's unsampled traces.
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_TRACES_SAMPLER: 'parentbased_always_off',
  },
  appEnv: { 'webhook-dispatcher': { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' } },
  ...(process.env.MONGODB_URL ? { mongodbUrl: process.env.MONGODB_URL } : {}),
});

/** This process's children that are not app processes: MongoDB, Kafka, Redis, Mailpit. */
function serverProcesses(): Array<{ id: string; pid: number }> {
  const apps = new Set(topology.apps.map((a) => a.process.pid));
  const out: Array<{ id: string; pid: number }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const pid = Number(entry);
      if (ppid !== process.pid || apps.has(pid)) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const id = /MongoTestServer/.test(cmdline) ? 'mongodb' : /kafka/i.test(cmdline) ? 'kafka' : comm;
      out.push({ id, pid });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

try {
  const processes = [
    ...topology.apps.map((a) => ({ id: a.id, pid: a.process.pid })),
    ...serverProcesses(),
    { id: 'load generator', pid: process.pid },
  ];
  const slugs = Array.from({ length: tenants }, (_, t) => `tb${t}`);
  const dispatcher = topology.apps.find((a) => a.app === 'webhook-dispatcher')!;
  const webhooks = connectService(webhooksV1.WebhookServiceService, dispatcher.address);
  for (const slug of slugs) {
    const tenantId = await seedBenchTenant(topology.catalogAddress, { slug, timezone: 'UTC' });
    // Every create is also a webhook delivery (one subscription per tenant), as in the soak.
    const sub = await webhooks.createSubscription({ tenantId, url: hooks.url(slug), events: [], description: slug });
    hooks.setSecret(slug, sub.signingSecret);
  }
  webhooks.close();

  const firstDay = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
  let slotSeq = 0;
  /** Distinct (tenant, day, slot) per create: consecutive creates go to other tenants and days. */
  const nextSlot = (): { slug: string; startsAtMs: number } => {
    const n = slotSeq++;
    const slug = slugs[n % tenants]!;
    const k = Math.floor(n / tenants);
    const day = k % DAYS;
    const slot = Math.floor(k / DAYS);
    if (slot >= SLOTS_PER_DAY) throw new Error('more creates than the tenants have slots');
    return { slug, startsAtMs: firstDay + day * DAY + slot * SLOT };
  };
  const gateway = (i: number) => topology.gatewayUrls[i % topology.gatewayUrls.length]!;
  const config = (i: number, headers: Record<string, string> = {}) =>
    fetch(`${gateway(i)}/book/${slugs[i % tenants]}/config`, { headers });
  const run = randomBytes(3).toString('hex');
  const create = (i: number, headers: Record<string, string> = {}) => {
    const { slug, startsAtMs } = nextSlot();
    return fetch(`${gateway(i)}/book/${slug}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `${run}-${slotSeq}`, ...headers },
      body: JSON.stringify({
        serviceSlug: 'visit',
        startsAtMs,
        customer: { name: `C ${slotSeq}`, primaryEmail: `c${slotSeq}-${run}@bench.test` },
      }),
    });
  };

  interface Row {
    name: string;
    load: LoadResult;
    cpuPerRequest: Map<string, number>;
    loadAverage: number[];
  }
  const rows: Row[] = [];
  const measure = async (
    name: string,
    total: number,
    request: (i: number) => Promise<Response>,
    status: number,
  ): Promise<void> => {
    const before = new Map(processes.map((p) => [p.id, cpuMs(p.pid)]));
    const load = await runLoad(total, clients, request, status);
    // The relay, fan-out, deliveries and emails of the last creates finish after the answers:
    // their CPU belongs to the row.
    if (status === 201) await settle(total);
    const after = new Map(processes.map((p) => [p.id, cpuMs(p.pid)]));
    const cpuPerRequest = new Map(processes.map((p) => [p.id, (after.get(p.id)! - before.get(p.id)!) / total]));
    rows.push({ name, load, cpuPerRequest, loadAverage: loadavg() });
    process.stdout.write(
      `${name}: ${load.perSecond.toFixed(0)} req/s, errors ${load.errors} ${JSON.stringify(load.statuses)}\n`,
    );
  };
  let delivered = 0;
  /** Waits (at most 60 s) until `more` further webhook deliveries have arrived. */
  const settle = async (more: number): Promise<void> => {
    delivered += more;
    const until = Date.now() + 60_000;
    const arrived = () => slugs.reduce((sum, s) => sum + new Set(hooks.received(s).map((w) => w.event.id)).size, 0);
    while (arrived() < delivered && Date.now() < until) await sleep(200);
    delivered = arrived();
  };

  process.stdout.write(
    `topology-bench: ${topology.gatewayUrls.length} gateways, ${bookings} booking replicas, ${tenants} tenants, ${clients} clients\n`,
  );
  // Warm-up: JIT, connections, the catalog's and booking's caches.
  await runLoad(300, clients, config, 200);
  await runLoad(200, clients, create, 201);
  await settle(200);

  await measure('GET /book/{slug}/config (baseline)', configTotal, config, 200);
  await measure(`POST /book/{slug}/bookings, ${tenants} tenants`, createTotal, create, 201);
  await measure('GET /book/{slug}/config (again)', configTotal, config, 200);

  // Census: a few requests of each route in sampled traces, one at a time.
  const sampled = () => ({ traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01` });
  const census: Array<{ route: string; traceIds: Set<string> }> = [];
  for (const [route, request] of [
    ['config', config],
    ['create', create],
  ] as const) {
    const traceIds = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const headers = sampled();
      traceIds.add(headers.traceparent.split('-')[1]!);
      const res = await request(i, headers);
      await res.arrayBuffer();
    }
    census.push({ route, traceIds });
  }
  await settle(10);
  // The batch span processor exports every 5 s by default.
  await sleep(7_000);

  const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  const lines: string[] = [
    '',
    `| route | requests | req/s | p50 ms | p99 ms | load avg (1 min) at end |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.load.requests} | ${fmt(r.load.perSecond, 0)} | ${fmt(r.load.p50Ms, 1)} | ${fmt(r.load.p99Ms, 1)} | ${fmt(r.loadAverage[0]!, 1)} |`,
    ),
    '',
    `CPU ms per request by process (/proc utime + stime, 10 ms ticks):`,
    '',
    `| process | ${rows.map((r) => r.name).join(' | ')} |`,
    `|---|${rows.map(() => '---:').join('|')}|`,
    ...processes.map((p) => `| ${p.id} | ${rows.map((r) => fmt(r.cpuPerRequest.get(p.id)!)).join(' | ')} |`),
    `| **all** | ${rows.map((r) => fmt([...r.cpuPerRequest.values()].reduce((a, b) => a + b, 0))).join(' | ')} |`,
    '',
  ];
  const spans = receiver.spans();
  for (const { route, traceIds } of census) {
    const mine = spans.filter((s) => traceIds.has(s.traceId));
    const n = traceIds.size;
    const count = (pick: (s: ReceivedSpan) => string | null): Map<string, number> => {
      const m = new Map<string, number>();
      for (const s of mine) {
        const k = pick(s);
        if (k) m.set(k, (m.get(k) ?? 0) + 1);
      }
      return m;
    };
    const grpc = count((s) => (s.kind === 2 && s.name.includes('/') ? `${s.service} ${s.name}` : null));
    const store = count((s) => (s.name.startsWith('store.') ? `${s.service} ${s.name}` : null));
    lines.push(
      `Census of ${route} (${n} sampled requests, per request; background passes not in a request's trace are not counted):`,
    );
    lines.push('');
    lines.push(`| what | per request |`, `|---|---:|`);
    for (const [k, v] of [...grpc].sort()) lines.push(`| gRPC ${k} | ${fmt(v / n)} |`);
    for (const [k, v] of [...store].sort()) lines.push(`| ${k} | ${fmt(v / n)} |`);
    lines.push(`| spans in all | ${fmt(mine.length / n, 1)} |`, '');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await topology.stop();
  await hooks.close();
  await receiver.close();
}

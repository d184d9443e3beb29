// Traces leave the process: the embedded platform runs as its own process with only the
// standard OTEL_* settings pointing at a real OTLP/HTTP receiver, and one booking create comes
// back as one trace, gateway to webhook POST, each span reported under its own service.name.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { BOOKING_EVENTS_TOPIC } from '@svc/events';
import {
  eventually,
  freePort,
  runApp,
  startOtlpReceiver,
  startWebhookReceiver,
  type AppProcess,
  type OtlpReceiver,
  type ReceivedSpan,
  type WebhookReceiver,
} from '@svc/testing';
import { berlinTime, postBooking, seedTenant, subscribeReceiver } from './booking-fixture.js';

const dataDir = mkdtempSync(join(tmpdir(), 'platform-otlp-'));
let otlp: OtlpReceiver;
let hooks: WebhookReceiver;
let platform: AppProcess;
let url: string;

beforeAll(async () => {
  [otlp, hooks] = await Promise.all([startOtlpReceiver(), startWebhookReceiver()]);
  const port = await freePort();
  platform = runApp('platform', {
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
    // Batches leave every 100 ms instead of 5 s, so the test need not wait long.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
  await platform.waitFor('is running at');
  url = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  platform?.kill('SIGTERM');
  await platform?.exited;
  await Promise.all([otlp?.close(), hooks?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const SERVICES = ['gateway', 'booking', 'customer', 'catalog', 'webhook-dispatcher', 'integrations'];
const byId = (spans: ReceivedSpan[]) => new Map(spans.map((s) => [s.spanId, s]));

/** The span's ancestors up to the root, nearest first. */
function ancestors(span: ReceivedSpan, index: Map<string, ReceivedSpan>): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  for (let p = index.get(span.parentSpanId); p; p = index.get(p.parentSpanId)) chain.push(p);
  return chain;
}

describe('traces exported over OTLP/HTTP', () => {
  it('one booking create is one trace from the gateway to the webhook POST, each service under its own name', async () => {
    const runtime = readPlatformRuntime(dataDir);
    const { tenantId } = await seedTenant(runtime!.services.catalog!, 'traced');
    await subscribeReceiver(runtime!.services['webhook-dispatcher']!, tenantId, hooks, 'otlp');

    const res = await postBooking(url, 'traced', berlinTime(2, 10), 'otlp-1');
    expect(res.status).toBe(201);
    const traceId = res.headers.get('x-trace-id') ?? '';
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const webhook = await eventually('the webhook', async () => hooks.received('otlp')[0]);
    const [, hookTrace, hookParent] = String(webhook.headers.traceparent).split('-');
    expect(hookTrace).toBe(traceId);

    // The attempt's span is the one the POST's traceparent names; it ends after the POST.
    const attempt = await eventually(
      'the webhook attempt span',
      async () => otlp.spans().find((s) => s.spanId === hookParent),
      30_000,
    );
    expect(attempt).toMatchObject({ service: 'webhook-dispatcher', name: 'webhook.deliver', kind: 3, traceId });

    // Unbroken parent links from the attempt back to the gateway's request span, through
    // the consumer, the relay's producer span and booking's gRPC server span (each service
    // exports its own batches, so the last may come a little after the attempt's: wait for an
    // entry span of every service and for every span's parent).
    const { trace, index, chain } = await eventually('the whole trace', async () => {
      const trace = otlp.spans().filter((s) => s.traceId === traceId);
      const index = byId(trace);
      const chain = ancestors(attempt, index);
      // A child ends before its parent, so once every parent is in, so are their children.
      const complete =
        chain.at(-1)?.parentSpanId === '' &&
        // An entry span (server or consumer) of every service.
        SERVICES.every((s) => trace.some((t) => t.service === s && (t.kind === 2 || t.kind === 5))) &&
        trace.every((s) => s.parentSpanId === '' || index.has(s.parentSpanId));
      return complete ? { trace, index, chain } : undefined;
    });
    const path = chain.map((s) => `${s.service}:${s.name}`);
    expect(path).toEqual(
      expect.arrayContaining([
        `webhook-dispatcher:${BOOKING_EVENTS_TOPIC} process`,
        `booking:${BOOKING_EVENTS_TOPIC} publish`,
        'booking:booking.v1.BookingService/CreateBooking',
        'gateway:POST /book/:tenantSlug/bookings',
      ]),
    );
    const root = chain.at(-1)!;
    expect(root).toMatchObject({ service: 'gateway', name: 'POST /book/:tenantSlug/bookings', parentSpanId: '' });

    // Every service the create passed through reported under its own name, the store and the
    // lock inside booking's call included.
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(SERVICES));
    const customerCall = trace.find((s) => s.service === 'customer' && s.kind === 2);
    expect(customerCall?.name).toMatch(/^customer\.v1\.CustomerService\//);
    const createCall = trace.find((s) => s.name === 'booking.v1.BookingService/CreateBooking')!;
    const inCreate = trace.filter((s) => ancestors(s, index).includes(createCall));
    expect(inCreate.map((s) => s.name)).toEqual(expect.arrayContaining(['lock.acquire', 'store.transaction *']));
    // A store span belongs to the service whose call made it (booking's own, customer's own,
    // the integrations service's connections read for busy times).
    const stores = trace.filter((s) => s.name.startsWith('store.'));
    expect(new Set(stores.map((s) => s.service))).toEqual(new Set(['booking', 'customer', 'catalog', 'integrations']));
    for (const s of stores) expect(s.service).toBe(index.get(s.parentSpanId)?.service);
    // The dispatcher's own store work is its own, also where the in-process bus runs the
    // fan-out inside the relay's publish (its batch is a trace of its own).
    const webhookTables = otlp.spans().filter((s) => /^store\.\w+ webhook_/.test(s.name));
    expect(webhookTables.length).toBeGreaterThan(0);
    expect(new Set(webhookTables.map((s) => s.service))).toEqual(new Set(['webhook-dispatcher']));
    // One tree, one root.
    expect(trace.filter((s) => s.parentSpanId === '')).toEqual([root]);
  });
});

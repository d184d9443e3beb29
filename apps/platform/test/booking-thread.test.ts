// The platform as `npm start` runs it (apps/platform/dist/main.js) runs the booking service in a
// worker thread (BOOKING_THREAD=on, the default; docs/architecture.md "Two profiles, one code
// path"): creates go gateway → booking over gRPC to the thread's own loopback port, its outbox
// relay publishes through the port-bridged bus to the dispatcher on the main thread, GET /metrics
// shows its counters once, and SIGTERM stops the thread with the process (exit 0); a thread that
// cannot start fails the start-up (exit 1).

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  runApp,
  startPlatformProcess,
  startWebhookReceiver,
  type PlatformProcess,
  type WebhookReceiver,
} from '@svc/testing';
import { berlinTime, postBooking, seedTenant, subscribeReceiver } from './booking-fixture.js';

const dataDir = mkdtempSync(join(tmpdir(), 'platform-thread-'));
let platform: PlatformProcess | undefined;
let hooks: WebhookReceiver;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  platform = await startPlatformProcess(dataDir, {
    LOG_LEVEL: 'info',
    RATE_LIMITS: 'off',
    WEBHOOK_FIRST_RETRY_MS: '200',
  });
});
afterAll(async () => {
  platform?.app.kill('SIGKILL');
  await platform?.app.exited;
  await hooks?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The JSON log lines the process printed. */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The value of one sample line of the exposition (first match), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('the booking service in a worker thread', () => {
  it('serves creates, publishes their events to the dispatcher and shows its metrics on /metrics', async () => {
    const p = platform!;
    const started = logLines(p.app.output()).find((l) => l.msg === 'booking service runs in a worker thread');
    expect(started).toMatchObject({ service: 'booking' });
    expect(started?.threadId).toBeGreaterThan(0);
    // The runtime file lists the thread's own gRPC address beside the others'.
    expect(p.services.booking).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(new Set(Object.values(p.services)).size).toBe(7);

    const { tenantId } = await seedTenant(p.services.catalog!, 'threaded');
    await subscribeReceiver(p.services['webhook-dispatcher']!, tenantId, hooks, 'threaded');
    const creates = await Promise.all(
      [10, 11, 12].map((hour, i) => postBooking(p.url, 'threaded', berlinTime(2, hour), `t-${i}`)),
    );
    expect(creates.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(
      creates.map(
        async (r) => ((await r.json()) as { data: { booking: { bookingId: string } } }).data.booking.bookingId,
      ),
    );
    // Outbox (booking thread) → bus (main thread) → dispatcher → receiver.
    const delivered = await eventually('three booking.created webhooks', async () => {
      const got = hooks.received('threaded').filter((w) => w.event.type === 'booking.created');
      return got.length >= 3 ? got : undefined;
    });
    expect(delivered.map((w) => (w.event.data.booking as { bookingId: string }).bookingId).sort()).toEqual(
      [...ids].sort(),
    );

    const res = await fetch(`${p.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const rpc = { service: 'booking', grpc_method: 'booking.v1.BookingService/CreateBooking', grpc_code: 'OK' };
    expect(sample(text, 'grpc_server_handling_seconds_count', rpc)).toBe(3);
    expect(sample(text, 'booking_creates_total', { service: 'booking', outcome: 'created' })).toBe(3);
    expect(sample(text, 'booking_outbox_relay_batch_size_count', { service: 'booking' })).toBeGreaterThanOrEqual(1);
    // The main thread's services are in the same exposition, each metric described once, and
    // the process metrics come from the main thread only (not doubled by the thread's registry).
    expect(sample(text, 'grpc_server_handling_seconds_count', { service: 'catalog' })).toBeGreaterThan(0);
    expect(text.match(/^# HELP grpc_server_handling_seconds /gm)).toHaveLength(1);
    expect(text.match(/^process_resident_memory_bytes /gm)).toHaveLength(1);
  });

  it('stops the thread gracefully with the process on SIGTERM (exit 0)', async () => {
    const p = platform!;
    await p.stop();
    platform = undefined;
    const lines = logLines(p.app.output());
    expect(lines.some((l) => l.service === 'booking' && l.msg === 'booking stopped')).toBe(true);
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('fails the start-up loudly when the booking service cannot start in its thread (exit 1)', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'platform-thread-broken-'));
    try {
      // A folder where the booking service's SQLite file belongs: its store cannot open.
      mkdirSync(join(broken, 'booking.sqlite'));
      const app = runApp('platform', { DATA_DIR: broken, PORT: '0', LOG_LEVEL: 'warn' });
      expect(await app.exited).toBe(1);
      const fatal = logLines(app.output()).find((l) => l.level === 60);
      expect(fatal).toMatchObject({ service: 'platform', msg: 'platform failed to start' });
      expect(JSON.stringify(fatal)).toContain('unable to open database file');
      expect(app.output()).not.toContain('is running at');
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('goes down loudly when the thread dies while running (exit 1), not as half a platform', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platform-thread-dies-'));
    try {
      const preload = fileURLToPath(new URL('./terminate-worker-preload.mjs', import.meta.url));
      const app = runApp(
        'platform',
        { DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'warn' },
        { nodeArgs: ['--import', preload] },
      );
      expect(await app.exited).toBe(1);
      expect(app.output()).toContain('is running at');
      const fatal = logLines(app.output()).find((l) => l.level === 60);
      expect(fatal).toMatchObject({ service: 'platform', msg: 'the booking thread died: stopping the platform' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The embedded platform SIGKILLed in the middle of 300 public creates loses no event
// (docs/architecture.md "The event-bus port"): the platform runs as a real process on its
// DATA_DIR with a webhook subscription to a real receiver, is killed while creates are in
// flight, and is started again on the same DATA_DIR. Every booking a client was told about
// (201) gets its booking.created delivered, and so does every other event in the booking
// service's outbox (creates that committed but whose answer the kill cut off included).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformRuntime, storeConfigFor } from '@svc/config';
import { openStore } from '@svc/store';
import {
  eventually,
  freePort,
  runApp,
  startWebhookReceiver,
  type AppProcess,
  type WebhookReceiver,
} from '@svc/testing';
import { berlinTime, postBooking, seedTenant, subscribeReceiver } from './booking-fixture.js';

const CREATES = 300;
/** Creates in flight at once, like a busy booking page. */
const IN_FLIGHT = 16;
/** The kill comes once this many creates were answered 201, with more in flight. */
const KILL_AFTER = 150;
/** 16 half-hour slots a day (09:00–17:00): 300 creates need 19 days of distinct slots. */
const slotOf = (i: number) => berlinTime(1 + Math.floor(i / 16), 9, (i % 16) * 30);

const dataDir = mkdtempSync(join(tmpdir(), 'platform-crash-'));
let hooks: WebhookReceiver;
let platform: AppProcess | undefined;

function start(port: number): AppProcess {
  return runApp('platform', {
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    WEBHOOK_FIRST_RETRY_MS: '200',
  });
}

beforeAll(async () => {
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  platform?.kill('SIGKILL');
  await platform?.exited;
  await hooks?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every outbox row the booking service committed, read from its SQLite file. */
async function outboxIds(): Promise<Array<{ id: string; type: string; bookingId: string }>> {
  const store = await openStore(storeConfigFor('booking', { PROFILE: 'embedded', DATA_DIR: dataDir }));
  try {
    const rows = await store.collection<{ _id: string; type: string; key: string }>('outbox').find({});
    return rows.map((r) => ({ id: r._id, type: r.type, bookingId: r.key }));
  } finally {
    await store.close();
  }
}

describe('the embedded platform killed during creates', () => {
  it('delivers every acknowledged booking.created, and every outbox event, after a restart on the same DATA_DIR', async () => {
    const port = await freePort();
    platform = start(port);
    await platform.waitFor('is running at', 60_000);
    const base = `http://127.0.0.1:${port}`;
    const runtime = readPlatformRuntime(dataDir)!;
    const { tenantId } = await seedTenant(runtime.services.catalog!, 'crash');
    await subscribeReceiver(runtime.services['webhook-dispatcher']!, tenantId, hooks, 'crash');

    const acknowledged: string[] = [];
    let next = 0;
    let failed = 0;
    let killed = false;
    const victim = platform;
    const client = async () => {
      while (next < CREATES) {
        const i = next++;
        try {
          const res = await postBooking(base, 'crash', slotOf(i), `crash-${i}`);
          if (res.status === 201) {
            acknowledged.push(
              ((await res.json()) as { data: { booking: { bookingId: string } } }).data.booking.bookingId,
            );
          } else {
            failed++;
          }
        } catch {
          failed++; // the connection died with the platform
        }
        if (!killed && acknowledged.length >= KILL_AFTER) {
          killed = true;
          victim.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, client));
    expect(killed).toBe(true);
    expect(await victim.exited).toBeNull(); // ended by the signal
    const deliveredBeforeRestart = new Set(hooks.received('crash').map((w) => w.event.id)).size;

    // Started again on the same DATA_DIR (and port: a freed port is usually free again).
    platform = start(port);
    await platform.waitFor('is running at', 60_000);

    const committed = await outboxIds();
    const created = new Set(committed.filter((r) => r.type === 'booking.created').map((r) => r.bookingId));
    // Every 201 is a committed create (the outbox row is written with the booking).
    for (const id of acknowledged) expect(created.has(id), id).toBe(true);

    const missing = await eventually(
      'every outbox event delivered',
      async () => {
        const received = new Set(hooks.received('crash').map((w) => w.event.id));
        const gone = committed.filter((r) => !received.has(r.id));
        return gone.length === 0 ? gone : undefined;
      },
      60_000,
    ).catch(() => {
      const received = new Set(hooks.received('crash').map((w) => w.event.id));
      return committed.filter((r) => !received.has(r.id));
    });
    const createdDelivered = new Set(
      hooks
        .received('crash')
        .filter((w) => w.event.type === 'booking.created')
        .map((w) => (w.event.data.booking as { bookingId: string }).bookingId),
    );
    console.info(
      `crash: ${acknowledged.length} creates answered 201 before the kill, ${failed} cut off; ` +
        `${committed.length} outbox events committed; ${deliveredBeforeRestart} delivered before the restart, ` +
        `${committed.length - missing.length} after it; missing ${missing.length}`,
    );
    expect(missing).toEqual([]);
    for (const id of acknowledged) expect(createdDelivered.has(id), id).toBe(true);
  }, 240_000);
});

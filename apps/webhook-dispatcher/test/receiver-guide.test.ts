// docs/webhook-receivers.md: its snippets are the examples' own code, and the Node example
// (docs/examples/webhook-receiver.mjs), run as a process, verifies real deliveries from the
// dispatcher, refuses forged, tampered and stale ones, and deduplicates a replay by event id.

import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, freePort, repoRoot } from '@svc/testing';
import {
  deliveryWhen,
  newTenantId,
  publishEvent,
  startDispatcher,
  type DispatcherHarness,
} from './support/dispatcher.js';

const docs = join(repoRoot(), 'docs');

describe('the receiver guide', () => {
  it('shows the examples’ own code', () => {
    const guide = readFileSync(join(docs, 'webhook-receivers.md'), 'utf8');
    const blocks = [...guide.matchAll(/```(js|python|go)\n([\s\S]*?)```/g)].map((m) => [m[1]!, m[2]!] as const);
    const files: Record<string, string> = {
      js: 'webhook-receiver.mjs',
      python: 'webhook_receiver.py',
      go: 'webhook-receiver.go',
    };
    expect(blocks.map(([lang]) => lang)).toEqual(['js', 'python', 'go']);
    for (const [lang, code] of blocks) {
      expect(readFileSync(join(docs, 'examples', files[lang]!), 'utf8'), lang).toContain(code);
    }
  });
});

describe('the Node example receiver', () => {
  let dispatcher: DispatcherHarness;
  let child: ChildProcess | undefined;
  let output = '';
  const lines = () =>
    output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    dispatcher = await startDispatcher();
  });
  afterAll(async () => {
    child?.kill('SIGTERM');
    await dispatcher?.stop();
  });

  it('accepts signed deliveries once, and refuses forged, tampered and stale requests', async () => {
    const tenantId = newTenantId();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hooks`;
    const { subscription, signingSecret } = await dispatcher.client.createSubscription({
      tenantId,
      url,
      events: [],
      description: 'guide',
    });
    child = spawn(process.execPath, [join(docs, 'examples', 'webhook-receiver.mjs')], {
      env: { ...process.env, WEBHOOK_SECRET: signingSecret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await eventually('the receiver to listen', async () => lines().find((l) => l.listening === port));

    // A real delivery.
    const event = await publishEvent(dispatcher.bus, { tenantId, type: 'booking.confirmed' });
    await eventually('the delivery', async () => lines().find((l) => l.received === event.id));
    expect(lines().find((l) => l.received === event.id)).toEqual({
      received: event.id,
      type: 'booking.confirmed',
      bookingId: event.bookingId,
    });

    // A replay: the same event id again, acknowledged but not handled twice. The receiver may
    // print its line before the dispatcher has recorded the attempt, so wait for the record.
    const delivered = await deliveryWhen(
      dispatcher.client,
      tenantId,
      subscription!.subscriptionId,
      event.id,
      'succeeded',
    );
    await dispatcher.client.replayDelivery({ tenantId, deliveryId: delivered.deliveryId });
    await eventually('the duplicate', async () => lines().find((l) => l.duplicate === event.id));

    // Forged, tampered and stale requests, sent by hand.
    const body = JSON.stringify({ id: 'evt_forged', type: 'booking.cancelled', data: { booking: {} } });
    const post = (headers: Record<string, string>, raw = body) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
    const sign = (secret: string, ts: number, raw = body) =>
      `sha256=${createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    const header = (ts: number, signature: string) => ({
      'x-service-timestamp': String(ts),
      'x-service-signature': signature,
      'x-service-event-id': 'evt_forged',
    });
    expect((await post(header(now, sign('whsec_wrong', now)))).status).toBe(401);
    expect((await post(header(now, sign(signingSecret, now)), body.replace('cancelled', 'confirmed'))).status).toBe(
      401,
    );
    expect((await post(header(now - 600, sign(signingSecret, now - 600)))).status).toBe(401);
    expect((await post({})).status).toBe(401);
    // The same request correctly signed now is taken: the refusals above were the checks.
    expect((await post(header(now, sign(signingSecret, now)))).status).toBe(204);
    expect(lines().filter((l) => 'rejected' in l)).toHaveLength(4);
    expect(lines().filter((l) => l.received === event.id)).toHaveLength(1);
  });
});

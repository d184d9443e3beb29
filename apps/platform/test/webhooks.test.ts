// The embedded platform (`npm start`) delivers webhooks out of the box: a booking made through
// the public HTTP route reaches an http://127.0.0.1 receiver, signed (development mode allows
// http to loopback), and the key that seals signing secrets survives a restart in DATA_DIR.

import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@svc/testing';
import type { EmbeddedPlatform } from '../src/index.js';
import { berlinTime, postBooking, seedTenant, subscribeReceiver } from './booking-fixture.js';
import { startOnFreePort, startTestPlatform } from './platform-fixture.js';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

async function book(base: string, slug: string, startsAtMs: number, key: string): Promise<string> {
  const res = await postBooking(base, slug, startsAtMs, key);
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { booking: { bookingId: string } } }).data.booking.bookingId;
}

describe('webhooks in the embedded platform', () => {
  it('delivers booking.created to an http://127.0.0.1 receiver, before and after a restart', async () => {
    const first = await startTestPlatform();
    let second: EmbeddedPlatform | undefined;
    try {
      const { tenantId } = await seedTenant(first.services.catalog.address, 'hooks');
      await subscribeReceiver(first.services['webhook-dispatcher'].address, tenantId, receiver, 'platform');

      const one = await book(first.url, 'hooks', berlinTime(3, 10), 'hook-1');
      const got = await eventually('the first webhook', async () => receiver.received('platform')[0]);
      expect(got.event).toMatchObject({
        type: 'booking.created',
        payloadVersion: 1,
        data: { booking: { bookingId: one } },
      });
      await first.stop();

      // The same data folder: the sealed secret opens with the key kept in DATA_DIR/secrets.json.
      second = await startOnFreePort({ LOG_LEVEL: 'silent', DATA_DIR: first.dataDir });
      const two = await book(second.url, 'hooks', berlinTime(3, 11), 'hook-2');
      const after = await eventually('the second webhook', async () => receiver.received('platform')[1]);
      expect(after.event).toMatchObject({ type: 'booking.created', data: { booking: { bookingId: two } } });
      expect(receiver.rejected('platform')).toBe(0);
    } finally {
      await second?.stop();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});

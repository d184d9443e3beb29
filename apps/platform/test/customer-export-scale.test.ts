// The export of a customer with 10,000 bookings (docs/decisions.md "Privacy"): the platform as its
// own process writes the document as it reads it, page by page, so its resident memory grows by
// less than 50 MB while the whole document goes out; the document is complete.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { storeConfigFor } from '@svc/config';
import { openStore, type DocumentStore } from '@svc/store';
import { json } from '@svc/testing';
import { readPlatformRuntime } from '@svc/config';
import { residentMb } from '../src/bench/process-stats.js';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { book, dashboard, platformProcess } from './dashboard-fixture.js';

const BOOKINGS = 10_000;
const DAY = 86_400_000;

let platform: Awaited<ReturnType<typeof platformProcess>>;
let bookingStore: DocumentStore;

beforeAll(async () => {
  platform = await platformProcess('customer-export-scale', {});
  bookingStore = await openStore(storeConfigFor('booking', { PROFILE: 'embedded', DATA_DIR: platform.dataDir }));
}, 120_000);
afterAll(async () => {
  await bookingStore?.close();
  await platform?.stop();
});

/**
 * A customer with `count` bookings: one booked through the API, the others copies of it as the
 * booking service stores them, written beside the running platform (WAL lets a second connection
 * write), each a day earlier, completed, with its events. Through the API this would take
 * minutes; what the export reads is the same.
 */
async function customerWithBookings(api: ReturnType<typeof dashboard>, count: number, tag: string, email: string) {
  const first = await book(platform.base, 'export-scale', berlinTime(2, 9 + Number(tag === 'big')), { email });
  const customerId = (await json(await api('GET', `/api/bookings/${first.booking.bookingId}`))).data
    .customerId as string;
  const bookings = bookingStore.collection<Record<string, unknown> & { _id: string }>('bookings');
  const outbox = bookingStore.collection<Record<string, unknown> & { _id: string }>('outbox');
  const template = (await bookings.findOne({ _id: first.booking.bookingId }))!;
  const events = await outbox.find({ key: first.booking.bookingId });
  expect(events.length).toBeGreaterThan(0);
  for (let from = 1; from < count; from += 500) {
    await bookingStore.withTransaction(async (tx) => {
      for (let i = from; i < Math.min(from + 500, count); i++) {
        const _id = `bkg_${tag}${String(i).padStart(10, '0')}`;
        const shift = i * DAY;
        await bookings.insertOne(
          {
            ...template,
            _id,
            status: 'completed',
            holdExpiresAtMs: null,
            startsAtMs: (template.startsAtMs as number) - shift,
            endsAtMs: (template.endsAtMs as number) - shift,
            createdAtMs: (template.createdAtMs as number) - shift,
          },
          tx,
        );
        for (const [n, e] of events.entries())
          await outbox.insertOne({ ...e, _id: `evt_${tag}${String(i).padStart(10, '0')}${n}`, key: _id }, tx);
      }
    });
  }
  return { customerId, events: events.length };
}

it('streams the export of a customer with 10,000 bookings in bounded memory, complete', async () => {
  const { tenantId } = await seedTenant(readPlatformRuntime(platform.dataDir)!.services.catalog!, 'export-scale');
  const api = dashboard(platform.base, await platform.stores.session(tenantId, 'tenant_owner'));
  // Measured on a process that made one export of this size before: the first one grows V8's heap
  // to its working size (about 63 MB of RSS, nearly all of it garbage not yet collected: an
  // in-process run with a forced collection after it kept 9 MB), which any busy process has. The
  // bound then says what the document itself costs: nothing of it is held at once.
  const warmup = await customerWithBookings(api, BOOKINGS, 'warm', 'warm@example.test');
  const { customerId, events } = await customerWithBookings(api, BOOKINGS, 'big', 'many@example.test');
  const warm = await api('GET', `/api/customers/${warmup.customerId}/export`);
  expect(warm.status).toBe(200);
  expect(JSON.parse(await warm.text()).bookings).toHaveLength(BOOKINGS);

  const before = residentMb(platform.proc.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(platform.proc.pid))), 20);
  const res = await api('GET', `/api/customers/${customerId}/export`);
  expect(res.status).toBe(200);
  let text = '';
  let chunks = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    chunks++;
  }
  clearInterval(sampler);
  peak = Math.max(peak, residentMb(platform.proc.pid));

  const doc = JSON.parse(text);
  expect(doc.bookings).toHaveLength(BOOKINGS);
  expect(new Set(doc.bookings.map((b: { bookingId: string }) => b.bookingId)).size).toBe(BOOKINGS);
  for (const b of doc.bookings) expect(b.history).toHaveLength(events);
  expect(doc.customer.customerId).toBe(customerId);
  // Written as it was read: many chunks, and the serving process grew by less than 50 MB.
  expect(chunks).toBeGreaterThan(10);
  expect(Number.isNaN(before)).toBe(false);
  console.log(
    `export of ${BOOKINGS} bookings: ${(text.length / 1e6).toFixed(1)} MB in ${chunks} chunks; platform RSS ` +
      `${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most (+${(peak - before).toFixed(1)} MB)`,
  );
  expect(peak - before).toBeLessThan(50);
}, 300_000);

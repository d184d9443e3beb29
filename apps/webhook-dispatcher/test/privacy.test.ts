// A customer's erasure and export as the dispatcher takes part in them (docs/decisions.md
// "Privacy"): the internal customer.erased on the booking topic removes the bodies of the final
// deliveries of the named bookings (never delivering the event itself), a pending delivery is
// sent as it is and loses its body once final, a redelivered event changes nothing, and on SQLite
// the customer's name and email leave the store's files. ExportBookingDeliveries answers the
// deliveries of some bookings with bodies (while held) and attempts. Real stores: SQLite always,
// MongoDB through the test server.

import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@svc/errors';
import type { webhooksV1 } from '@svc/proto';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { mongoForSuites, startWebhookReceiver, type WebhookReceiver } from '@svc/testing';
import { postWebhook, type WebhookRequest } from '../src/delivery/http-sender.js';
import { EXPORT_MAX_BYTES } from '../src/rpc/webhook-service.js';
import { COLLECTIONS } from '../src/store/collections.js';
import { DeliveryRepository } from '../src/store/delivery-repository.js';
import { pendingDelivery } from '../src/store/records.js';
import {
  deliveryWhen,
  eventually,
  newTenantId,
  publishErased,
  publishEvent,
  startDispatcher,
  type DispatcherHarness,
} from './support/dispatcher.js';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const mongo = mongoForSuites();
afterAll(() => mongo.stop());

/** A store for one suite; `files`: the SQLite files whose bytes the test searches. */
interface SuiteStore {
  store: DocumentStore;
  files?: string[];
  cleanup(): void;
}

const rand = () => randomUUID().replaceAll('-', '').slice(0, 10);

/** A customer whose name and email appear nowhere else. */
function uniqueCustomer() {
  const tag = rand();
  return { customerId: `cus_${tag}`, name: `Zelda Erasable ${tag}`, primaryEmail: `zelda.${tag}@example.org` };
}

const bookingId = () => `bkg_${rand()}`;

/** The store's files as bytes, the write-ahead log included. */
function fileBytes(files: readonly string[]): Buffer {
  return Buffer.concat(files.filter((f) => existsSync(f)).map((f) => readFileSync(f)));
}

/** Attempts of bookings in `held` wait until released, so their deliveries stay pending meanwhile. */
function gatedSend() {
  const held = new Set<string>();
  const waiting = new Map<string, () => void>();
  const send = async (req: WebhookRequest) => {
    const id = (JSON.parse(req.body) as { data: { booking: { bookingId: string } } }).data.booking.bookingId;
    if (held.has(id)) await new Promise<void>((resolve) => waiting.set(id, resolve));
    return postWebhook(req);
  };
  return {
    send,
    hold: (id: string) => held.add(id),
    started: (id: string) => waiting.has(id),
    release(id: string) {
      held.delete(id);
      waiting.get(id)?.();
    },
    releaseAll() {
      held.clear();
      for (const resolve of waiting.values()) resolve();
    },
  };
}

let endpoints = 0;
async function subscribe(harness: DispatcherHarness, tenantId: string) {
  const name = `privacy${++endpoints}`;
  const res = await harness.client.createSubscription({
    tenantId,
    url: receiver.url(name),
    events: [],
    description: '',
  });
  receiver.setSecret(name, res.signingSecret);
  return { name, subscriptionId: res.subscription!.subscriptionId };
}

const allDeliveries = async (harness: DispatcherHarness, tenantId: string) =>
  (
    await harness.client.listDeliveries({
      tenantId,
      subscriptionId: '',
      status: '',
      eventType: '',
      bookingId: '',
      page: { limit: 100, cursor: '' },
    })
  ).items;

const detail = async (harness: DispatcherHarness, tenantId: string, deliveryId: string) =>
  (await harness.client.getDelivery({ tenantId, deliveryId })).delivery!;

/** The delivery once its body is gone. */
const redacted = (harness: DispatcherHarness, tenantId: string, deliveryId: string) =>
  eventually(`the body of ${deliveryId} to be removed`, async () => {
    const d = await detail(harness, tenantId, deliveryId);
    return d.bodyRemovedAtMs !== undefined ? d : undefined;
  });

function privacySuite(name: string, open: () => Promise<SuiteStore>) {
  describe(`customer erasure on ${name}`, () => {
    it('removes the bodies of final deliveries, sends a pending one and then removes it, never delivers customer.erased, and is idempotent', async () => {
      const { store, files, cleanup } = await open();
      const gate = gatedSend();
      const harness = await startDispatcher({ store, send: gate.send });
      try {
        try {
          const tenantId = newTenantId();
          const sub = await subscribe(harness, tenantId);
          const customer = uniqueCustomer();
          const [a, b, c, other] = [bookingId(), bookingId(), bookingId(), bookingId()];

          // A succeeded, B failed (400 is final), C in flight, and another customer's booking.
          const evA = await publishEvent(harness.bus, { tenantId, bookingId: a, customer });
          const doneA = await deliveryWhen(harness.client, tenantId, sub.subscriptionId, evA.id, 'succeeded');
          receiver.script(sub.name, { status: 400 });
          const evB = await publishEvent(harness.bus, { tenantId, bookingId: b, customer, type: 'booking.confirmed' });
          const doneB = await deliveryWhen(harness.client, tenantId, sub.subscriptionId, evB.id, 'failed');
          const evOther = await publishEvent(harness.bus, { tenantId, bookingId: other });
          const doneOther = await deliveryWhen(harness.client, tenantId, sub.subscriptionId, evOther.id, 'succeeded');
          gate.hold(c);
          const evC = await publishEvent(harness.bus, { tenantId, bookingId: c, customer });
          await eventually('the attempt of C to start', async () => (gate.started(c) ? true : undefined));
          // The test can see what it then looks for: the bodies hold the customer, in the files too.
          expect((await detail(harness, tenantId, doneA.deliveryId)).body).toContain(customer.name);
          if (files) expect(fileBytes(files).includes(customer.primaryEmail)).toBe(true);

          const erasedId = await publishErased(harness.bus, {
            tenantId,
            customerId: customer.customerId,
            bookingIds: [a, b, c],
          });
          const afterA = await redacted(harness, tenantId, doneA.deliveryId);
          const afterB = await redacted(harness, tenantId, doneB.deliveryId);
          // Ids, status, times and attempts stay; only the body goes.
          expect(afterA).toMatchObject({
            deliveryId: doneA.deliveryId,
            eventId: evA.id,
            bookingId: a,
            status: 'succeeded',
            attemptCount: 1,
            createdAtMs: doneA.createdAtMs,
            body: '',
          });
          expect(afterA.attempts.map((t) => t.responseStatus)).toEqual([200]);
          expect(afterB).toMatchObject({ status: 'failed', body: '' });
          expect(afterB.attempts.map((t) => [t.responseStatus, t.error])).toEqual([[400, 'HTTP 400 is not retried']]);
          // The pending one keeps its body for its attempt; another customer's delivery is untouched.
          const pendingC = (await allDeliveries(harness, tenantId)).find((d) => d.eventId === evC.id)!;
          expect(pendingC.status).toBe('pending');
          expect((await detail(harness, tenantId, pendingC.deliveryId)).body).toContain(customer.primaryEmail);
          const otherAfter = await detail(harness, tenantId, doneOther.deliveryId);
          expect(otherAfter.body).toContain('Ann Example');
          expect(otherAfter.bodyRemovedAtMs).toBeUndefined();

          // A replay has nothing to send: refused, nothing sent.
          const sentBefore = receiver.hits(sub.name);
          const refused = await harness.client.replayDelivery({ tenantId, deliveryId: doneA.deliveryId }).then(
            () => undefined,
            (err: unknown) => err,
          );
          expect(refused).toBeInstanceOf(DomainError);
          expect(refused).toMatchObject({ code: 'BOOKING_POLICY_BLOCKED', httpStatus: 409 });
          expect((refused as DomainError).message).toContain('body was removed');
          expect(receiver.hits(sub.name)).toBe(sentBefore);

          // A cancellation of the erase arriving after customer.erased is sent as it is, then redacted.
          const evCancel = await publishEvent(harness.bus, {
            tenantId,
            bookingId: a,
            customer,
            type: 'booking.cancelled',
          });
          const cancel = await deliveryWhen(harness.client, tenantId, sub.subscriptionId, evCancel.id, 'succeeded');
          expect(receiver.received(sub.name).find((r) => r.event.id === evCancel.id)?.rawBody).toContain(customer.name);
          expect(await redacted(harness, tenantId, cancel.deliveryId)).toMatchObject({ status: 'succeeded', body: '' });

          // C's attempt completes with the body it had; then its body goes too.
          gate.release(c);
          await deliveryWhen(harness.client, tenantId, sub.subscriptionId, evC.id, 'succeeded');
          expect(receiver.received(sub.name).find((r) => r.event.id === evC.id)?.rawBody).toContain(customer.name);
          const afterC = await redacted(harness, tenantId, pendingC.deliveryId);
          expect(afterC).toMatchObject({ status: 'succeeded', body: '', attemptCount: 1 });

          // SQLite: the customer is not in the bytes of its files either, the write-ahead log
          // included (the worker scrubs after its removals).
          if (files) {
            await eventually('the files to be free of the customer', async () => {
              const bytes = fileBytes(files);
              return !bytes.includes(customer.name) && !bytes.includes(customer.primaryEmail) ? true : undefined;
            });
          }

          // The bus delivers at least once: the same event again changes nothing.
          const before = await allDeliveries(harness, tenantId);
          await publishErased(harness.bus, {
            id: erasedId,
            tenantId,
            customerId: customer.customerId,
            bookingIds: [a, b, c],
          });
          // The topic is read in order: once a later event's delivery exists, the repeat was handled.
          const sentinel = await publishEvent(harness.bus, { tenantId });
          await deliveryWhen(harness.client, tenantId, sub.subscriptionId, sentinel.id, 'succeeded');
          const after = await allDeliveries(harness, tenantId);
          expect(after.filter((d) => d.eventId !== sentinel.id)).toEqual(before);
          const markers = await store.collection(COLLECTIONS.erasedBookings).find({ tenantId });
          expect(markers.map((m) => m._id).sort()).toEqual([a, b, c].sort());
          expect(markers[0]).toMatchObject({
            tenantId,
            customerId: customer.customerId,
            erasedAtMs: expect.any(Number),
          });

          // customer.erased is never a delivery, however often it comes.
          expect(after.map((d) => d.eventType)).not.toContain('customer.erased');
          expect(after.map((d) => d.eventId)).not.toContain(erasedId);
          expect(after).toHaveLength(6);
          expect(receiver.received(sub.name).map((r) => r.event.type)).not.toContain('customer.erased');

          // Nothing of the customer is left in any delivery, attempt or marker.
          for (const collection of Object.values(COLLECTIONS)) {
            const text = JSON.stringify(await store.collection(collection).find({}));
            expect(text, collection).not.toContain(customer.name);
            expect(text, collection).not.toContain(customer.primaryEmail);
          }
          if (files) expect(fileBytes(files).includes(customer.primaryEmail)).toBe(false);
        } finally {
          gate.releaseAll();
          await harness.stop();
        }
        // Closed as well (the log folded into the database).
        if (files) {
          const bytes = fileBytes(files);
          expect(bytes.length).toBeGreaterThan(0);
          expect(bytes.includes('Zelda Erasable')).toBe(false);
        }
      } finally {
        cleanup();
      }
    });

    it('an erasure while many attempts end at the same moment leaves no body behind', async () => {
      const { store, cleanup } = await open();
      // Attempts end at random moments around the erasure (their recordings race its transactions).
      const send = async (req: WebhookRequest) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 60));
        return postWebhook(req);
      };
      const harness = await startDispatcher({ store, send, worker: { concurrency: 16 } });
      try {
        const tenantId = newTenantId();
        const subs = [await subscribe(harness, tenantId), await subscribe(harness, tenantId)];
        const customer = uniqueCustomer();
        const bookings = Array.from({ length: 30 }, bookingId);
        for (const id of bookings.slice(0, 15)) await publishEvent(harness.bus, { tenantId, bookingId: id, customer });
        const erase = publishErased(harness.bus, { tenantId, customerId: customer.customerId, bookingIds: bookings });
        for (const id of bookings.slice(15)) await publishEvent(harness.bus, { tenantId, bookingId: id, customer });
        await erase;
        const all = await eventually('every delivery final with its body removed', async () => {
          const items = await allDeliveries(harness, tenantId);
          return items.length === 60 && items.every((d) => d.status === 'succeeded' && d.bodyRemovedAtMs !== undefined)
            ? items
            : undefined;
        });
        // Each was sent once, with the customer in it, before its body went.
        for (const sub of subs) expect(receiver.received(sub.name)).toHaveLength(30);
        for (const d of all) expect((await detail(harness, tenantId, d.deliveryId)).body).toBe('');
        const text = JSON.stringify(await store.collection(COLLECTIONS.deliveries).find({ tenantId }));
        expect(text).not.toContain(customer.primaryEmail);
      } finally {
        await harness.stop();
        cleanup();
      }
    });

    it('ExportBookingDeliveries answers the bookings’ deliveries with bodies while held and every attempt', async () => {
      const { store, cleanup } = await open();
      const harness = await startDispatcher({ store });
      try {
        const tenantId = newTenantId();
        const sub = await subscribe(harness, tenantId);
        const customer = uniqueCustomer();
        const [x, y, none] = [bookingId(), bookingId(), bookingId()];
        receiver.script(sub.name, { status: 503 });
        const evX = await publishEvent(harness.bus, { tenantId, bookingId: x, customer });
        await deliveryWhen(harness.client, tenantId, sub.subscriptionId, evX.id, 'succeeded');
        receiver.script(sub.name, { status: 410 });
        const evY = await publishEvent(harness.bus, { tenantId, bookingId: y, customer, type: 'booking.cancelled' });
        await deliveryWhen(harness.client, tenantId, sub.subscriptionId, evY.id, 'failed');
        // Another tenant's delivery of a booking with the same id is not this tenant's.
        const otherTenant = newTenantId();
        const otherSub = await subscribe(harness, otherTenant);
        const evOther = await publishEvent(harness.bus, { tenantId: otherTenant, bookingId: x });
        await deliveryWhen(harness.client, otherTenant, otherSub.subscriptionId, evOther.id, 'succeeded');

        const { items } = await harness.client.exportBookingDeliveries({ tenantId, bookingIds: [x, y, none, x] });
        // In booking id order, each booking's oldest first.
        const expected = [
          [x, evX.id, 'succeeded'],
          [y, evY.id, 'failed'],
        ].sort((p, q) => (p[0]! < q[0]! ? -1 : 1));
        expect(items.map((d) => [d.bookingId, d.eventId, d.status])).toEqual(expected);
        const exportedX = items.find((d) => d.bookingId === x)!;
        // The body is the event as it was sent, byte for byte.
        expect(exportedX.body).toBe(receiver.received(sub.name).find((r) => r.event.id === evX.id)!.rawBody);
        expect(exportedX.bodyRemovedAtMs).toBeUndefined();
        expect(exportedX.attempts.map((t) => [t.series, t.attemptNo, t.responseStatus])).toEqual([
          [1, 1, 503],
          [1, 2, 200],
        ]);
        expect(items.find((d) => d.bookingId === y)!.attempts.map((t) => t.responseStatus)).toEqual([410]);
        // GetDelivery holds the body too; lists leave it out.
        expect((await detail(harness, tenantId, exportedX.deliveryId)).body).toBe(exportedX.body);
        expect((await allDeliveries(harness, tenantId)).every((d) => d.body === '')).toBe(true);
        expect(
          (await harness.client.exportBookingDeliveries({ tenantId: otherTenant, bookingIds: [y] })).items,
        ).toEqual([]);

        // After the erase: the same deliveries and attempts, without bodies.
        await publishErased(harness.bus, { tenantId, customerId: customer.customerId, bookingIds: [x, y] });
        await redacted(harness, tenantId, exportedX.deliveryId);
        const after = (await harness.client.exportBookingDeliveries({ tenantId, bookingIds: [x, y] })).items;
        expect(after).toHaveLength(2);
        for (const d of after) {
          expect(d.body).toBe('');
          expect(d.bodyRemovedAtMs).toEqual(expect.any(Number));
        }
        expect(after.find((d) => d.bookingId === x)!.attempts).toEqual(exportedX.attempts);
        // The other tenant's delivery of booking x keeps its body: the erasure was this tenant's.
        const [kept] = (await harness.client.exportBookingDeliveries({ tenantId: otherTenant, bookingIds: [x] })).items;
        expect(kept!.body).toContain('Ann Example');
      } finally {
        await harness.stop();
        cleanup();
      }
    });

    it('ExportBookingDeliveries refuses more than 500 bookings, a malformed id, no tenant and an answer over its budget', async () => {
      const { store, cleanup } = await open();
      const harness = await startDispatcher({ store });
      const refusal = (req: webhooksV1.ExportBookingDeliveriesRequest) =>
        harness.client.exportBookingDeliveries(req).then(
          () => undefined,
          (err: unknown) => err as DomainError,
        );
      try {
        const tenantId = newTenantId();
        const tooMany = await refusal({ tenantId, bookingIds: Array.from({ length: 501 }, bookingId) });
        expect(tooMany).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: [{ path: 'bookingIds', message: 'must name at most 500 bookings' }],
        });
        expect(
          (
            await harness.client.exportBookingDeliveries({
              tenantId,
              bookingIds: Array.from({ length: 500 }, bookingId),
            })
          ).items,
        ).toEqual([]);
        expect(await refusal({ tenantId, bookingIds: [bookingId(), 'not an id'] })).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: [{ path: 'bookingIds[1]', message: expect.stringContaining('must be an id') }],
        });
        expect(await refusal({ tenantId: '', bookingIds: [] })).toMatchObject({ code: 'VALIDATION_ERROR' });

        // An answer over the budget is a clear error, not a message the caller's client refuses.
        const big = bookingId();
        await new DeliveryRepository(store).insertAllAbsent(
          Array.from({ length: 40 }, (_, i) =>
            pendingDelivery(
              {
                _id: `whd_big${i}_${rand()}`,
                tenantId,
                subscriptionId: 'whs_big',
                eventId: `evt_big${i}`,
                eventType: 'booking.created',
                bookingId: big,
                body: JSON.stringify({ padding: 'x'.repeat(100_000) }),
                traceparent: null,
              },
              Date.now(),
            ),
          ),
        );
        expect(await refusal({ tenantId, bookingIds: [big] })).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: expect.stringContaining(`exceed ${EXPORT_MAX_BYTES / 1024 / 1024} MiB`),
          details: [{ path: 'bookingIds', message: 'name fewer bookings at once' }],
        });
      } finally {
        await harness.stop();
        cleanup();
      }
    });
  });
}

privacySuite('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dispatcher-privacy-'));
  const file = join(dir, 'webhook-dispatcher.sqlite');
  return {
    store: await openSqliteStore({ file }),
    files: [file, `${file}-wal`],
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
});

if (mongo.runs) {
  privacySuite('MongoDB', async () => ({
    store: await openMongoStore({ url: await mongo.url(), dbName: `dispatcher_privacy_${rand()}` }),
    cleanup: () => {},
  }));
}

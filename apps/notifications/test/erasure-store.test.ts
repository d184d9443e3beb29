// An erase and retention in the notifications' store, on both adapters (docs/decisions.md
// "Privacy"): what is erased, what waits, that a second delivery changes nothing, and that a
// record recorded final while an erase commits ends erased whichever transaction wins.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { mongoForSuites } from '@svc/testing';
import type { CustomerErasure } from '../src/domain/customer-erasure.js';
import { ErasureRepository } from '../src/store/erasure-repository.js';
import { NotificationRepository } from '../src/store/notification-repository.js';
import {
  COLLECTIONS,
  NOTIFICATION_INDEXES,
  REMOVED_CONTENT,
  type ErasedBookingDoc,
  type NotificationDoc,
  type ReminderDoc,
} from '../src/store/records.js';

const T = 'ten_a';
const NOW = 1_900_000_000_000;

let seq = 0;
function record(over: Partial<NotificationDoc> & Pick<NotificationDoc, 'bookingId' | 'customerId'>): NotificationDoc {
  const id = `ntf_${++seq}_${randomUUID().slice(0, 8)}`;
  return {
    _id: id,
    tenantId: T,
    eventId: `evt_${seq}`,
    eventAtMs: NOW,
    template: 'customer.confirmed',
    channel: 'email',
    recipientKind: 'customer',
    recipient: 'ann@example.test',
    content: {
      fromName: 'Acme',
      replyTo: 'owner@acme.test',
      subject: 'Confirmed',
      text: 'Hello Ann Example, +4915112345678',
      html: '<p>Hello Ann Example</p>',
      calendar: { filename: 'booking.ics', content: 'BEGIN:VCALENDAR' },
      unsubscribeUrl: null,
    },
    status: 'sent',
    series: 1,
    attemptCount: 1,
    nextAttemptAtMs: null,
    dueAtMs: null,
    leaseToken: null,
    leaseUntilMs: null,
    revision: 2,
    lastError: null,
    messageId: `<${id}@mail.test>`,
    sentAtMs: NOW,
    createdAtMs: NOW + seq,
    updatedAtMs: NOW + seq,
    bodyRemovedAtMs: null,
    erasedAtMs: null,
    ...over,
  };
}

const pending = (over: Partial<NotificationDoc> & Pick<NotificationDoc, 'bookingId' | 'customerId'>) =>
  record({ status: 'pending', attemptCount: 0, dueAtMs: NOW, nextAttemptAtMs: NOW, sentAtMs: null, ...over });

const erasureOf = (customerId: string, bookingIds: string[]): CustomerErasure => ({
  eventId: `evt_erase_${customerId}`,
  tenantId: T,
  customerId,
  bookingIds,
  erasedAtMs: NOW,
});

function erasureSuite(name: string, open: () => Promise<DocumentStore>) {
  describe(`erasure and retention in the notifications' store (${name})`, () => {
    let store: DocumentStore;
    let notifications: NotificationRepository;
    let erasures: ErasureRepository;

    beforeAll(async () => {
      store = await open();
      await store.ensureIndexes(NOTIFICATION_INDEXES);
      notifications = new NotificationRepository(store);
      erasures = new ErasureRepository(store);
    });
    afterAll(() => store?.close());

    const insert = (docs: NotificationDoc[]) => store.withTransaction((tx) => notifications.insertAbsent(docs, tx));
    const read = async (id: string) =>
      (await store.collection<NotificationDoc>(COLLECTIONS.notifications).findOne({ _id: id }))!;

    it('erases the final records of the bookings and the customer, flags pending ones, drops reminders, once', async () => {
      const customerId = `cus_${randomUUID().slice(0, 8)}`;
      const b1 = `bkg_${randomUUID().slice(0, 8)}`;
      const b2 = `bkg_${randomUUID().slice(0, 8)}`;
      const sent = record({ bookingId: b1, customerId });
      const business = record({
        bookingId: b1,
        customerId,
        recipientKind: 'business',
        recipient: 'owner@acme.test',
        status: 'failed',
      });
      const waiting = pending({
        bookingId: b1,
        customerId,
        channel: 'sms',
        recipient: '+4915112345678',
        messageId: '',
      });
      // A booking the event does not list: the customer's records are erased all the same.
      const unlisted = record({ bookingId: b2, customerId });
      const someoneElse = record({ bookingId: `bkg_${randomUUID().slice(0, 8)}`, customerId: 'cus_other' });
      expect(await insert([sent, business, waiting, unlisted, someoneElse])).toBe(5);
      const reminders = store.collection<ReminderDoc>(COLLECTIONS.reminders);
      await reminders.insertOne({
        _id: `${b1}:120`,
        tenantId: T,
        bookingId: b1,
        offsetMin: 120,
        startsAtMs: NOW + 86_400_000,
        status: 'scheduled',
        dueAtMs: NOW + 79_200_000,
        eventAtMs: NOW - 1,
        leaseUntilMs: 0,
        createdAtMs: NOW,
        updatedAtMs: NOW,
      });

      const outcome = await erasures.apply(erasureOf(customerId, [b1]), NOW + 5);
      expect(outcome.erased).toBe(3);
      expect(outcome.pending).toBe(1);
      expect(outcome.messageIds.sort()).toEqual([business.messageId, sent.messageId, unlisted.messageId].sort());

      for (const doc of [sent, unlisted]) {
        expect(await read(doc._id)).toMatchObject({
          status: 'sent',
          recipient: `erased:${doc._id}`,
          content: REMOVED_CONTENT,
          bodyRemovedAtMs: NOW + 5,
          erasedAtMs: NOW + 5,
          revision: doc.revision + 1,
          // Its metadata stays.
          sentAtMs: NOW,
          attemptCount: 1,
          createdAtMs: doc.createdAtMs,
        });
      }
      expect(await read(business._id)).toMatchObject({ recipient: 'owner@acme.test', content: REMOVED_CONTENT });
      expect(await read(waiting._id)).toMatchObject({
        status: 'pending',
        recipient: '+4915112345678',
        content: waiting.content,
        erasedAtMs: null,
        eraseWhenFinal: true,
      });
      expect(await read(someoneElse._id)).toEqual(someoneElse);
      expect(await reminders.findOne({ _id: `${b1}:120` })).toMatchObject({ status: 'dropped', dueAtMs: null });
      expect(await store.collection<ErasedBookingDoc>(COLLECTIONS.erasedBookings).findOne({ _id: b1 })).toEqual({
        _id: b1,
        tenantId: T,
        customerId,
        erasedAtMs: NOW + 5,
      });

      // The same event again (at least once): nothing changes; the erased copies are named again
      // (a delivery that failed after its commit may not have forgotten them all).
      const before = await Promise.all([sent, business, waiting, unlisted].map((d) => read(d._id)));
      const again = await erasures.apply(erasureOf(customerId, [b1]), NOW + 9);
      expect(again).toMatchObject({ erased: 0, pending: 1 });
      // (Those of the listed bookings; the others' come with the events that list them.)
      expect(again.messageIds.sort()).toEqual([business.messageId, sent.messageId].sort());
      expect(await Promise.all([sent, business, waiting, unlisted].map((d) => read(d._id)))).toEqual(before);

      // A redelivered event mails the erased customer nothing again (their record is there, erased).
      const repeat = record({ bookingId: b1, customerId, eventId: sent.eventId });
      expect(await insert([repeat])).toBe(0);
      // The resend of an erased record has nothing to send.
      expect(await notifications.resend(T, sent._id, NOW + 10, () => '<x@mail.test>')).toBe('body_removed');
    });

    it('erases a record recorded final while the erase commits, whichever transaction wins', async () => {
      const rounds = 12;
      const results = await Promise.all(
        Array.from({ length: rounds }, async () => {
          const customerId = `cus_${randomUUID().slice(0, 8)}`;
          const bookingId = `bkg_${randomUUID().slice(0, 8)}`;
          const doc = pending({ bookingId, customerId });
          await insert([doc]);
          const [claimed] = await notifications.claimAll([doc], NOW, 60_000);
          expect(claimed).toBeDefined();
          // Recorded first, the erase finds it final; erased first, the recording reads the marker.
          const [[recorded]] = await Promise.all([
            notifications.recordAll([
              { claimed: claimed!, outcome: { status: 'sent', nextAttemptAtMs: null, error: null, nowMs: NOW + 1 } },
            ]),
            erasures.apply(erasureOf(customerId, [bookingId]), NOW + 2),
          ]);
          expect(recorded).not.toBe('lost');
          return read(doc._id);
        }),
      );
      for (const doc of results) {
        expect(doc).toMatchObject({ status: 'sent', recipient: `erased:${doc._id}`, content: REMOVED_CONTENT });
        expect(doc.erasedAtMs).toBeTypeOf('number');
      }
    });

    it('removes the bodies of final records for retention, never of a pending one', async () => {
      const tenantId = `ten_${randomUUID().slice(0, 8)}`;
      const old = record({ tenantId, bookingId: 'bkg_r1', customerId: 'cus_r', createdAtMs: NOW - 10 });
      const waiting = pending({ tenantId, bookingId: 'bkg_r1', customerId: 'cus_r', createdAtMs: NOW - 9 });
      const fresh = record({ tenantId, bookingId: 'bkg_r1', customerId: 'cus_r', createdAtMs: NOW + 10 });
      await insert([old, waiting, fresh]);
      const page = await notifications.heldBodies(tenantId, NOW, { limit: 10, after: null });
      expect(page.items.map((d) => d._id)).toEqual([old._id, waiting._id]);
      expect((await notifications.removeBodies(page.items, NOW + 1)).map((d) => d._id)).toEqual([old._id]);
      expect(await read(old._id)).toMatchObject({
        content: REMOVED_CONTENT,
        bodyRemovedAtMs: NOW + 1,
        recipient: old.recipient,
        status: 'sent',
      });
      expect(await read(waiting._id)).toEqual(waiting);
      // A record changed since it was read (a resend made it pending) keeps its body.
      const stale = { ...fresh, revision: fresh.revision - 1 };
      expect(await notifications.removeBodies([stale], NOW + 2)).toEqual([]);
      expect(
        (await notifications.heldBodies(tenantId, NOW, { limit: 10, after: null })).items.map((d) => d._id),
      ).toEqual([waiting._id]);
      expect(await notifications.resend(tenantId, old._id, NOW + 3, () => '<x@mail.test>')).toBe('body_removed');
    });
  });
}

erasureSuite('SQLite', () => openSqliteStore({ file: ':memory:' }));

// The distributed profile's adapter: MONGODB_URL (a real replica set) when set, else the
// wire-protocol test server (a missing server fails under CI).
const mongo = mongoForSuites();
afterAll(() => mongo.stop());
if (mongo.runs) {
  erasureSuite('MongoDB', async () =>
    openMongoStore({
      url: await mongo.url(),
      dbName: `notifications_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    }),
  );
}

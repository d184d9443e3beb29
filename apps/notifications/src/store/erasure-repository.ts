import { findPage, type Collection, type DocumentStore, type Page, type PagePosition, type Tx } from '@svc/store';
import type { CustomerErasure } from '../domain/customer-erasure.js';
import {
  COLLECTIONS,
  type ErasedBookingDoc,
  type MeetingWaitDoc,
  type NotificationDoc,
  type ReminderDoc,
} from './records.js';
import { erasure, isFinal, messageIdsOf } from './redaction.js';

/** Records of the customer (beyond the event's bookings) erased in one transaction at most. */
const CUSTOMER_CHUNK = 200;

export interface ErasureOutcome {
  /** Records erased now (0 when the event was handled before). */
  erased: number;
  /** Records still pending: erased once they reach a final state. */
  pending: number;
  /** The Message-IDs of the erased emails, now or before (their .eml copies are forgotten). */
  messageIds: string[];
}

interface Tally {
  erased: number;
  pending: Set<string>;
  messageIds: string[];
}

/**
 * A customer's erasure in the notifications' store (docs/decisions.md "Privacy"). One
 * transaction writes the marker of each booking the event lists, erases every final record of
 * those bookings, flags their pending ones (sent normally, erased when recorded final: the send
 * worker reads the markers) and drops their scheduled reminders and what waits for their
 * meeting link. The customer's other records (normally none: the event lists all their bookings)
 * follow in bounded transactions. Handling the same event again changes nothing.
 */
export class ErasureRepository {
  private readonly markers: Collection<ErasedBookingDoc>;
  private readonly docs: Collection<NotificationDoc>;
  private readonly reminders: Collection<ReminderDoc>;
  private readonly waits: Collection<MeetingWaitDoc>;

  constructor(private readonly store: DocumentStore) {
    this.markers = store.collection<ErasedBookingDoc>(COLLECTIONS.erasedBookings);
    this.docs = store.collection<NotificationDoc>(COLLECTIONS.notifications);
    this.reminders = store.collection<ReminderDoc>(COLLECTIONS.reminders);
    this.waits = store.collection<MeetingWaitDoc>(COLLECTIONS.meetingWaits);
  }

  async apply(event: CustomerErasure, nowMs: number): Promise<ErasureOutcome> {
    const { tenantId, customerId } = event;
    const tally = await this.store.withTransaction(async (tx) => {
      // The function may run again (MongoDB retries a conflict): it starts from nothing each time.
      const out: Tally = { erased: 0, pending: new Set(), messageIds: [] };
      for (const bookingId of event.bookingIds) {
        const marker = await this.markers.findOne({ _id: bookingId }, tx);
        // Booking ids are unique across tenants; one of another tenant is not this erase's.
        if (marker && marker.tenantId !== tenantId) continue;
        if (!marker) await this.markers.insertOne({ _id: bookingId, tenantId, customerId, erasedAtMs: nowMs }, tx);
        for (const doc of await this.docs.find({ tenantId, bookingId }, {}, tx)) {
          await this.eraseIn(tx, doc, nowMs, out);
        }
        await this.dropReminders(tx, tenantId, bookingId, event.erasedAtMs, nowMs);
        // Nothing waits for the meeting of a booking whose customer is gone (the erase cancels it).
        await this.waits.deleteMany({ _id: bookingId, tenantId }, tx);
      }
      return out;
    });
    let after: PagePosition | null = null;
    do {
      const from: PagePosition | null = after;
      const chunk = await this.store.withTransaction(async (tx): Promise<{ out: Tally; next: PagePosition | null }> => {
        const page: Page<NotificationDoc> = await findPage(
          this.docs,
          { tenantId, customerId, erasedAtMs: null },
          { limit: CUSTOMER_CHUNK, after: from },
          { tx },
        );
        const out: Tally = { erased: 0, pending: new Set(), messageIds: [] };
        for (const doc of page.items) await this.eraseIn(tx, doc, nowMs, out);
        return { out, next: page.next };
      });
      tally.erased += chunk.out.erased;
      tally.messageIds.push(...chunk.out.messageIds);
      for (const id of chunk.out.pending) tally.pending.add(id);
      after = chunk.next;
    } while (after !== null);
    return { erased: tally.erased, pending: tally.pending.size, messageIds: tally.messageIds };
  }

  /** Erases a final record; flags a pending one (so a concurrent recording conflicts with this write). */
  private async eraseIn(tx: Tx, doc: NotificationDoc, nowMs: number, out: Tally): Promise<void> {
    if (doc.erasedAtMs != null) {
      // Erased by an earlier delivery whose copies may not all have been forgotten: again.
      out.messageIds.push(...messageIdsOf(doc));
      return;
    }
    if (!isFinal(doc.status)) {
      out.pending.add(doc._id);
      if (doc.eraseWhenFinal !== true) await this.docs.updateOne({ _id: doc._id }, { eraseWhenFinal: true }, tx);
      return;
    }
    await this.docs.updateOne({ _id: doc._id }, { ...erasure(doc, nowMs), revision: doc.revision + 1 }, tx);
    out.erased++;
    out.messageIds.push(...messageIdsOf(doc));
  }

  /** A reminder of an erased booking would only be dropped when due (the booking is cancelled); drop it now. */
  private async dropReminders(
    tx: Tx,
    tenantId: string,
    bookingId: string,
    erasedAtMs: number,
    nowMs: number,
  ): Promise<void> {
    for (const doc of await this.reminders.find({ bookingId }, {}, tx)) {
      if (doc.tenantId !== tenantId || doc.status !== 'scheduled') continue;
      await this.reminders.updateOne(
        { _id: doc._id, eventAtMs: doc.eventAtMs },
        { status: 'dropped', dueAtMs: null, eventAtMs: Math.max(doc.eventAtMs, erasedAtMs), updatedAtMs: nowMs },
        tx,
      );
    }
  }
}

import type { Collection, DocumentStore, Tx } from '@svc/store';
import { reminderId } from '../domain/ids.js';
import type { ReminderPlan } from '../domain/plan.js';
import { dueDocs, leaseDoc, nextDueAtMs } from '@svc/background';
import { COLLECTIONS, type ReminderDoc } from './records.js';

/**
 * The reminders of confirmed bookings, one per booking and offset, kept with their due time so a
 * restart loses none (docs/architecture.md "Notifications"). A change carries the time of the
 * event that asked for it; a document set by a later event is left alone, so a redelivered
 * older event cannot bring back a reminder a cancel dropped.
 */
export class ReminderRepository {
  private readonly docs: Collection<ReminderDoc>;

  constructor(store: DocumentStore) {
    this.docs = store.collection<ReminderDoc>(COLLECTIONS.reminders);
  }

  /** Applies a booking event's reminder plan inside the caller's transaction. */
  async apply(
    ref: { tenantId: string; bookingId: string; startsAtMs: number },
    plan: ReminderPlan,
    eventAtMs: number,
    nowMs: number,
    tx: Tx,
  ): Promise<void> {
    const existing = await this.docs.find({ bookingId: ref.bookingId }, {}, tx);
    const mine = existing.filter((d) => d.tenantId === ref.tenantId && d.eventAtMs <= eventAtMs);
    if (plan.drop) {
      for (const doc of mine) {
        if (doc.status !== 'scheduled') continue;
        await this.docs.updateOne(
          { _id: doc._id, eventAtMs: doc.eventAtMs },
          { status: 'dropped', dueAtMs: null, eventAtMs, updatedAtMs: nowMs },
          tx,
        );
      }
    }
    for (const { offsetMin, dueAtMs } of plan.schedule) {
      const id = reminderId(ref.bookingId, offsetMin);
      const doc = existing.find((d) => d._id === id);
      const set = { status: 'scheduled' as const, startsAtMs: ref.startsAtMs, dueAtMs, eventAtMs, updatedAtMs: nowMs };
      if (!doc) {
        await this.docs.insertOne(
          {
            _id: id,
            tenantId: ref.tenantId,
            bookingId: ref.bookingId,
            offsetMin,
            ...set,
            leaseUntilMs: 0,
            createdAtMs: nowMs,
          },
          tx,
        );
      } else if (doc.tenantId === ref.tenantId && doc.eventAtMs <= eventAtMs) {
        await this.docs.updateOne({ _id: id }, set, tx);
      }
    }
  }

  /** Scheduled reminders due at `nowMs`, earliest first. */
  due(nowMs: number, limit: number): Promise<ReminderDoc[]> {
    return dueDocs(this.docs, nowMs, limit);
  }

  nextDueAtMs(): Promise<number | null> {
    return nextDueAtMs(this.docs);
  }

  /** Takes the reminder for a worker until `untilMs` (its due time moves there); false when another has it. */
  lease(doc: ReminderDoc, nowMs: number, untilMs: number): Promise<boolean> {
    return leaseDoc(this.docs, { _id: doc._id, eventAtMs: doc.eventAtMs, status: 'scheduled' }, nowMs, untilMs);
  }

  /** Ends a leased reminder (sent or dropped), unless an event changed it meanwhile. */
  finish(doc: ReminderDoc, status: 'sent' | 'dropped', nowMs: number, tx?: Tx): Promise<number> {
    return this.docs.updateOne(
      { _id: doc._id, eventAtMs: doc.eventAtMs },
      { status, dueAtMs: null, leaseUntilMs: 0, updatedAtMs: nowMs },
      tx,
    );
  }

  /** Hands a leased reminder back, due again at `dueAtMs` (its booking could not be read). */
  retry(doc: ReminderDoc, dueAtMs: number, nowMs: number): Promise<number> {
    return this.docs.updateOne(
      { _id: doc._id, eventAtMs: doc.eventAtMs, status: 'scheduled' },
      { dueAtMs, leaseUntilMs: 0, updatedAtMs: nowMs },
    );
  }
}

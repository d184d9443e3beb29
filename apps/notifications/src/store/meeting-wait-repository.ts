import type { Collection, DocumentStore, Tx } from '@svc/store';
import { dueDocs, leaseDoc, nextDueAtMs } from '@svc/background';
import { COLLECTIONS, type HeldEvent, type MeetingWaitDoc } from './records.js';

/**
 * Customer messages waiting for a booking's video meeting link, one per booking (records.ts
 * MeetingWaitDoc). Every change is a compare-and-set on the event's time, so a redelivered older
 * event changes nothing and a worker acting on a wait a later event replaced writes nothing.
 */
export class MeetingWaitRepository {
  private readonly docs: Collection<MeetingWaitDoc>;

  constructor(store: DocumentStore) {
    this.docs = store.collection<MeetingWaitDoc>(COLLECTIONS.meetingWaits);
  }

  async get(tenantId: string, bookingId: string): Promise<MeetingWaitDoc | null> {
    const doc = await this.docs.findOne({ _id: bookingId });
    return doc && doc.tenantId === tenantId ? doc : null;
  }

  /** Holds an event's messages until `holdUntilMs`, first looked at `dueAtMs`, unless a later event is recorded. */
  async hold(event: HeldEvent, holdUntilMs: number, dueAtMs: number, nowMs: number, tx: Tx): Promise<void> {
    const existing = await this.docs.findOne({ _id: event.bookingId }, tx);
    if (existing && (existing.tenantId !== event.tenantId || existing.eventAtMs >= event.occurredAtMs)) return;
    const doc: MeetingWaitDoc = {
      _id: event.bookingId,
      tenantId: event.tenantId,
      phase: 'hold',
      event,
      eventAtMs: event.occurredAtMs,
      holdUntilMs,
      dueAtMs,
      checks: 0,
      leaseUntilMs: 0,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
    };
    if (!existing) return this.docs.insertOne(doc, tx);
    const { _id, ...fields } = doc;
    await this.docs.updateOne({ _id, eventAtMs: existing.eventAtMs }, fields, tx);
  }

  /** A later event of the booking ends what waits for an earlier one. */
  async endBefore(tenantId: string, bookingId: string, eventAtMs: number, tx: Tx): Promise<void> {
    await this.docs.deleteMany({ _id: bookingId, tenantId, eventAtMs: { $lt: eventAtMs } }, tx);
  }

  /** Every wait of a booking (its customer was erased). */
  async drop(tenantId: string, bookingId: string, tx: Tx): Promise<void> {
    await this.docs.deleteMany({ _id: bookingId, tenantId }, tx);
  }

  due(nowMs: number, limit: number): Promise<MeetingWaitDoc[]> {
    return dueDocs(this.docs, nowMs, limit);
  }

  nextDueAtMs(): Promise<number | null> {
    return nextDueAtMs(this.docs);
  }

  /** Takes the wait for a worker until `untilMs` (it falls due again then); false when another has it or it changed. */
  lease(doc: MeetingWaitDoc, nowMs: number, untilMs: number): Promise<boolean> {
    return leaseDoc(this.docs, { _id: doc._id, eventAtMs: doc.eventAtMs, phase: doc.phase }, nowMs, untilMs);
  }

  /** Looks again at `dueAtMs`. */
  async again(doc: MeetingWaitDoc, dueAtMs: number, nowMs: number): Promise<void> {
    await this.docs.updateOne(
      { _id: doc._id, eventAtMs: doc.eventAtMs, phase: doc.phase },
      { dueAtMs, checks: doc.checks + 1, leaseUntilMs: 0, updatedAtMs: nowMs },
    );
  }

  /** The held messages went saying the link follows: look for it from `dueAtMs`. */
  async follow(doc: MeetingWaitDoc, dueAtMs: number, nowMs: number, tx: Tx): Promise<void> {
    await this.docs.updateOne(
      { _id: doc._id, eventAtMs: doc.eventAtMs, phase: doc.phase },
      { phase: 'follow', dueAtMs, checks: 0, leaseUntilMs: 0, updatedAtMs: nowMs },
      tx,
    );
  }

  /** Done: the messages went (with the link or without a word of it), or nothing is left to wait for. */
  async finish(doc: MeetingWaitDoc, tx?: Tx): Promise<void> {
    await this.docs.deleteMany({ _id: doc._id, eventAtMs: doc.eventAtMs, phase: doc.phase }, tx);
  }
}

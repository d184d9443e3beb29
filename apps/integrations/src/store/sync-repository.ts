import { DuplicateKeyError, type Collection, type DocumentStore } from '@svc/store';
import { COLLECTIONS, type SyncDoc } from './records.js';

/** Compare-and-set rounds of an erasure against events of the booking stored meanwhile. */
const ERASE_ATTEMPTS = 5;
/**
 * Booking ids asked in one find (ofBookings): SQLite compiles an `$in` into one OR per id, and
 * its expression tree stops at a depth of 1,000.
 */
const IDS_PER_FIND = 200;

/** The record holds no personal field and wishes the event gone (an erasure was applied). */
export const isErased = (doc: SyncDoc): boolean =>
  doc.want === 'absent' && doc.title === '' && (doc.summary ?? '') === '' && (doc.description ?? '') === '';

/** The write-back state per booking (records.ts SyncDoc). */
export class SyncRepository {
  private readonly syncs: Collection<SyncDoc>;

  constructor(store: DocumentStore) {
    this.syncs = store.collection<SyncDoc>(COLLECTIONS.syncs);
  }

  get(tenantId: string, bookingId: string): Promise<SyncDoc | null> {
    return this.syncs.findOne({ _id: bookingId, tenantId });
  }

  /**
   * Records what the calendar should show after an event, unless a newer event was recorded
   * already (a redelivered or late event changes nothing).
   */
  async want(doc: SyncDoc): Promise<void> {
    try {
      await this.syncs.insertOne(doc);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const { _id, tenantId, staffId, serviceId, want, startsAtMs, endsAtMs, title, eventAtMs, dueAtMs, updatedAtMs } =
        doc;
      await this.syncs.updateOne(
        { _id, eventAtMs: { $lt: eventAtMs } },
        {
          tenantId,
          staffId,
          serviceId,
          want,
          startsAtMs,
          endsAtMs,
          title,
          eventAtMs,
          dueAtMs,
          updatedAtMs,
          attempts: 0,
          status: 'pending',
        },
      );
    }
  }

  /**
   * The records of these bookings: the export's page, or every booking a calendar read names
   * (busy-times.ts), which is as many as the calendar's events, anyone's to write; so asked
   * IDS_PER_FIND at a time.
   */
  async ofBookings(tenantId: string, bookingIds: readonly string[]): Promise<SyncDoc[]> {
    const out: SyncDoc[] = [];
    for (let i = 0; i < bookingIds.length; i += IDS_PER_FIND) {
      out.push(...(await this.syncs.find({ tenantId, _id: { $in: bookingIds.slice(i, i + IDS_PER_FIND) } })));
    }
    return out;
  }

  /**
   * The booking's customer was erased (docs/decisions.md "Privacy"): the record keeps no
   * personal field (the title holds the customer's name; what was last written too) and wishes
   * the event absent, due now, so the worker removes it through the usual retries and lease.
   * A compare-and-set on `eventAtMs`, which it moves on: a worker writing the old wish meanwhile
   * keeps only the ids it wrote (`finish`) and the removal stays due. Answers whether it changed
   * anything (a record erased already, or not there, is left alone).
   */
  async erase(tenantId: string, bookingId: string, erasedAtMs: number, nowMs: number): Promise<boolean> {
    for (let attempt = 0; attempt < ERASE_ATTEMPTS; attempt++) {
      const doc = await this.get(tenantId, bookingId);
      if (!doc || (isErased(doc) && doc.status !== 'failed')) return false;
      const changed = await this.syncs.updateOne(
        { _id: bookingId, tenantId, eventAtMs: doc.eventAtMs },
        {
          want: 'absent',
          title: '',
          summary: '',
          description: '',
          lastError: null,
          eventAtMs: Math.max(doc.eventAtMs + 1, erasedAtMs),
          status: 'pending',
          attempts: 0,
          dueAtMs: nowMs,
          updatedAtMs: nowMs,
        },
      );
      if (changed === 1) return true;
    }
    throw new Error(`the calendar sync of ${bookingId} kept changing while its customer was erased`);
  }

  /**
   * Drops the record of a booking that goes nowhere (no calendar receives it, no meeting is made
   * for it, nothing was written), unless a newer event was recorded meanwhile.
   */
  async forget(doc: SyncDoc): Promise<void> {
    await this.syncs.deleteMany({ _id: doc._id, tenantId: doc.tenantId, eventAtMs: doc.eventAtMs });
  }

  due(nowMs: number, limit: number): Promise<SyncDoc[]> {
    return this.syncs.find({ dueAtMs: { $lte: nowMs } }, { sort: [['dueAtMs', 1]], limit });
  }

  /**
   * Makes the record due now (a retry asked for by a user), unless a worker holds it; answers
   * the record as it is then, or null when a worker holds it.
   */
  async requeue(doc: SyncDoc, nowMs: number): Promise<SyncDoc | null> {
    const set = { dueAtMs: nowMs, attempts: 0, status: 'pending' as const, updatedAtMs: nowMs };
    const taken = await this.syncs.updateOne(
      { _id: doc._id, eventAtMs: doc.eventAtMs, leaseUntilMs: { $lte: nowMs } },
      set,
    );
    return taken === 1 ? { ...doc, ...set } : null;
  }

  /** Takes the sync for a worker until `untilMs`; false when another holds it or it changed. */
  async lease(doc: SyncDoc, nowMs: number, untilMs: number): Promise<boolean> {
    const taken = await this.syncs.updateOne(
      { _id: doc._id, eventAtMs: doc.eventAtMs, leaseUntilMs: { $lte: nowMs } },
      { leaseUntilMs: untilMs },
    );
    return taken === 1;
  }

  /**
   * Stores a worker's outcome. The state it acted on is matched by `eventAtMs`: when a newer
   * event arrived meanwhile, only what was written (external ids) is kept and the new wish stays due.
   */
  async finish(doc: SyncDoc, set: Partial<SyncDoc>): Promise<void> {
    const written = {
      provider: set.provider,
      connectionId: set.connectionId,
      calendarId: set.calendarId,
      externalEventId: set.externalEventId,
      meetingUrl: set.meetingUrl,
      meetingId: set.meetingId,
      meetingConnectionId: set.meetingConnectionId,
      writes: set.writes,
      leaseUntilMs: 0,
    };
    const same = await this.syncs.updateOne({ _id: doc._id, eventAtMs: doc.eventAtMs }, { ...set, leaseUntilMs: 0 });
    if (same === 0) await this.syncs.updateOne({ _id: doc._id }, written);
  }
}

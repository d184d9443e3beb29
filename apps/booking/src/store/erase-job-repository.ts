import { DuplicateKeyError, type Collection, type DocumentStore, type IndexSpec, type Tx } from '@svc/store';
import { nextStep, UNFINISHED_STEPS, type EraseStep } from '../domain/erasure.js';
import { BOOKING_COLLECTIONS, type CustomerFenceDoc, type EraseJobDoc } from './records.js';

/** One job per customer of a tenant: both are ids (at most 64 characters each), so the key is bounded. */
export const eraseJobId = (tenantId: string, customerId: string): string => `${tenantId}:${customerId}`;

/** The erase jobs (docs/decisions.md "Privacy"): each a document whose `step` says what is left to do. */
export class EraseJobRepository {
  private readonly jobs: Collection<EraseJobDoc>;
  private readonly fences: Collection<CustomerFenceDoc>;

  constructor(private readonly store: DocumentStore) {
    this.jobs = store.collection<EraseJobDoc>(BOOKING_COLLECTIONS.eraseJobs);
    this.fences = store.collection<CustomerFenceDoc>(BOOKING_COLLECTIONS.customerFences);
  }

  /**
   * The start-up resume's read: jobs by step. Both collections are written in transactions, so
   * they must exist before any (DocumentStore.ensureIndexes).
   */
  static readonly INDEXES: IndexSpec[] = [
    { collection: BOOKING_COLLECTIONS.eraseJobs, name: 'by_step', fields: ['step', '_id'] },
    { collection: BOOKING_COLLECTIONS.customerFences, name: 'by_tenant', fields: ['tenantId'] },
  ];

  get(tenantId: string, customerId: string, tx?: Tx): Promise<EraseJobDoc | null> {
    return this.jobs.findOne({ _id: eraseJobId(tenantId, customerId) }, tx);
  }

  /**
   * The customer's job as a transaction that adds or changes one of their bookings must know it
   * (docs/decisions.md "Privacy"): read in `tx`, and the customer's fence counted up, as the
   * job's opening does. On MongoDB a read does not conflict with a later insert, so without the
   * fence a transaction that read "no job" could commit after the job had collected the
   * customer's bookings and redacted their events. With it, the two write one document and one
   * of them runs again: such a transaction either sees the job or committed before it was opened,
   * and then every step sees what it wrote. SQLite runs one writer at a time; there it only counts.
   */
  async seenIn(tenantId: string, customerId: string, nowMs: number, tx: Tx): Promise<EraseJobDoc | null> {
    const job = await this.get(tenantId, customerId, tx);
    await this.fence(tenantId, customerId, nowMs, tx);
    return job;
  }

  /**
   * The customer's job: the one already there, or a new one at its first step, written with the
   * customer's fence in one transaction (seenIn).
   */
  async open(tenantId: string, customerId: string, nowMs: number): Promise<EraseJobDoc> {
    const job: EraseJobDoc = {
      _id: eraseJobId(tenantId, customerId),
      tenantId,
      customerId,
      step: 'cancel',
      requestedAtMs: nowMs,
      completedAtMs: null,
      bookings: 0,
      cancelled: 0,
      announcedAfter: null,
      announcedRows: 0,
      updatedAtMs: nowMs,
    };
    try {
      return await this.store.withTransaction(async (tx) => {
        const existing = await this.get(tenantId, customerId, tx);
        if (existing) return existing;
        await this.jobs.insertOne(job, tx);
        await this.fence(tenantId, customerId, nowMs, tx);
        return job;
      });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      // Another request (or replica) opened it just now.
      const existing = await this.get(tenantId, customerId);
      if (!existing) throw err;
      return existing;
    }
  }

  private async fence(tenantId: string, customerId: string, nowMs: number, tx: Tx): Promise<void> {
    const _id = eraseJobId(tenantId, customerId);
    const seen = await this.fences.findOne({ _id }, tx);
    if (seen) await this.fences.updateOne({ _id }, { version: seen.version + 1, updatedAtMs: nowMs }, tx);
    else await this.fences.insertOne({ _id, tenantId, version: 1, updatedAtMs: nowMs }, tx);
  }

  /** Up to `limit` jobs with steps left, any tenant. */
  unfinished(limit: number): Promise<EraseJobDoc[]> {
    return this.jobs.find({ step: { $in: [...UNFINISHED_STEPS] } }, { sort: [['_id', 1]], limit });
  }

  /**
   * Moves the job from `step` to the next, with what the step counted: a compare-and-set, so a
   * job that another runner moved on meanwhile is left as it is (false).
   */
  async advance(job: EraseJobDoc, step: EraseStep, nowMs: number, set: Partial<EraseJobDoc> = {}): Promise<boolean> {
    const to = nextStep(step);
    const done = to === 'done' ? { completedAtMs: nowMs } : {};
    const matched = await this.jobs.updateOne(
      { _id: job._id, step },
      { ...set, ...done, step: to, updatedAtMs: nowMs },
    );
    return matched === 1;
  }

  /**
   * Records one more announced chunk, in the transaction that wrote its row: a compare-and-set on
   * the position it started from, so a chunk is never announced twice (false: someone else did).
   * The last chunk also ends the step, in the same transaction.
   */
  async announced(
    job: EraseJobDoc,
    chunk: { from: string | null; to: string | null; last: boolean },
    nowMs: number,
    tx: Tx,
  ): Promise<boolean> {
    const current = await this.jobs.findOne({ _id: job._id, step: 'announce', announcedAfter: chunk.from }, tx);
    if (!current) return false;
    await this.jobs.updateOne(
      { _id: job._id },
      {
        announcedAfter: chunk.to,
        announcedRows: current.announcedRows + 1,
        ...(chunk.last ? { step: nextStep('announce') } : {}),
        updatedAtMs: nowMs,
      },
      tx,
    );
    return true;
  }
}

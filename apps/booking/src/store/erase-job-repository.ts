import { DuplicateKeyError, type Collection, type DocumentStore, type IndexSpec, type Tx } from '@svc/store';
import { nextStep, UNFINISHED_STEPS, type EraseStep } from '../domain/erasure.js';
import { BOOKING_COLLECTIONS, type EraseJobDoc } from './records.js';

/** One job per customer of a tenant: both are ids (at most 64 characters each), so the key is bounded. */
export const eraseJobId = (tenantId: string, customerId: string): string => `${tenantId}:${customerId}`;

/** The erase jobs (docs/decisions.md "Privacy"): each a document whose `step` says what is left to do. */
export class EraseJobRepository {
  private readonly jobs: Collection<EraseJobDoc>;

  constructor(store: DocumentStore) {
    this.jobs = store.collection<EraseJobDoc>(BOOKING_COLLECTIONS.eraseJobs);
  }

  /** The start-up resume's read: jobs by step. Also creates the collection before any transaction writes it. */
  static readonly INDEXES: IndexSpec[] = [
    { collection: BOOKING_COLLECTIONS.eraseJobs, name: 'by_step', fields: ['step', '_id'] },
  ];

  get(tenantId: string, customerId: string, tx?: Tx): Promise<EraseJobDoc | null> {
    return this.jobs.findOne({ _id: eraseJobId(tenantId, customerId) }, tx);
  }

  /** The customer's job: the one already there, or a new one at its first step. */
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
      await this.jobs.insertOne(job);
      return job;
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      // Another request (or replica) opened it just now.
      const existing = await this.get(tenantId, customerId);
      if (!existing) throw err;
      return existing;
    }
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

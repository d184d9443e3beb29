import { findLogPage, type Collection, type DocumentStore, type Page, type PageRequest, type Tx } from '@svc/store';
import { claimLeases, dueDocs, nextDueAtMs, type LeasedDoc } from './due-work.js';
import type { LeaseQueue } from './leased-worker.js';

/**
 * Leased work kept as a tenant's log (the notifications' send log, docs/architecture.md
 * "Notifications"; the webhook delivery log, docs/decisions.md "Webhooks"): as a LeasedWorker
 * reads it (what is due, its claim, the next due time, the recording of several outcomes in one
 * transaction: the worker's group commit) and as a dashboard reads it (one record, a page newest
 * first narrowed by `F`'s fields). A repository of such work extends it with how one outcome is
 * recorded.
 */
export abstract class LeasedLog<T extends LeasedDoc & { tenantId: string }, F extends object> implements LeaseQueue<
  T,
  T & { leaseToken: string }
> {
  /** The log's records. */
  protected readonly records: Collection<T>;

  constructor(
    protected readonly store: DocumentStore,
    collection: string,
  ) {
    this.records = store.collection<T>(collection);
  }

  /** The tenant's record, or null (also when it is another tenant's). */
  get(tenantId: string, id: string): Promise<T | null> {
    return this.records.findOne({ _id: id, tenantId });
  }

  /** The log, newest first, as a dashboard reads it. */
  page(tenantId: string, filter: F, page: PageRequest): Promise<Page<T>> {
    return findLogPage(this.records, { tenantId }, filter, page);
  }

  /** Work due at `nowMs`, earliest first. */
  due(nowMs: number, limit: number): Promise<T[]> {
    return dueDocs(this.records, nowMs, limit);
  }

  /** When the earliest work falls due (leased work at its lease's end); null when none is pending. */
  nextDueAtMs(): Promise<number | null> {
    return nextDueAtMs(this.records);
  }

  /** Takes the lease of each as read, in one transaction; those changed meanwhile are left out. */
  claimAll(docs: readonly T[], nowMs: number, leaseMs: number): Promise<Array<T & { leaseToken: string }>> {
    return claimLeases(this.store, this.records, docs, nowMs, leaseMs);
  }

  /**
   * Records every item with `recordIn` in one transaction, in order; answers their results.
   * `readFirst`: what the transaction reads once for all of them, passed to each `recordIn` (read
   * again when the store runs the transaction again).
   */
  protected async recordEach<I, R, S = undefined>(
    items: readonly I[],
    recordIn: (tx: Tx, item: I, first: S) => Promise<R>,
    readFirst?: (tx: Tx) => Promise<S>,
  ): Promise<R[]> {
    if (items.length === 0) return [];
    return this.store.withTransaction(async (tx) => {
      const first = (readFirst ? await readFirst(tx) : undefined) as S;
      const results: R[] = [];
      for (const item of items) results.push(await recordIn(tx, item, first));
      return results;
    });
  }
}

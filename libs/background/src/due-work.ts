import { randomUUID } from 'node:crypto';
import { waitFor, type Collection, type Document, type DocumentStore, type Filter } from '@svc/store';

/**
 * Work kept in the store with its due time (`dueAtMs`, null or absent when nothing is due). A
 * lease moves the due time to the lease's end, so work whose worker died is due again then.
 */
export type DueDoc = Document & { dueAtMs: number | null };

/** Work due at `nowMs`, earliest first. */
export function dueDocs<T extends DueDoc>(docs: Collection<T>, nowMs: number, limit: number): Promise<T[]> {
  return docs.find({ dueAtMs: { $lte: nowMs } }, { sort: [['dueAtMs', 1]], limit });
}

/** When the earliest work falls due (leased work at its lease's end); null when none is pending. */
export async function nextDueAtMs<T extends DueDoc>(docs: Collection<T>): Promise<number | null> {
  // The due time alone: the document itself (a message, a payload) is not opened.
  const [first] = await docs.find({ dueAtMs: { $gte: 0 } }, { sort: [['dueAtMs', 1]], limit: 1, fields: ['dueAtMs'] });
  return first?.dueAtMs ?? null;
}

/**
 * Takes the document for a worker until `untilMs` (it falls due again then) when it still
 * matches `filter` and no other lease runs; false when another worker has it or it changed.
 */
export async function leaseDoc<T extends DueDoc & { leaseUntilMs: number }>(
  docs: Collection<T>,
  filter: Filter,
  nowMs: number,
  untilMs: number,
): Promise<boolean> {
  const taken = await docs.updateOne({ ...filter, leaseUntilMs: { $lte: nowMs } }, {
    leaseUntilMs: untilMs,
    dueAtMs: untilMs,
  } as Partial<T>);
  return taken === 1;
}

/** Pending work with a revision and a lease: a send record, a webhook delivery. */
export type LeasedDoc = DueDoc & { _id: string; revision: number; status: string; leaseUntilMs: number | null };

/**
 * Takes the lease of each pending document as read, all in one transaction (one commit however
 * many): a compare-and-set on its `revision`, so only one claimer matches; until the lease runs
 * out the document is due for nobody else. One another worker (or a replay) changed first is left
 * out. The claimed copies carry the lease token their recording must match.
 */
export async function claimLeases<T extends LeasedDoc>(
  store: DocumentStore,
  docs: Collection<T>,
  read: readonly T[],
  nowMs: number,
  leaseMs: number,
): Promise<Array<T & { leaseToken: string }>> {
  if (read.length === 0) return [];
  return store.withTransaction(async (tx) => {
    const claimed: Array<T & { leaseToken: string }> = [];
    for (const doc of read) {
      const lease = { leaseToken: randomUUID(), leaseUntilMs: nowMs + leaseMs, dueAtMs: nowMs + leaseMs };
      const matched = await docs.updateOne(
        { _id: doc._id, revision: doc.revision, status: 'pending' },
        { ...lease, revision: doc.revision + 1 } as unknown as Partial<T>,
        tx,
      );
      if (matched === 1) claimed.push({ ...doc, ...lease, revision: doc.revision + 1 });
    }
    return claimed;
  });
}

/**
 * A worker's pass over due work (DueLoop): hands the work due now to `handle` in batches until a
 * batch comes back short, then answers how long to wait for the next (at most `pollMs`).
 */
export async function drainDue<T>(
  queue: { due(nowMs: number, limit: number): Promise<T[]>; nextDueAtMs(): Promise<number | null> },
  now: () => number,
  pollMs: number,
  batch: number,
  handle: (due: T[]) => Promise<unknown>,
): Promise<number> {
  for (;;) {
    const due = await queue.due(now(), batch);
    await handle(due);
    if (due.length < batch) break;
  }
  return waitFor(await queue.nextDueAtMs(), now(), pollMs);
}

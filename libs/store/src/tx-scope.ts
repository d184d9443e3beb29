/**
 * Transaction bookkeeping shared by both adapters, so misuse fails the same way on each:
 * a handle outlives its transaction, a failed operation is swallowed, or fn calls the store
 * without its handle (on SQLite that waits for the open transaction forever).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from './document-store.js';

export class TxHandle implements Tx {
  readonly __tx = true as const;
  private open = true;
  private failure: { error: unknown } | undefined;

  constructor(readonly owner: object) {}

  get isOpen(): boolean {
    return this.open;
  }

  end(): void {
    this.open = false;
  }

  /** Records the first failed operation: the transaction is doomed (MongoDB aborts it server-side). */
  fail(error: unknown): void {
    this.failure ??= { error };
  }

  throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}

export class TxScope<H extends TxHandle> {
  private readonly als = new AsyncLocalStorage<H>();

  constructor(private readonly owner: object) {}

  /** Runs fn so that code it starts can tell it is inside this transaction. */
  run<R>(handle: H, fn: () => Promise<R>): Promise<R> {
    return this.als.run(handle, fn);
  }

  /** The open transaction whose fn this code runs in, if any. */
  current(): H | undefined {
    const h = this.als.getStore();
    return h?.isOpen ? h : undefined;
  }

  /**
   * Guards calls made inside fn without the tx handle: they would not take part in the
   * transaction (and on SQLite would wait for it forever).
   * @param takesTx whether `what` accepts a tx handle, for the hint in the message
   */
  assertOutside(what: string, takesTx: boolean): void {
    if (!this.current()) return;
    throw new Error(
      takesTx
        ? `${what} called inside withTransaction without the tx handle: pass the tx`
        : `${what} cannot be called inside withTransaction${what === 'withTransaction' ? ' (nesting is not supported; use the outer tx)' : ''}`,
    );
  }

  /** Resolves a handle passed to an operation: it must belong to this store and still be usable. */
  check(tx: Tx): H {
    if (!(tx instanceof TxHandle) || tx.owner !== this.owner) throw new Error('tx handle belongs to another store');
    if (!tx.isOpen) throw new Error('tx handle used after its transaction ended');
    tx.throwIfFailed();
    return tx as H;
  }
}

import { DuplicateKeyError, type Collection, type DocumentStore } from '@svc/store';
import { COLLECTIONS, type PaymentAccountDoc } from '../../store/records.js';

/** The tenants' payment accounts (records.ts PaymentAccountDoc): one each, keyed by the tenant id. */
export class PaymentAccountRepository {
  private readonly accounts: Collection<PaymentAccountDoc>;

  constructor(private readonly store: DocumentStore) {
    this.accounts = store.collection<PaymentAccountDoc>(COLLECTIONS.paymentAccounts);
  }

  get(tenantId: string): Promise<PaymentAccountDoc | null> {
    return this.accounts.findOne({ _id: tenantId });
  }

  /**
   * Stores the tenant's account, replacing the one before (a new key for the same or another
   * Stripe account), and makes the replaced sealed key unreadable in the store's files too.
   */
  async save(doc: PaymentAccountDoc): Promise<void> {
    if ((await this.accounts.updateOne({ _id: doc._id }, doc)) === 0) {
      try {
        await this.accounts.insertOne(doc);
      } catch (err) {
        // Another connect of the same tenant inserted first: this one, the later, wins.
        if (!(err instanceof DuplicateKeyError)) throw err;
        await this.accounts.updateOne({ _id: doc._id }, doc);
      }
    }
    await this.store.scrubFreed();
  }

  /** Forgets the tenant's account and its sealed key (scrubbed from the store's files); true when there was one. */
  async remove(tenantId: string): Promise<boolean> {
    const removed = (await this.accounts.deleteMany({ _id: tenantId })) > 0;
    if (removed) await this.store.scrubFreed();
    return removed;
  }
}

import { findPage, type Collection, type DocumentStore, type Page, type PageRequest } from '@svc/store';
import { COLLECTIONS } from './collections.js';
import type { SubscriptionDoc, TenantSubscriptionsDoc } from './records.js';

/** Subscriptions; every read is scoped to a tenant, so another tenant's id is simply not found. */
export class SubscriptionRepository {
  private readonly collection: Collection<SubscriptionDoc>;
  private readonly versions: Collection<TenantSubscriptionsDoc>;

  constructor(private readonly store: DocumentStore) {
    this.collection = store.collection<SubscriptionDoc>(COLLECTIONS.subscriptions);
    this.versions = store.collection<TenantSubscriptionsDoc>(COLLECTIONS.tenantSubscriptions);
  }

  /**
   * Inserts the subscription unless its tenant already has `max` (active or disabled); answers
   * whether it did. Counted and written in one transaction that also counts up the tenant's
   * version, so parallel creates never take more places than there are, on MongoDB too.
   */
  insertWithin(doc: SubscriptionDoc, max: number): Promise<boolean> {
    return this.store.withTransaction(async (tx) => {
      const { tenantId } = doc;
      const seen = await this.versions.findOne({ _id: tenantId }, tx);
      if (seen) await this.versions.updateOne({ _id: tenantId }, { version: seen.version + 1 }, tx);
      else await this.versions.insertOne({ _id: tenantId, tenantId, version: 1 }, tx);
      if ((await this.collection.count({ tenantId }, tx)) >= max) return false;
      await this.collection.insertOne(doc, tx);
      return true;
    });
  }

  /** Removes the subscription; false when it does not exist in the tenant. */
  async delete(tenantId: string, subscriptionId: string): Promise<boolean> {
    return (await this.collection.deleteMany({ _id: subscriptionId, tenantId })) === 1;
  }

  get(tenantId: string, subscriptionId: string): Promise<SubscriptionDoc | null> {
    return this.collection.findOne({ _id: subscriptionId, tenantId });
  }

  /** Sets the given fields; false when the subscription does not exist in the tenant. */
  async update(
    tenantId: string,
    subscriptionId: string,
    set: Partial<Omit<SubscriptionDoc, '_id' | 'tenantId' | 'createdAtMs'>>,
  ): Promise<boolean> {
    return (await this.collection.updateOne({ _id: subscriptionId, tenantId }, set)) === 1;
  }

  page(tenantId: string, page: PageRequest): Promise<Page<SubscriptionDoc>> {
    return findPage(this.collection, { tenantId }, page);
  }

  /** What an event of the tenant fans out to (a tenant has few subscriptions). */
  active(tenantId: string): Promise<SubscriptionDoc[]> {
    return this.collection.find({ tenantId, status: 'active' });
  }
}

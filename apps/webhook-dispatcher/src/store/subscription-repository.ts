import { findPage, type Collection, type DocumentStore, type Page, type PageRequest } from '@svc/store';
import { COLLECTIONS } from './collections.js';
import type { SubscriptionDoc } from './records.js';

/** Subscriptions; every read is scoped to a tenant, so another tenant's id is simply not found. */
export class SubscriptionRepository {
  private readonly collection: Collection<SubscriptionDoc>;

  constructor(store: DocumentStore) {
    this.collection = store.collection<SubscriptionDoc>(COLLECTIONS.subscriptions);
  }

  insert(doc: SubscriptionDoc): Promise<void> {
    return this.collection.insertOne(doc);
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

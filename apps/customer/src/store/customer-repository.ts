/**
 * Customers over the document store. Every write that touches email or phone runs in one
 * transaction with the matching `customer_contacts` rows, so lookups never disagree with records;
 * every write that touches name, email or phone also rewrites the customer's `customer_search`
 * keys in that transaction, so searches never disagree with records either.
 */
import {
  findByPrefix,
  findPage,
  listIndex,
  prefixIndex,
  type Collection,
  type DocumentStore,
  type IndexSpec,
  type Tx,
} from '@svc/store';
import {
  contactsOf,
  erasedCustomer,
  type ContactKind,
  type Customer,
  type CustomerFields,
} from '../domain/customer.js';
import { assertIdentifiable } from '../domain/fields.js';
import { applyChanges, contactChanges, fillFromBooking, newCustomer, type Contact } from '../domain/merge.js';
import { encodeCursor, encodeSearchCursor, type ListRequest, type SearchPosition } from './paging.js';
import { firstMatchingKey, searchKeysOf, SEARCH_KEYS_VERSION, type SearchQuery } from '../domain/search.js';
import { newCustomerId } from './ids.js';
import {
  CONTACTS,
  CUSTOMERS,
  SEARCH,
  contactKey,
  fromDoc,
  searchDocId,
  toDoc,
  type ContactDoc,
  type CustomerDoc,
  type SearchDoc,
} from './records.js';
import { retryOnDuplicateKey } from './retry.js';

const CUSTOMER_INDEXES: IndexSpec[] = [
  // The list: a tenant's customers in (createdAtMs, id) order, resumed after a cursor.
  listIndex(CUSTOMERS),
  // Finds a customer's contacts for repair or audit; also makes the collection exist before the
  // first transaction writes it (DocumentStore.ensureIndexes).
  { collection: CONTACTS, fields: ['customerId'], name: 'by_customer' },
  // The search: a tenant's keys by prefix in (key, customerId) order.
  prefixIndex(SEARCH, 'key', 'customerId'),
  // One customer's keys, rewritten whole by the backfill (and the collection made before any transaction).
  { collection: SEARCH, fields: ['customerId'], name: 'by_customer' },
  // The backfill's question: which customers have no keys, or keys of an older rule.
  { collection: CUSTOMERS, fields: ['searchVersion'], name: 'by_search_version' },
];

/** Customers the backfill rewrites per transaction. */
const BACKFILL_BATCH = 200;

/** An email or phone already belongs to another customer of the tenant. */
export class ContactInUseError extends Error {
  override readonly name = 'ContactInUseError';
  constructor(readonly kinds: ContactKind[]) {
    super(`${kinds.join(' and ')} already used by another customer`);
  }
}

/** An erased customer's record does not change any more (docs/decisions.md "Privacy"). */
export class CustomerErasedError extends Error {
  override readonly name = 'CustomerErasedError';
  constructor() {
    super('customer erased');
  }
}

export interface ListPage {
  items: Customer[];
  /** The cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

export interface CustomerRepositoryOptions {
  /** Epoch ms; tests pin it. */
  clock?: () => number;
}

export class CustomerRepository {
  private readonly customers: Collection<CustomerDoc>;
  private readonly contacts: Collection<ContactDoc>;
  private readonly search: Collection<SearchDoc>;
  private readonly clock: () => number;

  constructor(
    private readonly store: DocumentStore,
    options: CustomerRepositoryOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.customers = store.collection<CustomerDoc>(CUSTOMERS);
    this.contacts = store.collection<ContactDoc>(CONTACTS);
    this.search = store.collection<SearchDoc>(SEARCH);
  }

  async ensureIndexes(): Promise<void> {
    // Earlier releases paged customers by a unique (tenantId, sortKey) index; new documents have
    // no sortKey, so on MongoDB that index would refuse a tenant's second new customer.
    await this.store.dropIndex(CUSTOMERS, 'by_tenant_order');
    await this.store.ensureIndexes(CUSTOMER_INDEXES);
  }

  /**
   * The tenant's customer with this email, else with this phone, else a new one. A returning
   * customer with nothing to fill in is answered from a plain read (every booking asks, and a
   * write transaction would serialize them on SQLite). Otherwise, in a transaction: concurrent
   * calls for the same new contact race on its `customer_contacts` key; the loser retries and
   * finds the winner's customer, so they all answer the same one.
   */
  async lookupOrCreate(tenantId: string, fields: CustomerFields): Promise<{ customer: Customer; created: boolean }> {
    const known = await this.matching(tenantId, fields);
    if (known && Object.keys(fillFromBooking(known, fields)).length === 0) return { customer: known, created: false };
    return retryOnDuplicateKey(() =>
      this.store.withTransaction(async (tx) => {
        const doc = await this.matchingDoc(tenantId, fields, tx);
        if (doc) {
          const existing = fromDoc(doc);
          const fill = fillFromBooking(existing, fields);
          if (Object.keys(fill).length === 0) return { customer: existing, created: false };
          const next = applyChanges(existing, fill, this.clock());
          const keys = await this.rewriteSearchKeys(doc, next, tx);
          await this.customers.updateOne(
            { _id: existing.customerId, tenantId },
            { ...fill, updatedAtMs: next.updatedAtMs, ...keys },
            tx,
          );
          return { customer: next, created: false };
        }
        const customer = newCustomer(newCustomerId(), tenantId, fields, this.clock());
        await this.insert(customer, tx);
        return { customer, created: true };
      }),
    );
  }

  /** The customer owning the email, else the phone, of `fields` (one read of both contact keys). */
  private async matching(tenantId: string, fields: CustomerFields): Promise<Customer | null> {
    const doc = await this.matchingDoc(tenantId, fields);
    return doc && fromDoc(doc);
  }

  private async matchingDoc(tenantId: string, fields: CustomerFields, tx?: Tx): Promise<CustomerDoc | null> {
    const keys = contactsOf(fields).map((c) => contactKey(tenantId, c.kind, c.value));
    if (keys.length === 0) return null;
    const found = await this.contacts.find({ _id: { $in: keys } }, {}, tx);
    const match = keys.map((k) => found.find((c) => c._id === k)).find((c) => c !== undefined);
    if (!match) return null;
    const existing = await this.getDoc(tenantId, match.customerId, tx);
    if (!existing) throw new Error(`contact ${match._id} points to missing customer ${match.customerId}`);
    return existing;
  }

  /** A new customer; throws ContactInUseError when its email or phone belongs to another one. */
  create(tenantId: string, fields: CustomerFields): Promise<Customer> {
    return retryOnDuplicateKey(() =>
      this.store.withTransaction(async (tx) => {
        await this.assertContactsFree(tenantId, contactsOf(fields), null, tx);
        const customer = newCustomer(newCustomerId(), tenantId, fields, this.clock());
        await this.insert(customer, tx);
        return customer;
      }),
    );
  }

  /** null when the id is unknown or another tenant's. */
  async get(tenantId: string, customerId: string): Promise<Customer | null> {
    const doc = await this.customers.findOne({ _id: customerId, tenantId });
    return doc ? fromDoc(doc) : null;
  }

  /**
   * Applies the changes; null when the customer is unknown; ContactInUseError as for create; a
   * VALIDATION_ERROR when the result would have neither a name nor a contact (assertIdentifiable).
   */
  update(tenantId: string, customerId: string, changes: Partial<CustomerFields>): Promise<Customer | null> {
    return retryOnDuplicateKey(() =>
      this.store.withTransaction(async (tx) => {
        const doc = await this.getDoc(tenantId, customerId, tx);
        if (!doc) return null;
        const existing = fromDoc(doc);
        if (existing.erasedAtMs != null) throw new CustomerErasedError();
        const next = applyChanges(existing, changes, this.clock());
        assertIdentifiable(next, changes);
        const { removed, added } = contactChanges(existing, next);
        await this.assertContactsFree(tenantId, added, customerId, tx);
        for (const c of removed) await this.contacts.deleteMany({ _id: contactKey(tenantId, c.kind, c.value) }, tx);
        for (const c of added) await this.insertContact(tenantId, c, customerId, tx);
        await this.customers.updateOne(
          { _id: customerId, tenantId },
          {
            name: next.name,
            // null, not absent: updateOne cannot remove a field, and no index reads these.
            primaryEmail: next.primaryEmail,
            phone: next.phone,
            locale: next.locale,
            timezone: next.timezone,
            updatedAtMs: next.updatedAtMs,
            ...(await this.rewriteSearchKeys(doc, next, tx)),
          },
          tx,
        );
        return next;
      }),
    );
  }

  /**
   * Erases the customer (docs/decisions.md "Privacy"): in one transaction their contacts and
   * search keys go and the record keeps only its id, tenant and times; then the freed bytes are
   * scrubbed from the store's files. Idempotent: an erased customer is answered as it is. null
   * when the id is unknown or another tenant's.
   */
  async erase(tenantId: string, customerId: string): Promise<Customer | null> {
    const erased = await this.store.withTransaction(async (tx) => {
      const doc = await this.getDoc(tenantId, customerId, tx);
      if (!doc) return null;
      const existing = fromDoc(doc);
      if (existing.erasedAtMs != null) return existing;
      const next = erasedCustomer(existing, this.clock());
      await this.contacts.deleteMany({ customerId }, tx);
      await this.search.deleteMany({ customerId }, tx);
      await this.customers.updateOne(
        { _id: customerId, tenantId },
        {
          name: next.name,
          primaryEmail: null,
          phone: null,
          locale: next.locale,
          timezone: next.timezone,
          updatedAtMs: next.updatedAtMs,
          erasedAtMs: next.erasedAtMs,
          searchKeys: [],
          searchVersion: SEARCH_KEYS_VERSION,
        },
        tx,
      );
      return next;
    });
    // Every time, not only when this call erased: a scrub that failed after the commit is redone
    // by the retried step, which finds the record already erased.
    if (erased) await this.store.scrubFreed();
    return erased;
  }

  /** A page of the tenant's customers: in list order, or a search's matches in search order. */
  async list(tenantId: string, req: ListRequest): Promise<ListPage> {
    if (req.search !== null) return this.searchPage(tenantId, req.search, req.limit, req.after);
    const page = await findPage(
      this.customers,
      { tenantId },
      { limit: req.limit, after: req.after && { at: req.after.createdAtMs, id: req.after.customerId } },
    );
    return {
      items: page.items.map(fromDoc),
      nextCursor: page.next && encodeCursor({ createdAtMs: page.next.at, customerId: page.next.id }),
    };
  }

  /**
   * The customers with a key that starts with the query's prefix, each once, at the smallest such
   * key, in (key, customerId) order: indexed range reads of `customer_search`, then the records
   * of the hits. A hit at another of a customer's keys is skipped, so a page reads at most (keys
   * per customer) × (limit + 1) entries, however large the tenant.
   */
  private async searchPage(
    tenantId: string,
    search: SearchQuery,
    limit: number,
    after: SearchPosition | null,
  ): Promise<ListPage> {
    const items: Customer[] = [];
    let last: SearchPosition | null = null;
    let readAfter = after && { key: after.key, id: after.customerId };
    const batch = limit + 1;
    for (;;) {
      const hits = await findByPrefix(
        this.search,
        { tenantId },
        { keyField: 'key', idField: 'customerId', prefix: search.prefix, after: readAfter, limit: batch },
      );
      // By id alone: with tenantId in the filter SQLite's planner walks the tenant's list index instead.
      const docs = await this.customers.find({ _id: { $in: [...new Set(hits.map((h) => h.customerId))] } });
      const byId = new Map(docs.filter((d) => d.tenantId === tenantId).map((d) => [d._id, d]));
      for (const hit of hits) {
        readAfter = { key: hit.key, id: hit.customerId };
        const doc = byId.get(hit.customerId);
        // Listed at its smallest matching key only (or not at all if it changed since the read).
        if (!doc || firstMatchingKey(doc.searchKeys ?? [], search.prefix) !== hit.key) continue;
        // One match beyond the page proves there is a next page.
        if (items.length === limit) return { items, nextCursor: last && encodeSearchCursor(last) };
        items.push(fromDoc(doc));
        last = { key: hit.key, customerId: hit.customerId };
      }
      if (hits.length < batch) return { items, nextCursor: null };
    }
  }

  /**
   * Gives every customer that has no search keys, or keys of an older rule, the current ones: in
   * batches of one transaction each, re-reading each customer inside it, so a concurrent update
   * is never undone. Idempotent: a customer with current keys is not read again. Answers how many
   * were rewritten; stops between batches once `stopping()` says so.
   */
  async backfillSearchKeys(stopping: () => boolean = () => false, batch = BACKFILL_BATCH): Promise<number> {
    let written = 0;
    // No sort: each filter is an index seek on by_search_version, and rewriting takes a customer out of it.
    for (const filter of [{ searchVersion: null }, { searchVersion: { $lt: SEARCH_KEYS_VERSION } }]) {
      while (!stopping()) {
        const stale = await this.customers.find(filter, { limit: batch });
        if (stale.length === 0) break;
        await this.store.withTransaction(async (tx) => {
          for (const { _id } of stale) {
            const doc = await this.customers.findOne({ _id }, tx);
            if (!doc || doc.searchVersion === SEARCH_KEYS_VERSION) continue;
            await this.customers.updateOne({ _id }, await this.rewriteSearchKeys(doc, fromDoc(doc), tx), tx);
          }
        });
        written += stale.length;
      }
    }
    return written;
  }

  /**
   * Makes the customer's `customer_search` entries the keys of `next` (only the difference, when
   * the stored keys are known; all of them otherwise) and answers the fields that record them on
   * the customer document, for the caller's update in the same transaction.
   */
  private async rewriteSearchKeys(
    doc: CustomerDoc,
    next: Customer,
    tx: Tx,
  ): Promise<Pick<CustomerDoc, 'searchKeys' | 'searchVersion'>> {
    const keys = searchKeysOf(next);
    const known = doc.searchKeys;
    if (known === undefined) await this.search.deleteMany({ customerId: doc._id }, tx);
    const before = new Set(known ?? []);
    const after = new Set(keys);
    for (const key of before) if (!after.has(key)) await this.search.deleteMany({ _id: searchDocId(doc._id, key) }, tx);
    for (const key of after) if (!before.has(key)) await this.insertSearchKey(next, key, tx);
    return { searchKeys: keys, searchVersion: SEARCH_KEYS_VERSION };
  }

  private insertSearchKey(c: Customer, key: string, tx: Tx): Promise<void> {
    return this.search.insertOne(
      { _id: searchDocId(c.customerId, key), tenantId: c.tenantId, key, customerId: c.customerId },
      tx,
    );
  }

  private getDoc(tenantId: string, customerId: string, tx?: Tx): Promise<CustomerDoc | null> {
    return this.customers.findOne({ _id: customerId, tenantId }, tx);
  }

  private findContact(tenantId: string, kind: ContactKind, value: string | null, tx: Tx): Promise<ContactDoc | null> {
    return value === null
      ? Promise.resolve(null)
      : this.contacts.findOne({ _id: contactKey(tenantId, kind, value) }, tx);
  }

  private async assertContactsFree(tenantId: string, contacts: Contact[], self: string | null, tx: Tx): Promise<void> {
    const taken: ContactKind[] = [];
    for (const c of contacts) {
      const owner = await this.findContact(tenantId, c.kind, c.value, tx);
      if (owner && owner.customerId !== self) taken.push(c.kind);
    }
    if (taken.length > 0) throw new ContactInUseError(taken);
  }

  private async insert(customer: Customer, tx: Tx): Promise<void> {
    const searchKeys = searchKeysOf(customer);
    await this.customers.insertOne({ ...toDoc(customer), searchKeys, searchVersion: SEARCH_KEYS_VERSION }, tx);
    for (const c of contactsOf(customer)) await this.insertContact(customer.tenantId, c, customer.customerId, tx);
    for (const key of searchKeys) await this.insertSearchKey(customer, key, tx);
  }

  private insertContact(tenantId: string, c: Contact, customerId: string, tx: Tx): Promise<void> {
    return this.contacts.insertOne({ _id: contactKey(tenantId, c.kind, c.value), tenantId, ...c, customerId }, tx);
  }
}

/**
 * Customers over the document store. Every write that touches email or phone runs in one
 * transaction with the matching `customer_contacts` rows, so lookups never disagree with records.
 */
import {
  findPage,
  listIndex,
  type Collection,
  type DocumentStore,
  type IndexSpec,
  type PagePosition as ListPosition,
  type Tx,
} from '@svc/store';
import { contactsOf, type ContactKind, type Customer, type CustomerFields } from '../domain/customer.js';
import { applyChanges, contactChanges, fillFromBooking, newCustomer, type Contact } from '../domain/merge.js';
import type { ListRequest, PagePosition } from '../domain/paging.js';
import { matchesSearch } from '../domain/search.js';
import { newCustomerId } from './ids.js';
import { CONTACTS, CUSTOMERS, contactKey, fromDoc, toDoc, type ContactDoc, type CustomerDoc } from './records.js';
import { retryOnDuplicateKey } from './retry.js';

const CUSTOMER_INDEXES: IndexSpec[] = [
  // The list: a tenant's customers in (createdAtMs, id) order, resumed after a cursor.
  listIndex(CUSTOMERS),
  // Finds a customer's contacts for repair or audit; also makes the collection exist before the
  // first transaction writes it (DocumentStore.ensureIndexes).
  { collection: CONTACTS, fields: ['customerId'], name: 'by_customer' },
];

/** An email or phone already belongs to another customer of the tenant. */
export class ContactInUseError extends Error {
  override readonly name = 'ContactInUseError';
  constructor(readonly kinds: ContactKind[]) {
    super(`${kinds.join(' and ')} already used by another customer`);
  }
}

export interface ListPage {
  items: Customer[];
  /** Where the next page starts; null on the last page. */
  next: PagePosition | null;
}

export interface CustomerRepositoryOptions {
  /** Epoch ms; tests pin it. */
  clock?: () => number;
  /** Documents read per round trip when filtering by a search query; default 200. */
  searchBatch?: number;
  /**
   * Documents examined per page at most when searching; default 5000. The store has no substring
   * filter, so a rare match in a large tenant would otherwise scan everything in one call. A page
   * may then hold fewer items than the limit while `next` is set; clients follow the cursor until
   * it is null.
   */
  searchScanLimit?: number;
}

export class CustomerRepository {
  private readonly customers: Collection<CustomerDoc>;
  private readonly contacts: Collection<ContactDoc>;
  private readonly clock: () => number;
  private readonly searchBatch: number;
  private readonly searchScanLimit: number;

  constructor(
    private readonly store: DocumentStore,
    options: CustomerRepositoryOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.searchBatch = options.searchBatch ?? 200;
    this.searchScanLimit = options.searchScanLimit ?? 5_000;
    this.customers = store.collection<CustomerDoc>(CUSTOMERS);
    this.contacts = store.collection<ContactDoc>(CONTACTS);
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
        const existing = await this.matching(tenantId, fields, tx);
        if (existing) {
          const fill = fillFromBooking(existing, fields);
          if (Object.keys(fill).length === 0) return { customer: existing, created: false };
          const next = applyChanges(existing, fill, this.clock());
          await this.customers.updateOne(
            { _id: existing.customerId, tenantId },
            { ...fill, updatedAtMs: next.updatedAtMs },
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
  private async matching(tenantId: string, fields: CustomerFields, tx?: Tx): Promise<Customer | null> {
    const keys = contactsOf(fields).map((c) => contactKey(tenantId, c.kind, c.value));
    if (keys.length === 0) return null;
    const found = await this.contacts.find({ _id: { $in: keys } }, {}, tx);
    const match = keys.map((k) => found.find((c) => c._id === k)).find((c) => c !== undefined);
    if (!match) return null;
    const existing = await this.getIn(tenantId, match.customerId, tx);
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

  /** Applies the changes; null when the customer is unknown; ContactInUseError as for create. */
  update(tenantId: string, customerId: string, changes: Partial<CustomerFields>): Promise<Customer | null> {
    return retryOnDuplicateKey(() =>
      this.store.withTransaction(async (tx) => {
        const existing = await this.getIn(tenantId, customerId, tx);
        if (!existing) return null;
        const next = applyChanges(existing, changes, this.clock());
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
          },
          tx,
        );
        return next;
      }),
    );
  }

  /** A page of the tenant's customers in list order; with a search, only its matches (see searchScanLimit). */
  async list(tenantId: string, req: ListRequest): Promise<ListPage> {
    const search = req.search;
    const page = await findPage(
      this.customers,
      { tenantId },
      { limit: req.limit, after: req.after && { at: req.after.createdAtMs, id: req.after.customerId } },
      search
        ? {
            where: (doc) => matchesSearch(fromDoc(doc), search),
            batch: this.searchBatch,
            scanLimit: this.searchScanLimit,
          }
        : {},
    );
    return { items: page.items.map(fromDoc), next: page.next && customerPosition(page.next) };
  }

  private async getIn(tenantId: string, customerId: string, tx?: Tx): Promise<Customer | null> {
    const doc = await this.customers.findOne({ _id: customerId, tenantId }, tx);
    return doc ? fromDoc(doc) : null;
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
    await this.customers.insertOne(toDoc(customer), tx);
    for (const c of contactsOf(customer)) await this.insertContact(customer.tenantId, c, customer.customerId, tx);
  }

  private insertContact(tenantId: string, c: Contact, customerId: string, tx: Tx): Promise<void> {
    return this.contacts.insertOne({ _id: contactKey(tenantId, c.kind, c.value), tenantId, ...c, customerId }, tx);
  }
}

function customerPosition(p: ListPosition): PagePosition {
  return { createdAtMs: p.at, customerId: p.id };
}

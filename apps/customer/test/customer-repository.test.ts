import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type Collection, type Document, type DocumentStore } from '@svc/store';
import type { CustomerFields } from '../src/domain/customer.js';
import { parseListRequest } from '../src/domain/paging.js';
import { CustomerRepository } from '../src/store/customer-repository.js';
import { CONTACTS } from '../src/store/records.js';

const fields = (f: Partial<CustomerFields>): CustomerFields => ({
  name: '',
  primaryEmail: null,
  phone: null,
  locale: '',
  timezone: '',
  ...f,
});

const stores: DocumentStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

async function open(): Promise<DocumentStore> {
  const store = await openSqliteStore({ file: ':memory:' });
  stores.push(store);
  return store;
}

/**
 * The store as a transaction sees it under MongoDB's snapshot isolation when it loses a race:
 * the first `count` contact reads miss a contact another transaction has just committed.
 */
function withStaleContactReads(store: DocumentStore, count: number): DocumentStore {
  let stale = count;
  return new Proxy(store, {
    get(target, prop, receiver) {
      // Methods run on the real store: it only accepts transaction handles it made itself.
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop !== 'collection') return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      return <T extends Document>(name: string): Collection<T> => {
        const coll = target.collection<T>(name);
        if (name !== CONTACTS) return coll;
        return { ...coll, findOne: (filter, tx) => (stale-- > 0 ? Promise.resolve(null) : coll.findOne(filter, tx)) };
      };
    },
  });
}

describe('CustomerRepository', () => {
  it('lookupOrCreate that loses the race on the contact key retries and answers the winner', async () => {
    const store = await open();
    const winner = await new CustomerRepository(store).lookupOrCreate(
      'ten_1',
      fields({ primaryEmail: 'a@example.com' }),
    );
    // Two attempts read stale, so it takes two retries to see the winner.
    const loser = new CustomerRepository(withStaleContactReads(store, 2));
    const result = await loser.lookupOrCreate('ten_1', fields({ primaryEmail: 'a@example.com', name: 'Ann' }));
    expect(result.created).toBe(false);
    expect(result.customer).toMatchObject({ customerId: winner.customer.customerId, name: 'Ann' });
    // The failed attempt left nothing behind.
    const page = await loser.list('ten_1', parseListRequest({ limit: 0, cursor: '', query: '' }));
    expect(page.items.map((c) => c.customerId)).toEqual([winner.customer.customerId]);
  });

  it('create that loses the race reports the clash after retrying', async () => {
    const store = await open();
    await new CustomerRepository(store).create('ten_1', fields({ name: 'A', phone: '+14155550100' }));
    const loser = new CustomerRepository(withStaleContactReads(store, 1));
    await expect(loser.create('ten_1', fields({ name: 'B', phone: '+14155550100' }))).rejects.toMatchObject({
      name: 'ContactInUseError',
      kinds: ['phone'],
    });
  });

  it('bounds the documents one search page examines and resumes from where it stopped', async () => {
    const store = await open();
    let now = 1_000;
    const repo = new CustomerRepository(store, { clock: () => now++, searchBatch: 3, searchScanLimit: 5 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await repo.create('ten_1', fields({ name: i % 4 === 3 ? `match ${i}` : `other ${i}` }))).customerId);

    const pages: string[][] = [];
    let after = null;
    do {
      const page = await repo.list('ten_1', { limit: 10, after, search: { text: 'match', digits: null } });
      pages.push(page.items.map((c) => c.customerId));
      after = page.next;
    } while (after);
    // Each page stops after the batch that reaches 5 examined (2 batches of 3). The last batch was
    // full, so only a third (empty) page can tell that nothing follows.
    expect(pages).toEqual([[ids[3]], [ids[7], ids[11]], []]);
  });
});

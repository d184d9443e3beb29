import { afterEach, describe, expect, it } from 'vitest';
import { compareUtf8 } from '@svc/rules';
import { openSqliteStore, type Collection, type Document, type DocumentStore } from '@svc/store';
import type { CustomerFields } from '../src/domain/customer.js';
import { createLogger } from '@svc/telemetry';
import { newCustomer } from '../src/domain/merge.js';
import { parseListRequest } from '../src/store/paging.js';
import { searchKeysOf, SEARCH_KEYS_VERSION } from '../src/domain/search.js';
import { CustomerRepository } from '../src/store/customer-repository.js';
import { CONTACTS, CUSTOMERS, fromDoc, SEARCH, toDoc, type CustomerDoc, type SearchDoc } from '../src/store/records.js';
import { startSearchBackfill } from '../src/store/search-backfill.js';

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

  it('finds customers written before search keys existed once the backfill has run, in batches, idempotently', async () => {
    const store = await open();
    const repo = new CustomerRepository(store, { clock: () => 1_000 });
    await repo.ensureIndexes();
    // As an earlier release stored them: no searchKeys, no searchVersion, no customer_search entries.
    const legacy = store.collection<CustomerDoc>(CUSTOMERS);
    for (let i = 0; i < 45; i++) {
      const c = newCustomer(
        `cus_legacy${String(i).padStart(2, '0')}`,
        'ten_1',
        fields({ name: `Old Timer ${i}`, primaryEmail: `old${i}@example.com` }),
        500 + i,
      );
      await legacy.insertOne(toDoc(c));
    }
    const fresh = await repo.create('ten_1', fields({ name: 'Old New' }));
    const search = (q: string) => repo.list('ten_1', parseListRequest({ limit: 100, cursor: '', query: q }));
    expect((await search('old')).items.map((c) => c.customerId)).toEqual([fresh.customerId]);

    let batches = 0;
    const written = await repo.backfillSearchKeys(() => (batches++, false), 10);
    expect(written).toBe(45);
    expect(batches).toBe(5 + 1 + 1); // five full batches, one empty read per filter
    const found = (await search('old')).items.map((c) => c.customerId);
    expect(found).toHaveLength(46);
    expect((await search('old7@')).items.map((c) => c.customerId)).toEqual(['cus_legacy07']);
    // Every customer now carries the keys of the current rule, and the entries match them.
    for (const doc of await legacy.find({})) {
      expect(doc.searchVersion).toBe(SEARCH_KEYS_VERSION);
      expect(doc.searchKeys).toEqual(searchKeysOf(fromDoc(doc)));
      const entries = await store.collection<SearchDoc>(SEARCH).find({ customerId: doc._id });
      expect(entries.map((e) => e.key).sort(compareUtf8)).toEqual(doc.searchKeys);
    }
    expect(await repo.backfillSearchKeys()).toBe(0);
    // Stopping between batches leaves the rest for the next pass.
    await legacy.insertOne(toDoc(newCustomer('cus_late', 'ten_1', fields({ name: 'Late Comer' }), 2_000)));
    expect(await repo.backfillSearchKeys(() => true)).toBe(0);
    expect((await search('late')).items).toEqual([]);
    expect(await repo.backfillSearchKeys()).toBe(1);
    expect((await search('late')).items.map((c) => c.customerId)).toEqual(['cus_late']);
  });

  it('rewrites keys of an older rule and of a customer updated before the backfill reached it', async () => {
    const store = await open();
    const repo = new CustomerRepository(store);
    await repo.ensureIndexes();
    const customers = store.collection<CustomerDoc>(CUSTOMERS);
    const entries = store.collection<SearchDoc>(SEARCH);
    const c = await repo.create('ten_1', fields({ name: 'Ada Byron' }));
    // Keys of an imagined older rule: one stale entry, an older version.
    await customers.updateOne({ _id: c.customerId }, { searchKeys: ['stale'], searchVersion: SEARCH_KEYS_VERSION - 1 });
    await entries.deleteMany({ customerId: c.customerId });
    await entries.insertOne({
      _id: `${c.customerId}:stale`,
      tenantId: 'ten_1',
      key: 'stale',
      customerId: c.customerId,
    });
    expect(await repo.backfillSearchKeys()).toBe(1);
    expect((await entries.find({ customerId: c.customerId })).map((e) => e.key).sort()).toEqual(['ada byron', 'byron']);

    // A legacy customer updated (through the service) before the backfill: keys written at once.
    await customers.insertOne(toDoc(newCustomer('cus_legacy', 'ten_1', fields({ name: 'Grace' }), 1)));
    await repo.update('ten_1', 'cus_legacy', { name: 'Grace Hopper' });
    const search = (q: string) => repo.list('ten_1', parseListRequest({ limit: 10, cursor: '', query: q }));
    expect((await search('hop')).items.map((x) => x.customerId)).toEqual(['cus_legacy']);
    expect(await repo.backfillSearchKeys()).toBe(0);
  });

  it('the start-up backfill retries after a failure and stops when asked', async () => {
    let calls = 0;
    const failing = {
      backfillSearchKeys: async () => {
        if (++calls < 3) throw new Error('store down');
        return 2;
      },
    };
    const run = startSearchBackfill(failing, createLogger('customer-test', 'silent'), 5);
    await run.done;
    expect(calls).toBe(3);
    const never = startSearchBackfill(
      { backfillSearchKeys: () => Promise.reject(new Error('down')) },
      createLogger('customer-test', 'silent'),
      60_000,
    );
    await new Promise((r) => setTimeout(r, 10));
    await never.stop();
    await never.done;
  });
});

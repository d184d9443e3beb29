import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@svc/errors';
import { checkHealth, type RunningGrpcHost, connectService, type CustomerClient } from '@svc/grpc';
import { customerV1 } from '@svc/proto';
import { mongoForSuites } from '@svc/testing';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { CUSTOMER_SERVICE_NAME, startCustomerService } from '../src/index.js';

const settings = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 };
const logger = createLogger('customer', 'silent');

describe('customer service host', () => {
  it('serves Health under its name, probes its store, and closes the store when it stops', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    const host = await startCustomerService(settings, { logger, store });
    expect(await checkHealth(host.address, CUSTOMER_SERVICE_NAME)).toBe('SERVING');
    await host.stop();
    await expect(store.ping()).rejects.toThrow();
    expect(await checkHealth(host.address)).toBe('UNREACHABLE');
  });
});

/** The failure a call rejected with, as the gateway sees it. */
async function failure(call: Promise<unknown>): Promise<DomainError> {
  const err = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

async function expectViolation(call: Promise<unknown>, paths: string[]): Promise<void> {
  const err = await failure(call);
  expect(err.code).toBe('VALIDATION_ERROR');
  expect(err.details.map((d) => d.path)).toEqual(paths);
}

function customerServiceSuite(label: string, openStore: () => Promise<DocumentStore>): void {
  describe(`customer.v1.CustomerService over gRPC (${label})`, () => {
    let host: RunningGrpcHost;
    let client: CustomerClient;
    let now = Date.UTC(2030, 0, 1);
    const tenant = () => `ten_${randomUUID().slice(0, 8)}`;

    beforeAll(async () => {
      host = await startCustomerService(settings, { logger, store: await openStore(), clock: () => now });
      client = connectService(customerV1.CustomerServiceService, host.address);
    });
    afterAll(async () => {
      client?.close();
      await host?.stop();
    });

    const lookup = (tenantId: string, fields: customerV1.CustomerFields) =>
      client.lookupOrCreateCustomer({ tenantId, fields });
    const create = async (tenantId: string, fields: customerV1.CustomerFields) =>
      (await client.createCustomer({ tenantId, fields })).customer!;
    const get = async (tenantId: string, customerId: string) =>
      (await client.getCustomer({ tenantId, customerId })).customer!;
    const list = (tenantId: string, query = '', limit = 0, cursor = '') =>
      client.listCustomers({ tenantId, query, page: { limit, cursor } });
    const update = async (tenantId: string, customerId: string, fields: customerV1.CustomerFields) =>
      (await client.updateCustomer({ tenantId, customerId, fields })).customer!;
    /** Every item of the list, following cursors. */
    const listAll = async (tenantId: string, query = '', limit = 0) => {
      const ids: string[] = [];
      let cursor = '';
      do {
        const page = await list(tenantId, query, limit, cursor);
        ids.push(...page.items.map((c) => c.customerId));
        cursor = page.page?.nextCursor ?? '';
      } while (cursor !== '');
      return ids;
    };

    describe('LookupOrCreateCustomer', () => {
      it('creates once, then finds the customer by normalized email', async () => {
        const t = tenant();
        const first = await lookup(t, { name: 'Ann Lee', primaryEmail: '  Ann.Lee@Example.COM ', locale: 'en-us' });
        expect(first.created).toBe(true);
        const ann = first.customer!;
        expect(ann).toMatchObject({
          tenantId: t,
          primaryEmail: 'ann.lee@example.com',
          name: 'Ann Lee',
          locale: 'en-US',
        });
        expect(ann.phone).toBeUndefined();
        expect(ann.customerId).toMatch(/^cus_[A-Za-z0-9_-]{22}$/);
        expect(ann.createdAtMs).toBe(now);

        const again = await lookup(t, { name: 'Someone Else', primaryEmail: 'ANN.LEE@example.com' });
        expect(again.created).toBe(false);
        expect(again.customer).toEqual(ann); // the stored name is kept
      });

      it('falls back to the normalized phone, and prefers the email match over the phone match', async () => {
        const t = tenant();
        const byPhone = (await lookup(t, { name: 'Bo', phone: '+1 (415) 555-0123' })).customer!;
        expect(byPhone.phone).toBe('+14155550123');
        expect(byPhone.primaryEmail).toBeUndefined();

        const found = await lookup(t, { primaryEmail: 'bo@example.com', phone: '001 415 555 0123' });
        expect(found.created).toBe(false);
        expect(found.customer!.customerId).toBe(byPhone.customerId);
        // A lookup never changes identities.
        expect(found.customer!.primaryEmail).toBeUndefined();

        const cy = (await lookup(t, { name: 'Cy', primaryEmail: 'cy@example.com' })).customer!;
        const both = await lookup(t, { primaryEmail: 'cy@example.com', phone: '+14155550123' });
        expect(both.customer!.customerId).toBe(cy.customerId);
      });

      it('fills name, locale and timezone from a booking only when they are empty', async () => {
        const t = tenant();
        const created = (await lookup(t, { primaryEmail: 'dee@example.com' })).customer!;
        expect(created).toMatchObject({ name: '', locale: '', timezone: '' });

        now += 1_000;
        const filled = (
          await lookup(t, { primaryEmail: 'dee@example.com', name: ' Dee ', locale: 'de', timezone: 'europe/berlin' })
        ).customer!;
        expect(filled).toMatchObject({ name: 'Dee', locale: 'de', timezone: 'Europe/Berlin', updatedAtMs: now });
        expect(filled.createdAtMs).toBe(created.createdAtMs);

        const kept = (
          await lookup(t, { primaryEmail: 'dee@example.com', name: 'Dorothy', locale: 'fr', timezone: 'Asia/Tokyo' })
        ).customer!;
        expect(kept).toMatchObject({ name: 'Dee', locale: 'de', timezone: 'Europe/Berlin' });
        expect(await get(t, created.customerId)).toEqual(kept);
      });

      it('keeps tenants apart', async () => {
        const [a, b] = [tenant(), tenant()];
        const inA = (await lookup(a, { primaryEmail: 'eve@example.com' })).customer!;
        const inB = await lookup(b, { primaryEmail: 'eve@example.com' });
        expect(inB.created).toBe(true);
        expect(inB.customer!.customerId).not.toBe(inA.customerId);
      });

      it('needs an email or a phone, and refuses ones that cannot be normalized', async () => {
        const t = tenant();
        await expectViolation(lookup(t, { name: 'Nobody' }), ['']);
        await expectViolation(lookup(t, { name: 'Nobody', primaryEmail: '  ', phone: '' }), ['']);
        await expectViolation(lookup(t, { primaryEmail: 'not-an-email' }), ['primaryEmail']);
        await expectViolation(lookup(t, { phone: '12345' }), ['phone']);
        await expectViolation(lookup(t, { phone: '030 1234567' }), ['phone']); // no country code
        await expectViolation(lookup(t, { primaryEmail: 'a@b', phone: 'call me' }), ['primaryEmail', 'phone']);
        await expectViolation(lookup(t, { primaryEmail: 'ok@example.com', locale: 'not a locale' }), ['locale']);
        await expectViolation(lookup(t, { primaryEmail: 'ok@example.com', timezone: 'Mars/Base' }), ['timezone']);
        await expectViolation(lookup('', { primaryEmail: 'ok@example.com' }), ['tenantId']);
        expect((await list(t)).items).toEqual([]);
      });

      it('answers one customer to 20 parallel calls for the same new email', async () => {
        const t = tenant();
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            lookup(t, { name: `Racer ${i}`, primaryEmail: i % 2 ? 'RACE@example.com' : 'race@example.com' }),
          ),
        );
        const ids = new Set(results.map((r) => r.customer!.customerId));
        expect(ids.size).toBe(1);
        expect(results.filter((r) => r.created)).toHaveLength(1);
        expect(await listAll(t)).toEqual([...ids]);
      });
    });

    describe('CreateCustomer and GetCustomer', () => {
      it('creates with normalized contacts and reads it back within the tenant only', async () => {
        const t = tenant();
        const c = await create(t, {
          name: ' Fay ',
          primaryEmail: 'Fay@Example.com',
          phone: '+44 7911 123456',
          timezone: 'UTC',
        });
        expect(c).toMatchObject({
          name: 'Fay',
          primaryEmail: 'fay@example.com',
          phone: '+447911123456',
          timezone: 'UTC',
          locale: '',
        });
        expect(await get(t, c.customerId)).toEqual(c);
        expect((await failure(get(tenant(), c.customerId))).code).toBe('NOT_FOUND');
        expect((await failure(get(t, 'cus_unknown'))).code).toBe('NOT_FOUND');
        expect((await failure(get(t, ''))).code).toBe('NOT_FOUND');
        // Lookups see customers made by Create.
        expect((await lookup(t, { phone: '+447911123456' })).customer!.customerId).toBe(c.customerId);
      });

      it('needs a name; email and phone are optional', async () => {
        const t = tenant();
        await expectViolation(create(t, { primaryEmail: 'gil@example.com' }), ['name']);
        await expectViolation(create(t, { name: '   ' }), ['name']);
        await expectViolation(create(t, { name: 'x'.repeat(201) }), ['name']);
        await expectViolation(create(t, { name: 'Gil', primaryEmail: 'gil@', phone: '+1' }), ['primaryEmail', 'phone']);
        const nameOnly = await create(t, { name: 'Gil' });
        expect(nameOnly.primaryEmail).toBeUndefined();
        expect(nameOnly.phone).toBeUndefined();
        // Customers without contacts do not clash with each other.
        await create(t, { name: 'Gil Two' });
      });

      it('refuses an email or phone that another customer of the tenant has', async () => {
        const t = tenant();
        await create(t, { name: 'Hal', primaryEmail: 'hal@example.com', phone: '+14155550100' });
        await expectViolation(create(t, { name: 'Hal 2', primaryEmail: ' HAL@example.com' }), ['primaryEmail']);
        await expectViolation(create(t, { name: 'Hal 3', phone: '+1 415 555 0100' }), ['phone']);
        await expectViolation(create(t, { name: 'Hal 4', primaryEmail: 'hal@example.com', phone: '+14155550100' }), [
          'primaryEmail',
          'phone',
        ]);
        expect(await create(tenant(), { name: 'Hal elsewhere', primaryEmail: 'hal@example.com' })).toBeDefined();
        expect(await listAll(t)).toHaveLength(1);
      });

      it('lets only one of parallel creates with the same email win', async () => {
        const t = tenant();
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) => create(t, { name: `Ida ${i}`, primaryEmail: 'ida@example.com' })),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) {
          if (r.status === 'rejected') expect((r.reason as DomainError).code).toBe('VALIDATION_ERROR');
        }
      });
    });

    describe('ListCustomers', () => {
      it('orders by createdAtMs then id, and pages with an opaque cursor', async () => {
        const t = tenant();
        const made: customerV1.Customer[] = [];
        for (let i = 0; i < 7; i++) {
          now = Date.UTC(2030, 1, 1) + (i % 3) * 1000; // several customers share a millisecond
          made.push(await create(t, { name: `Jo ${i}` }));
        }
        const expected = [...made]
          .sort((a, b) => a.createdAtMs - b.createdAtMs || (a.customerId < b.customerId ? -1 : 1))
          .map((c) => c.customerId);
        expect(await listAll(t)).toEqual(expected);
        expect(await listAll(t, '', 2)).toEqual(expected);
        expect(await listAll(t, '', 7)).toEqual(expected);

        const first = await list(t, '', 3);
        expect(first.items.map((c) => c.customerId)).toEqual(expected.slice(0, 3));
        expect(first.page!.nextCursor).not.toBe('');
        const last = await list(t, '', 7);
        expect(last.page!.nextCursor).toBe('');
        // A new customer created later appears after the cursor, not before.
        now = Date.UTC(2030, 2, 1);
        const later = await create(t, { name: 'Jo late' });
        expect(await listAll(t, '', 3)).toEqual([...expected, later.customerId]);
      });

      it('defaults to 25 per page and refuses more than 100 or a foreign cursor', async () => {
        const t = tenant();
        for (let i = 0; i < 27; i++) await create(t, { name: `Kim ${i}` });
        const page = await list(t);
        expect(page.items).toHaveLength(25);
        expect((await list(t, '', 0, page.page!.nextCursor)).items).toHaveLength(2);
        expect((await list(t, '', 100)).items).toHaveLength(27);
        await expectViolation(list(t, '', 101), ['limit']);
        await expectViolation(list(t, '', -1), ['limit']);
        await expectViolation(list(t, '', 10, 'not-a-cursor!'), ['cursor']);
        await expectViolation(list(t, '', 10, Buffer.from('[1]').toString('base64url')), ['cursor']);
        await expectViolation(list(t, 'q'.repeat(201)), ['q']);
        expect((await list(tenant())).items).toEqual([]);
      });

      it('finds by a case-insensitive prefix of a name word, the email, a word of it, its domain, the phone digits or a run of 4 of them', async () => {
        const t = tenant();
        const createLater = (fields: customerV1.CustomerFields) => ((now += 1), create(t, fields));
        const lena = await createLater({ name: 'Lena Müller', primaryEmail: 'lena@alpha.example' });
        const max = await createLater({ name: 'Max Power', primaryEmail: 'max.p@beta.example', phone: '+4930123456' });
        const ola = await createLater({ name: 'Ola', phone: '+14155550199' });
        await create(tenant(), { name: 'Lena elsewhere', phone: '+4930123457' });

        const ids = (q: string) => listAll(t, q);
        expect(await ids('LENA')).toEqual([lena.customerId]);
        expect(await ids('müll')).toEqual([lena.customerId]);
        expect(await ids('MULLER')).toEqual([lena.customerId]);
        expect(await ids('lena m')).toEqual([lena.customerId]);
        expect(await ids('lena@al')).toEqual([lena.customerId]);
        expect(await ids('BETA.ex')).toEqual([max.customerId]);
        expect(await ids('p@beta')).toEqual([max.customerId]);
        expect(await ids('+4930')).toEqual([max.customerId]);
        expect(await ids('030 123')).toEqual([max.customerId]);
        expect(await ids('(415) 555')).toEqual([ola.customerId]);
        expect(await ids('  ola ')).toEqual([ola.customerId]);
        // A run of 4 or more digits anywhere in the number: the front desk types the last digits.
        expect(await ids('555 0199')).toEqual([ola.customerId]);
        expect(await ids('0199')).toEqual([ola.customerId]);
        expect(await ids('123456')).toEqual([max.customerId]);
        for (const none of ['zzz', 'example', 'ena', 'power max', '555 0198', '199'])
          expect(await ids(none), none).toEqual([]);
        // Ordered by the matching key: `max power` < `muller`; `a` matches every one of them once.
        expect(await ids('m')).toEqual([max.customerId, lena.customerId]);
        expect(await listAll(t, 'm', 1)).toEqual([max.customerId, lena.customerId]);
        const firstPage = await list(t, 'm', 1);
        expect(firstPage.items.map((c) => c.customerId)).toEqual([max.customerId]);
        expect((await list(t, 'm', 1, firstPage.page!.nextCursor)).items.map((c) => c.customerId)).toEqual([
          lena.customerId,
        ]);
        expect((await list(t, 'm', 2)).page!.nextCursor).toBe('');
        // A search cursor belongs to its search; the plain list's cursor to the plain list.
        await expectViolation(list(t, '', 1, firstPage.page!.nextCursor), ['cursor']);
        await expectViolation(list(t, 'm', 1, (await list(t, '', 1)).page!.nextCursor), ['cursor']);
      });

      it('lists a customer matching through several keys once, and pages a search without gaps or repeats', async () => {
        const t = tenant();
        const made: string[] = [];
        for (let i = 0; i < 30; i++) {
          // Each matches `ann` by its name's first and last word and by its email: three keys.
          const c = await create(t, {
            name: `Ann ${i % 2 ? 'X' : 'Y'} Annable${String(i).padStart(2, '0')}`,
            primaryEmail: `ann${i}@annable.example`,
          });
          made.push(c.customerId);
        }
        await create(t, { name: 'Bob', primaryEmail: 'bob@example.com' });
        for (const limit of [1, 7, 25, 30, 100]) {
          const found = await listAll(t, 'ANN', limit);
          expect(found, `limit ${limit}`).toHaveLength(30);
          expect(new Set(found)).toEqual(new Set(made));
        }
        expect(await listAll(t, 'annable0', 4)).toHaveLength(10);
        expect(await listAll(t, 'annable.ex', 4)).toHaveLength(30);
      });
    });

    describe('UpdateCustomer', () => {
      it('changes only the fields sent', async () => {
        const t = tenant();
        const c = await create(t, { name: 'Nia', primaryEmail: 'nia@example.com', locale: 'en' });
        now += 5_000;
        const u = await update(t, c.customerId, { locale: 'EN-gb', timezone: 'America/New_York' });
        expect(u).toEqual({ ...c, locale: 'en-GB', timezone: 'America/New_York', updatedAtMs: now });
        expect(await get(t, c.customerId)).toEqual(u);
      });

      it('keeps lookups consistent when the email or phone changes or is cleared', async () => {
        const t = tenant();
        const c = await create(t, { name: 'Oz', primaryEmail: 'oz@old.example', phone: '+14155550111' });
        const u = await update(t, c.customerId, { primaryEmail: 'OZ@new.example', phone: '' });
        expect(u.primaryEmail).toBe('oz@new.example');
        expect(u.phone).toBeUndefined();
        expect(await get(t, c.customerId)).toEqual(u);

        expect((await lookup(t, { primaryEmail: 'oz@new.example' })).customer!.customerId).toBe(c.customerId);
        // The old email and phone are free again: other customers may take them.
        const other = await lookup(t, { primaryEmail: 'oz@old.example', phone: '+14155550111' });
        expect(other.created).toBe(true);
        expect(
          await create(t, { name: 'Phone owner', phone: '+1 415 555 0111' }).catch((e: unknown) => e),
        ).toBeInstanceOf(DomainError);

        // Setting the same email again is no change, not a clash with itself.
        expect((await update(t, c.customerId, { primaryEmail: 'oz@new.example' })).primaryEmail).toBe('oz@new.example');
        // Email moves back and forth.
        await update(t, c.customerId, { primaryEmail: '' });
        expect((await lookup(t, { primaryEmail: 'oz@new.example' })).created).toBe(true);
      });

      it('keeps search keys in step: the old email, name and phone stop matching, the new ones match', async () => {
        const t = tenant();
        const c = await create(t, { name: 'Rita Old', primaryEmail: 'rita@old.example', phone: '+4915112345678' });
        expect(await listAll(t, 'rita@old')).toEqual([c.customerId]);
        await update(t, c.customerId, { name: 'Rita New', primaryEmail: 'rita@new.example', phone: '' });
        for (const gone of ['rita@old', 'old.example', 'old', '0151', '+49 151'])
          expect(await listAll(t, gone), gone).toEqual([]);
        for (const q of ['rita@new', 'new.example', 'rita n', 'new'])
          expect(await listAll(t, q), q).toEqual([c.customerId]);
        // A booking that fills an empty name makes it searchable.
        const found = (await lookup(t, { primaryEmail: 'sam@example.com' })).customer!;
        expect(await listAll(t, 'sam')).toEqual([found.customerId]);
        expect(await listAll(t, 'samuel')).toEqual([]);
        await lookup(t, { primaryEmail: 'sam@example.com', name: 'Samuel Stone' });
        expect(await listAll(t, 'stone')).toEqual([found.customerId]);
        expect(await listAll(t, 'sam')).toEqual([found.customerId]);
      });

      it('removes an email or phone, unless the customer would be left with no name, email or phone', async () => {
        const t = tenant();
        const named = await create(t, { name: 'Una', primaryEmail: 'una@example.com', phone: '+14155550133' });
        const bare = await update(t, named.customerId, { primaryEmail: '', phone: '' });
        expect(bare.primaryEmail).toBeUndefined();
        expect(bare.phone).toBeUndefined();
        const nameless = (await lookup(t, { primaryEmail: 'vic@example.com', phone: '+14155550134' })).customer!;
        expect((await update(t, nameless.customerId, { phone: '' })).phone).toBeUndefined();
        await expectViolation(update(t, nameless.customerId, { primaryEmail: '' }), ['primaryEmail']);
        expect(await get(t, nameless.customerId)).toMatchObject({ primaryEmail: 'vic@example.com' });
        expect((await update(t, nameless.customerId, { primaryEmail: '', name: 'Vic' })).primaryEmail).toBeUndefined();
      });

      it('refuses a clash, an empty patch, a blank name and other tenants', async () => {
        const t = tenant();
        const a = await create(t, { name: 'Pat', primaryEmail: 'pat@example.com', phone: '+14155550122' });
        const b = await create(t, { name: 'Quin' });
        await expectViolation(update(t, b.customerId, { primaryEmail: 'PAT@example.com' }), ['primaryEmail']);
        await expectViolation(update(t, b.customerId, { phone: '+1 415-555-0122' }), ['phone']);
        await expectViolation(update(t, b.customerId, {}), ['']);
        await expectViolation(update(t, b.customerId, { name: ' ' }), ['name']);
        await expectViolation(update(t, b.customerId, { phone: 'nope' }), ['phone']);
        expect(await get(t, b.customerId)).toEqual(b);
        expect((await failure(update(tenant(), a.customerId, { name: 'Hijack' }))).code).toBe('NOT_FOUND');
        expect((await failure(update(t, 'cus_missing', { name: 'X' }))).code).toBe('NOT_FOUND');
        expect(await get(t, a.customerId)).toEqual(a);
      });
    });

    describe('EraseCustomer', () => {
      it('keeps the id and removes every personal field, contact and search key; idempotent', async () => {
        const t = tenant();
        const a = await create(t, { name: 'Wilhelmina Zorb', primaryEmail: 'wz@example.com', phone: '+14155550199' });
        const other = await create(t, { name: 'Wilbur Other' });
        now += 1000;
        const { customer: erased } = await client.eraseCustomer({ tenantId: t, customerId: a.customerId });
        expect(erased).toMatchObject({
          customerId: a.customerId,
          tenantId: t,
          name: '',
          locale: '',
          timezone: '',
          status: 'erased',
          erasedAtMs: now,
          createdAtMs: a.createdAtMs,
        });
        expect(erased?.primaryEmail).toBeUndefined();
        expect(erased?.phone).toBeUndefined();
        expect((await get(t, a.customerId)).status).toBe('erased');
        // Search finds nothing of them any more; the other customer still.
        const search = async (query: string) =>
          (await client.listCustomers({ tenantId: t, query, page: { limit: 10, cursor: '' } })).items.map(
            (c) => c.customerId,
          );
        expect(await search('wilhelmina')).toEqual([]);
        expect(await search('wz@example')).toEqual([]);
        expect(await search('0199')).toEqual([]);
        expect(await search('wil')).toEqual([other.customerId]);
        // Their email and phone are free: the next booking with them makes a new customer.
        const again = await lookup(t, { primaryEmail: 'wz@example.com', name: 'W' });
        expect(again.created).toBe(true);
        expect(again.customer?.customerId).not.toBe(a.customerId);
        // A second erase answers the same; an erased record takes no changes.
        now += 1000;
        expect((await client.eraseCustomer({ tenantId: t, customerId: a.customerId })).customer).toEqual(erased);
        await expectViolation(update(t, a.customerId, { name: 'Back' }), ['customerId']);
        // Another tenant's customer is not found.
        expect((await failure(client.eraseCustomer({ tenantId: tenant(), customerId: other.customerId }))).code).toBe(
          'NOT_FOUND',
        );
        expect((await get(t, other.customerId)).status).toBe('active');
      });
    });
  });
}

customerServiceSuite('SQLite', () => openSqliteStore({ file: ':memory:' }));

// The distributed profile's adapter: MONGODB_URL (a real replica set) when set, else the
// wire-protocol test server, in every CI run (a missing server fails under CI).
const mongo = mongoForSuites();
afterAll(() => mongo.stop());
if (mongo.runs) {
  customerServiceSuite('MongoDB', async () =>
    openMongoStore({
      url: await mongo.url(),
      dbName: `customer_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    }),
  );
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mongoForSuites } from '@svc/testing';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import type { Customer } from '@svc/customer';
import { startGatewayWithCatalog, type DashboardCaller, type GatewayHarness } from './support/gateway-harness.js';

/**
 * The dashboard customer routes over real HTTP, against the real customer gRPC service (on each
 * store adapter at hand), with sessions minted in the gateway's own identity store.
 */

type Caller = DashboardCaller;
/** The record as the customer service has it, absent contacts as null. */
type CustomerRecord = Customer;

function customerRoutesSuite(label: string, customerStore: () => Promise<DocumentStore>): void {
  describe(`/api/customers (${label})`, () => {
    let h: GatewayHarness;
    let tenantA: string;
    let tenantB: string;
    let ownerA: Caller;
    let adminA: Caller;
    let staffA: Caller;
    let viewerA: Caller;
    let ownerB: Caller;
    let seq = 0;

    beforeAll(async () => {
      h = await startGatewayWithCatalog({
        config: { SESSION_SECRET: 's'.repeat(32), MANAGE_TOKEN_SECRET: 'm'.repeat(32) },
        customerStore,
      });
      tenantA = (await h.createTenant('cust-a')).tenantId;
      tenantB = (await h.createTenant('cust-b')).tenantId;
      ownerA = await h.mintSession([[tenantA, 'tenant_owner']]);
      adminA = await h.mintSession([[tenantA, 'tenant_admin']]);
      staffA = await h.mintSession([[tenantA, 'tenant_staff']]);
      viewerA = await h.mintSession([[tenantA, 'tenant_viewer']]);
      ownerB = await h.mintSession([[tenantB, 'tenant_owner']]);
    });

    afterAll(async () => {
      await h?.stop();
    });

    /** A dashboard request: session cookie always, CSRF header unless `csrf: false`. */
    const call = (...args: Parameters<GatewayHarness['call']>) => h.call(...args);

    async function create(who: Caller, body: Record<string, unknown>): Promise<CustomerRecord> {
      const res = await call(who, 'POST', '/api/customers', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as CustomerRecord;
    }

    /** A tenant of its own with a fresh owner, so lists and searches see only what the test made. */
    async function freshTenant(): Promise<Caller> {
      const t = (await h.createTenant(`cust-t${++seq}`)).tenantId;
      return h.mintSession([[t, 'tenant_owner']]);
    }

    /** Every page of a list, following nextCursor; the ids per page. */
    async function pages(who: Caller, query: Record<string, string>): Promise<string[][]> {
      const out: string[][] = [];
      let cursor: string | null = null;
      do {
        const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
        const res = await call(who, 'GET', `/api/customers?${params}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        out.push(res.body.data.items.map((c: CustomerRecord) => c.customerId));
        cursor = res.body.data.nextCursor;
        if (out.length > 200) throw new Error('the cursor never ended');
      } while (cursor !== null);
      return out;
    }
    const search = async (who: Caller, q: string, limit = 100) =>
      (await pages(who, { q, limit: String(limit) })).flat();

    function expectViolation(res: { status: number; body: any }, path: string): void {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }

    describe('create → get → list → patch', () => {
      it('creates with a name only or with normalized contacts, answers 201 and the record', async () => {
        const res = await call(ownerA, 'POST', '/api/customers', {
          name: '  Ada Lovelace ',
          primaryEmail: 'Ada@Example.COM',
          phone: '+44 20 7946 0958',
          locale: 'en-gb',
          timezone: 'europe/london',
        });
        expect(res.status).toBe(201);
        expect(res.body.ok).toBe(true);
        const ada = res.body.data as CustomerRecord;
        expect(ada).toEqual({
          customerId: expect.stringMatching(/^cus_[A-Za-z0-9_-]{22}$/),
          tenantId: tenantA,
          primaryEmail: 'ada@example.com',
          phone: '+442079460958',
          name: 'Ada Lovelace',
          locale: 'en-GB',
          timezone: 'Europe/London',
          createdAtMs: expect.any(Number),
          updatedAtMs: ada.createdAtMs,
          status: 'active',
          erasedAtMs: null,
        });
        const bare = await create(adminA, { name: 'Bare' });
        expect(bare).toMatchObject({ primaryEmail: null, phone: null, locale: '', timezone: '' });
        expect(await create(adminA, { name: 'Nulls', primaryEmail: null, phone: null })).toMatchObject({
          primaryEmail: null,
          phone: null,
        });

        const got = await call(viewerA, 'GET', `/api/customers/${ada.customerId}`);
        expect(got.status).toBe(200);
        expect(got.body.data).toEqual(ada);
      });

      it('patches only what is sent; null removes the email or phone; the list shows the change', async () => {
        const c = await create(ownerA, { name: 'Cleo', primaryEmail: 'cleo@example.com', phone: '+14155550101' });
        const patched = await call(adminA, 'PATCH', `/api/customers/${c.customerId}`, {
          name: 'Cleo Patra',
          phone: null,
          locale: 'fr',
        });
        expect(patched.status).toBe(200);
        expect(patched.body.data).toMatchObject({
          customerId: c.customerId,
          name: 'Cleo Patra',
          primaryEmail: 'cleo@example.com',
          phone: null,
          locale: 'fr',
          createdAtMs: c.createdAtMs,
        });
        expect(patched.body.data.updatedAtMs).toBeGreaterThanOrEqual(c.updatedAtMs);
        const cleared = await call(adminA, 'PATCH', `/api/customers/${c.customerId}`, {
          primaryEmail: null,
          locale: null,
        });
        expect(cleared.body.data).toMatchObject({ primaryEmail: null, phone: null, locale: '', name: 'Cleo Patra' });
        const listed = (await pages(ownerA, { limit: '100' })).flat();
        expect(listed).toContain(c.customerId);
        const got = await call(ownerA, 'GET', `/api/customers/${c.customerId}`);
        expect(got.body.data).toEqual(cleared.body.data);
        // The removed phone is free for another customer.
        expect((await create(ownerA, { name: 'New owner', phone: '+1 415 555 0101' })).phone).toBe('+14155550101');
      });

      it('refuses to remove the last contact of a customer without a name', async () => {
        // Only a booking makes such a customer: through the customer service, as the booking service does.
        const { customer } = await h.downstream.customer.lookupOrCreateCustomer({
          tenantId: tenantA,
          fields: { primaryEmail: 'nameless@example.com' },
        });
        const path = `/api/customers/${customer!.customerId}`;
        expect((await call(ownerA, 'GET', path)).body.data).toMatchObject({
          name: '',
          primaryEmail: 'nameless@example.com',
        });
        const res = await call(ownerA, 'PATCH', path, { primaryEmail: null });
        expectViolation(res, 'body.primaryEmail');
        expect(res.body.error.details[0].message).toMatch(/no name, email or phone/);
        const named = await call(ownerA, 'PATCH', path, { primaryEmail: null, name: 'Named' });
        expect(named.body.data).toMatchObject({ name: 'Named', primaryEmail: null });
      });

      it('an email or phone another customer of the tenant has is VALIDATION_ERROR at that field', async () => {
        const who = await freshTenant();
        const first = await create(who, { name: 'First', primaryEmail: 'taken@example.com', phone: '+14155550102' });
        const second = await create(who, { name: 'Second' });
        expectViolation(
          await call(who, 'POST', '/api/customers', { name: 'X', primaryEmail: 'TAKEN@example.com' }),
          'body.primaryEmail',
        );
        expectViolation(
          await call(who, 'POST', '/api/customers', { name: 'X', phone: '001 415 555 0102' }),
          'body.phone',
        );
        const both = await call(who, 'PATCH', `/api/customers/${second.customerId}`, {
          primaryEmail: 'taken@example.com',
          phone: '+14155550102',
        });
        expect(both.body.error.details).toEqual([
          { path: 'body.primaryEmail', message: 'is already used by another customer' },
          { path: 'body.phone', message: 'is already used by another customer' },
        ]);
        // Setting a customer's own email again is no clash; another tenant may have the same one.
        expect(
          (await call(who, 'PATCH', `/api/customers/${first.customerId}`, { primaryEmail: 'taken@example.com' }))
            .status,
        ).toBe(200);
        expect(await create(ownerB, { name: 'Elsewhere', primaryEmail: 'taken@example.com' })).toMatchObject({
          tenantId: tenantB,
        });
      });
    });

    describe('access', () => {
      let id: string;
      beforeAll(async () => {
        id = (await create(ownerA, { name: 'Access Test' })).customerId;
      });

      it('every role reads: list and get', async () => {
        for (const who of [ownerA, adminA, staffA, viewerA]) {
          expect((await call(who, 'GET', '/api/customers')).status).toBe(200);
          expect((await call(who, 'GET', `/api/customers/${id}`)).status).toBe(200);
        }
      });

      it('staff and viewers may not write (FORBIDDEN); writes need the CSRF header (CSRF_INVALID)', async () => {
        const writes: Array<[string, string, unknown]> = [
          ['POST', '/api/customers', { name: 'Nope' }],
          ['PATCH', `/api/customers/${id}`, { name: 'Nope' }],
        ];
        for (const [method, path, body] of writes) {
          for (const who of [staffA, viewerA]) {
            const res = await call(who, method, path, body);
            expect(res.status).toBe(403);
            expect(res.body.error.code).toBe('FORBIDDEN');
          }
          const noCsrf = await call(ownerA, method, path, body, { csrf: false });
          expect(noCsrf.status).toBe(403);
          expect(noCsrf.body.error.code).toBe('CSRF_INVALID');
          const wrongCsrf = await call({ cookie: ownerA.cookie, csrf: ownerB.csrf }, method, path, body);
          expect(wrongCsrf.body.error.code).toBe('CSRF_INVALID');
          const anonymous = await call(null, method, path, body);
          expect(anonymous.status).toBe(401);
          expect(anonymous.body.error.code).toBe('AUTH_REQUIRED');
        }
        expect((await call(ownerA, 'GET', `/api/customers/${id}`)).body.data.name).toBe('Access Test');
        expect((await call(null, 'GET', '/api/customers')).body.error.code).toBe('AUTH_REQUIRED');
      });
    });

    describe('tenant isolation', () => {
      it("tenant A neither lists, finds, gets nor patches tenant B's customer", async () => {
        const b = await create(ownerB, {
          name: 'Zelda Secret',
          primaryEmail: 'zelda@b.example',
          phone: '+4915199990000',
        });
        expect((await pages(ownerA, { limit: '100' })).flat()).not.toContain(b.customerId);
        for (const q of ['zelda', 'secret', 'zelda@b', '+49 151 9999']) expect(await search(ownerA, q), q).toEqual([]);
        expect(await search(ownerB, 'zelda')).toEqual([b.customerId]);
        for (const [method, body] of [
          ['GET', undefined],
          ['PATCH', { name: 'Hijacked' }],
        ] as const) {
          const res = await call(ownerA, method, `/api/customers/${b.customerId}`, body);
          expect(res.status).toBe(404);
          expect(res.body.error.code).toBe('NOT_FOUND');
        }
        expect((await call(ownerB, 'GET', `/api/customers/${b.customerId}`)).body.data).toEqual(b);
      });

      it('an unknown id is NOT_FOUND; a tenant id from the caller is refused', async () => {
        for (const [method, body] of [
          ['GET', undefined],
          ['PATCH', { name: 'X' }],
        ] as const) {
          const res = await call(ownerA, method, '/api/customers/cus_unknown', body);
          expect(res.status).toBe(404);
          expect(res.body.error.code).toBe('NOT_FOUND');
        }
        expectViolation(
          await call(ownerA, 'POST', '/api/customers', { name: 'X', tenantId: tenantB }),
          'body.tenantId',
        );
        expect((await call(ownerA, 'GET', `/api/customers?tenantId=${tenantB}`)).body.error.code).toBe(
          'VALIDATION_ERROR',
        );
      });
    });

    describe('validation', () => {
      it.each([
        [{}, 'body.name'],
        [{ name: '   ' }, 'body.name'],
        [{ name: 'x'.repeat(201) }, 'body.name'],
        [{ name: 'X', primaryEmail: 'not-an-email' }, 'body.primaryEmail'],
        [{ name: 'X', primaryEmail: '' }, 'body.primaryEmail'],
        [{ name: 'X', phone: '12345' }, 'body.phone'],
        [{ name: 'X', phone: '030 1234567' }, 'body.phone'],
        [{ name: 'X', locale: 'not a locale' }, 'body.locale'],
        [{ name: 'X', timezone: 'Mars/Base' }, 'body.timezone'],
        [{ name: 7 }, 'body.name'],
        [{ name: 'X', favouriteColour: 'blue' }, 'body'],
      ])('POST %j → VALIDATION_ERROR at %s', async (body, path) => {
        const res = await call(ownerA, 'POST', '/api/customers', body);
        expectViolation(res, path);
        if (path === 'body') expect(JSON.stringify(res.body.error.details)).toContain('favouriteColour');
      });

      it('PATCH needs at least one known field, each valid', async () => {
        const id = (await create(ownerA, { name: 'Patch Me' })).customerId;
        const path = `/api/customers/${id}`;
        expectViolation(await call(ownerA, 'PATCH', path, {}), 'body');
        expectViolation(await call(ownerA, 'PATCH', path, { name: null }), 'body.name');
        expectViolation(await call(ownerA, 'PATCH', path, { name: '' }), 'body.name');
        expectViolation(await call(ownerA, 'PATCH', path, { phone: 'call me' }), 'body.phone');
        expectViolation(await call(ownerA, 'PATCH', path, { customerId: 'cus_other' }), 'body');
        expect((await call(ownerA, 'GET', path)).body.data.name).toBe('Patch Me');
      });

      it.each([
        ['limit=101', 'query.limit'],
        ['limit=0', 'query.limit'],
        ['limit=ten', 'query.limit'],
        ['cursor=not-a-cursor!', 'query.cursor'],
        ['cursor=', 'query.cursor'],
        [`q=${'q'.repeat(201)}`, 'query.q'],
        ['sort=name', 'query'],
      ])('GET ?%s → VALIDATION_ERROR at %s', async (query, path) => {
        expectViolation(await call(ownerA, 'GET', `/api/customers?${query}`), path);
      });

      it('a cursor pages only the list it came from', async () => {
        const who = await freshTenant();
        for (let i = 0; i < 3; i++) await create(who, { name: `Kim ${i}` });
        const plain = await call(who, 'GET', '/api/customers?limit=1');
        const searched = await call(who, 'GET', '/api/customers?limit=1&q=kim');
        expectViolation(
          await call(who, 'GET', `/api/customers?q=kim&cursor=${plain.body.data.nextCursor}`),
          'query.cursor',
        );
        expectViolation(
          await call(who, 'GET', `/api/customers?cursor=${searched.body.data.nextCursor}`),
          'query.cursor',
        );
        expect((await call(who, 'GET', `/api/customers?q=kim&cursor=${searched.body.data.nextCursor}`)).status).toBe(
          200,
        );
      });
    });

    describe('paging', () => {
      it('60 customers with limit 25: pages of 25, 25 and 10, each once, in creation order; the default is 25', async () => {
        const who = await freshTenant();
        const made: string[] = [];
        for (let i = 0; i < 60; i++) made.push((await create(who, { name: `Pat ${i}` })).customerId);
        const walked = await pages(who, { limit: '25' });
        expect(walked.map((p) => p.length)).toEqual([25, 25, 10]);
        const flat = walked.flat();
        expect(new Set(flat).size).toBe(60);
        expect(new Set(flat)).toEqual(new Set(made));
        // Creation order (ties in the same millisecond by id).
        const listed = (await call(who, 'GET', '/api/customers?limit=100')).body.data.items as CustomerRecord[];
        const order = [...listed].sort(
          (a, b) => a.createdAtMs - b.createdAtMs || (a.customerId < b.customerId ? -1 : 1),
        );
        expect(listed.map((c) => c.customerId)).toEqual(order.map((c) => c.customerId));
        expect(flat).toEqual(order.map((c) => c.customerId));
        expect((await pages(who, {})).map((p) => p.length)).toEqual([25, 25, 10]);
        expect((await pages(who, { limit: '60' })).map((p) => p.length)).toEqual([60]);
        expect((await pages(who, { limit: '100' })).map((p) => p.length)).toEqual([60]);
      });
    });

    describe('search', () => {
      let who: Caller;
      const people: Record<string, CustomerRecord> = {};

      beforeAll(async () => {
        who = await freshTenant();
        const make = async (key: string, body: Record<string, unknown>) => (people[key] = await create(who, body));
        await make('lena', {
          name: 'Lena Müller-Schmidt',
          primaryEmail: 'lena.mueller@praxis-alpha.de',
          phone: '+4915112345678',
        });
        await make('max', { name: 'Max Mustermann', primaryEmail: 'MAX@Beta.Example', phone: '+49 30 1234567' });
        await make('ola', { name: 'Ola Nordmann', phone: '+1 (415) 555-0199' });
        await make('anna', { name: 'Anna Lena Berg', primaryEmail: 'anna.berg@example.com' });
      });
      const ids = (...keys: string[]) => keys.map((k) => people[k]!.customerId);
      const found = (q: string) => search(who, q);

      it('by a fragment of the name: any word, case- and accent-insensitive', async () => {
        // Ordered by the matching key: Anna's `lena berg` before Lena's `lena muller-schmidt`.
        expect(await found('lena')).toEqual(ids('anna', 'lena'));
        expect(await found('LENA')).toEqual(ids('anna', 'lena'));
        expect(await found('müller')).toEqual(ids('lena'));
        expect(await found('MULLER')).toEqual(ids('lena'));
        expect(await found('schmi')).toEqual(ids('lena'));
        expect(await found('must')).toEqual(ids('max'));
        expect(await found('nord')).toEqual(ids('ola'));
        expect(await found('lena be')).toEqual(ids('anna'));
        expect(await found('  Anna   LENA ')).toEqual(ids('anna'));
        expect(await found('ena')).toEqual([]);
      });

      it('by a fragment of the email: its start, a word of it, its domain', async () => {
        expect(await found('max@')).toEqual(ids('max'));
        expect(await found('MAX@BETA.EX')).toEqual(ids('max'));
        expect(await found('mueller@')).toEqual(ids('lena'));
        expect(await found('praxis-al')).toEqual(ids('lena'));
        expect(await found('beta.example')).toEqual(ids('max'));
        expect(await found('anna.b')).toEqual(ids('anna'));
        expect(await found('example.com')).toEqual(ids('anna'));
        expect(await found('@beta')).toEqual([]);
      });

      it('by a fragment of the phone: +49 151, 0049, 0151…, the national number, any punctuation, any run of 4 digits', async () => {
        for (const q of [
          '+49 151',
          '+49151',
          '0049 151 123',
          '0151',
          '0151 1234 5678',
          '0151/123',
          '151 12',
          '+49 (0)151 123',
        ]) {
          expect(await found(q), q).toEqual(ids('lena'));
        }
        for (const q of ['+49 30 123', '030 12', '030-1234567']) expect(await found(q), q).toEqual(ids('max'));
        for (const q of ['+1 415', '(415) 555-01', '415.555.0199', '1415555'])
          expect(await found(q), q).toEqual(ids('ola'));
        expect(await found('+49')).toEqual(expect.arrayContaining(ids('lena', 'max')));
        expect(await found('+49')).toHaveLength(2);
        // Four digits or more match anywhere in the number (a front desk types the last ones).
        expect(await found('555 0199')).toEqual(ids('ola'));
        expect(await found('12345678')).toEqual(ids('lena'));
        expect(await found('1234567')).toEqual(expect.arrayContaining(ids('lena', 'max')));
        expect(await found('1234567')).toHaveLength(2);
        for (const q of ['+49 152', '555 0198', '199']) expect(await found(q), q).toEqual([]);
      });

      it('lists each customer once, at its first matching key, and pages through matches without repeats', async () => {
        // `mu`: Lena through `mueller@praxis-alpha.de` and `muller-schmidt`, Max through `mustermann`.
        expect(await found('mu')).toEqual(ids('lena', 'max'));
        // `m`: Max's `max mustermann` comes before Lena's `mueller@…`; each once, though both match three keys.
        expect(await found('m')).toEqual(ids('max', 'lena'));
        for (const limit of [1, 2, 3]) {
          const walked = await pages(who, { q: 'm', limit: String(limit) });
          expect(walked.flat(), `limit ${limit}`).toEqual(ids('max', 'lena'));
          for (const page of walked.slice(0, -1)) expect(page).toHaveLength(limit);
        }
      });

      it('follows a PATCH: the old email, name and phone stop matching, the new ones match', async () => {
        const c = await create(who, {
          name: 'Otto Old',
          primaryEmail: 'otto@old-mail.example',
          phone: '+4917011112222',
        });
        expect(await found('otto@old')).toEqual([c.customerId]);
        const res = await call(who, 'PATCH', `/api/customers/${c.customerId}`, {
          name: 'Otto Neu',
          primaryEmail: 'otto@neu-mail.example',
          phone: '+4917033334444',
        });
        expect(res.status).toBe(200);
        for (const gone of ['otto@old', 'old-mail', 'otto old', '0170 1111', '+49 170 1111']) {
          expect(await found(gone), gone).toEqual([]);
        }
        for (const q of ['otto@neu', 'neu-mail', 'otto n', 'NEU', '0170 3333', '+49 170 3333']) {
          expect(await found(q), q).toEqual([c.customerId]);
        }
      });

      it('pages 60 matches with limit 25 without a duplicate or a gap', async () => {
        const crowd = await freshTenant();
        const made: string[] = [];
        for (let i = 0; i < 60; i++) {
          // Each matches `sam` through its first name, its surname and its email.
          const c = await create(crowd, {
            name: `Sam Samson${String(i).padStart(2, '0')}`,
            primaryEmail: `sam${i}@samson.example`,
          });
          made.push(c.customerId);
        }
        await create(crowd, { name: 'Someone Else' });
        const walked = await pages(crowd, { q: 'SAM', limit: '25' });
        expect(walked.map((p) => p.length)).toEqual([25, 25, 10]);
        expect(new Set(walked.flat()).size).toBe(60);
        expect(new Set(walked.flat())).toEqual(new Set(made));
      });
    });
  });
}

customerRoutesSuite('SQLite', () => openSqliteStore({ file: ':memory:' }));

// The distributed profile's adapter: MONGODB_URL (a real replica set) when set, else the
// wire-protocol test server, in every CI run (a missing server fails under CI).
const mongo = mongoForSuites();
afterAll(() => mongo.stop());
if (mongo.runs) {
  customerRoutesSuite('MongoDB', async () =>
    openMongoStore({
      url: await mongo.url(),
      dbName: `gateway_customer_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    }),
  );
}

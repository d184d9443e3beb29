// A customer's choice of staff member through the gateway's HTTP surface on the embedded platform
// (docs/decisions.md "Staff assignment"): the config names whom a service lets the customer
// choose, availability lists one person's free times (query.staffId), and the create naming them
// says whom the booking went to. Refusals at query.staffId for a stranger, a collective service
// and an id of no shape.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '@svc/testing';
import { berlinTime, seedTeam, seedTenant } from './booking-fixture.js';
import { dashboard, errorOf, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let owner: ReturnType<typeof dashboard>;
let ana = '';
let ben = '';
let cleo = '';
let panel: string[] = [];
let stranger = '';

beforeAll(async () => {
  platform = await startTestPlatform();
  stores = await platformStores(platform);
  const catalog = platform.services.catalog.address;
  const { tenantId, staffId } = await seedTenant(catalog, 'team');
  stranger = staffId;
  [ana, ben, cleo] = (await seedTeam(catalog, tenantId, 'consult', ['Ana', 'Ben', 'Cleo'], {
    assignment: 'round_robin',
  })) as [string, string, string];
  panel = await seedTeam(catalog, tenantId, 'panel', ['Dee', 'Eli'], { assignment: 'collective' });
  owner = dashboard(platform.url, await stores.session(tenantId, 'tenant_owner'));
});
afterAll(async () => {
  await stores?.close();
  await platform?.cleanup();
});

const at = berlinTime(3, 11);

const availability = (serviceSlug: string, staffId?: string) => {
  const query = new URLSearchParams({ serviceSlug, fromMs: String(at), toMs: String(at + 1) });
  if (staffId !== undefined) query.set('staffId', staffId);
  return fetch(`${platform.url}/book/team/availability?${query}`);
};

const startsOf = async (res: Response) => {
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return (body.data.slots as Array<{ startsAtMs: number }>).map((s) => s.startsAtMs);
};

const book = (staffId: string | undefined, key: string) =>
  fetch(`${platform.url}/book/team/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      serviceSlug: 'consult',
      startsAtMs: at,
      customer: { name: 'Chooser', primaryEmail: `${key}@example.test` },
      ...(staffId !== undefined ? { staffId } : {}),
    }),
  });

describe("the customer's choice of staff member", () => {
  it('is offered by name for a service that allows it, never for a collective one, never a disabled person', async () => {
    expect((await owner('PATCH', `/api/staff/${cleo}`, { status: 'disabled' })).status).toBe(200);
    const { data } = await json(await fetch(`${platform.url}/book/team/config`));
    const bySlug = new Map((data.services as Array<{ slug: string; staff: unknown[] }>).map((s) => [s.slug, s.staff]));
    expect(bySlug.get('consult')).toEqual([
      { staffId: ana, displayName: 'Ana' },
      { staffId: ben, displayName: 'Ben' },
    ]);
    expect(bySlug.get('panel')).toEqual([]);
    expect(bySlug.get('checkup')).toEqual([{ staffId: stranger, displayName: 'Dr. Weber' }]);
  });

  it("lists one person's free times and books the person named; the answer says whom", async () => {
    expect(await startsOf(await availability('consult', ana))).toEqual([at]);
    const first = await book(ana, 'choice-1');
    expect(first.status).toBe(201);
    expect((await json(first)).data.booking).toMatchObject({ status: 'held', staffId: ana });
    // Ana is taken at that time; Ben is not, and so the team still is.
    expect(await startsOf(await availability('consult', ana))).toEqual([]);
    expect(await startsOf(await availability('consult', ben))).toEqual([at]);
    expect(await startsOf(await availability('consult'))).toEqual([at]);
    // A disabled person has no free times.
    expect(await startsOf(await availability('consult', cleo))).toEqual([]);
    // Nobody named: the policy picks whoever is free.
    const second = await book(undefined, 'choice-2');
    expect((await json(second)).data.booking).toMatchObject({ staffId: ben });
    expect(await startsOf(await availability('consult'))).toEqual([]);
  });

  it('refuses at query.staffId a person the service does not list, any of a collective service, and a malformed id', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['consult', stranger, /service/],
      ['panel', panel[0]!, /books all its staff together/],
      ['consult', 'x'.repeat(300), /./],
      ['consult', 'not an id', /./],
    ];
    for (const [slug, staffId, message] of cases) {
      const refused = await errorOf(await availability(slug, staffId));
      expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(refused.details).toEqual([{ path: 'query.staffId', message: expect.stringMatching(message) }]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { catalogV1 } from '@svc/proto';
import {
  createTenant,
  expectNotFound,
  expectViolations,
  startCatalog,
  type CatalogHarness,
} from '../support/catalog-harness.js';

let h: CatalogHarness;
let tenantA: catalogV1.Tenant;
let tenantB: catalogV1.Tenant;

beforeAll(async () => {
  h = await startCatalog();
  tenantA = await createTenant(h.client, { timezone: 'Europe/Berlin' });
  tenantB = await createTenant(h.client);
});
afterAll(() => h.stop());

async function createStaff(tenantId: string, fields: catalogV1.StaffFields) {
  const { staff } = await h.client.createStaff({ tenantId, fields });
  if (!staff) throw new Error('no staff');
  return staff;
}

async function createRule(tenantId: string, fields: catalogV1.AvailabilityRuleFields) {
  const { rule } = await h.client.createAvailabilityRule({ tenantId, fields });
  if (!rule) throw new Error('no rule');
  return rule;
}

const getRule = (tenantId: string, ruleId: string) => h.client.getAvailabilityRule({ tenantId, ruleId });

const listRules = (tenantId: string, owner: { ownerType?: string; ownerId?: string } = {}) =>
  h.client.listAvailabilityRules({
    tenantId,
    ownerType: owner.ownerType ?? '',
    ownerId: owner.ownerId ?? '',
  });

describe('availability rules over gRPC', () => {
  it('creates, lists, updates, gets and soft-deletes rules', async () => {
    const { client } = h;
    const rule = await createRule(tenantA.tenantId, {
      ownerType: 'tenant',
      weekday: 1,
      startMinute: 540,
      endMinute: 1020,
    });
    expect(rule).toMatchObject({
      ruleId: expect.stringMatching(/^rul_[A-Za-z0-9_-]{20,}$/),
      ownerType: 'tenant',
      ownerId: tenantA.tenantId,
      timezone: 'Europe/Berlin',
      status: 'active',
    });
    expect(rule.effectiveFromAtMs).toBeUndefined();
    expect((await listRules(tenantA.tenantId)).items).toContainEqual(rule);

    const { rule: updated } = await client.updateAvailabilityRule({
      tenantId: tenantA.tenantId,
      ruleId: rule.ruleId,
      fields: { endMinute: 720, effectiveUntilAtMs: 1_900_000_000_000 },
    });
    expect(updated).toMatchObject({ startMinute: 540, endMinute: 720, effectiveUntilAtMs: 1_900_000_000_000 });
    expect((await listRules(tenantA.tenantId)).items).toContainEqual(updated);
    expect((await getRule(tenantA.tenantId, rule.ruleId)).rule).toEqual(updated);

    // The merged record must keep startMinute < endMinute.
    await expectViolations(
      client.updateAvailabilityRule({
        tenantId: tenantA.tenantId,
        ruleId: rule.ruleId,
        fields: { startMinute: 720 },
      }),
      ['startMinute'],
    );

    const { rule: deleted } = await client.updateAvailabilityRule({
      tenantId: tenantA.tenantId,
      ruleId: rule.ruleId,
      fields: { status: 'deleted' },
    });
    expect(deleted?.status).toBe('deleted');
    expect((await listRules(tenantA.tenantId)).items.map((r) => r.ruleId)).not.toContain(rule.ruleId);
    // Deleted is gone: it can be neither read nor changed any more.
    await expectNotFound(getRule(tenantA.tenantId, rule.ruleId));
    await expectNotFound(
      client.updateAvailabilityRule({
        tenantId: tenantA.tenantId,
        ruleId: rule.ruleId,
        fields: { status: 'active' },
      }),
    );
  });

  it("defaults a staff rule to the staff member's timezone and filters lists by owner", async () => {
    const ana = await createStaff(tenantA.tenantId, { displayName: 'Ana', timezone: 'America/New_York' });
    const staffRule = await createRule(tenantA.tenantId, {
      ownerType: 'staff',
      ownerId: ana.staffId,
      weekday: 2,
      startMinute: 600,
      endMinute: 900,
    });
    expect(staffRule.timezone).toBe('America/New_York');
    const tenantRule = await createRule(tenantA.tenantId, {
      ownerType: 'tenant',
      weekday: 3,
      startMinute: 0,
      endMinute: 60,
    });

    const anaRules = await listRules(tenantA.tenantId, { ownerType: 'staff', ownerId: ana.staffId });
    expect(anaRules.items.map((r) => r.ruleId)).toEqual([staffRule.ruleId]);
    const tenantRules = await listRules(tenantA.tenantId, { ownerType: 'tenant' });
    expect(tenantRules.items.map((r) => r.ruleId)).toContain(tenantRule.ruleId);
    expect(tenantRules.items.map((r) => r.ruleId)).not.toContain(staffRule.ruleId);
    await expectViolations(listRules(tenantA.tenantId, { ownerType: 'team' }), ['ownerType']);
  });

  it("rejects owners of another tenant and keeps tenant B out of A's rules", async () => {
    const { client } = h;
    const bea = await createStaff(tenantB.tenantId, { displayName: 'Bea' });
    const fields = { ownerType: 'staff', ownerId: bea.staffId, weekday: 1, startMinute: 0, endMinute: 60 };
    await expectViolations(createRule(tenantA.tenantId, fields), ['ownerId']);
    await expectViolations(
      createRule(tenantA.tenantId, { ...fields, ownerType: 'tenant', ownerId: tenantB.tenantId }),
      ['ownerId'],
    );

    const rule = await createRule(tenantA.tenantId, { ...fields, ownerType: 'tenant', ownerId: '' });
    await expectNotFound(
      client.updateAvailabilityRule({
        tenantId: tenantB.tenantId,
        ruleId: rule.ruleId,
        fields: { weekday: 2 },
      }),
    );
    expect((await listRules(tenantB.tenantId)).items.map((r) => r.ruleId)).not.toContain(rule.ruleId);
    await expectNotFound(listRules('ten_nobody'));
    await expectNotFound(getRule(tenantB.tenantId, rule.ruleId));
    await expectNotFound(getRule(tenantA.tenantId, 'rul_unknown'));
    expect((await getRule(tenantA.tenantId, rule.ruleId)).rule).toEqual(rule);
  });
});

describe('blocked times over gRPC', () => {
  it('creates, lists by window, updates, gets and soft-deletes blocks, scoped to the tenant', async () => {
    const { client } = h;
    const tenant = await createTenant(client);
    const { blockedTime } = await client.createBlockedTime({
      tenantId: tenant.tenantId,
      fields: { ownerType: 'tenant', startsAtMs: 1_000_000, endsAtMs: 2_000_000, reason: 'Inventory' },
    });
    expect(blockedTime).toMatchObject({
      blockId: expect.stringMatching(/^blk_[A-Za-z0-9_-]{20,}$/),
      ownerId: tenant.tenantId,
      reason: 'Inventory',
      status: 'active',
    });
    const blockId = blockedTime?.blockId ?? '';
    const list = (fromMs?: number, toMs?: number) =>
      client.listBlockedTimes({ tenantId: tenant.tenantId, fromMs, toMs });

    expect((await list()).items).toEqual([blockedTime]);
    expect((await list(1_500_000, 1_600_000)).items).toHaveLength(1); // inside
    expect((await list(2_000_000)).items).toHaveLength(0); // ends exactly when the window starts
    expect((await list(undefined, 1_000_000)).items).toHaveLength(0); // starts exactly when it ends
    await expectViolations(list(5, 5), ['toMs']);

    const update = (fields: catalogV1.BlockedTimeFields, tenantId = tenant.tenantId) =>
      client.updateBlockedTime({ tenantId, blockId, fields });
    const { blockedTime: moved } = await update({ endsAtMs: 3_000_000 });
    expect(moved).toMatchObject({ startsAtMs: 1_000_000, endsAtMs: 3_000_000 });
    expect((await list(2_500_000)).items).toEqual([moved]);
    const get = (tenantId = tenant.tenantId, id = blockId) => client.getBlockedTime({ tenantId, blockId: id });
    expect((await get()).blockedTime).toEqual(moved);
    await expectNotFound(get(tenantA.tenantId));
    await expectNotFound(get(tenant.tenantId, 'blk_unknown'));
    await expectViolations(update({ startsAtMs: 3_000_000 }), ['startsAtMs']);
    await expectNotFound(update({ reason: 'x' }, tenantA.tenantId));
    expect((await client.listBlockedTimes({ tenantId: tenantA.tenantId })).items).not.toContainEqual(moved);

    await update({ status: 'deleted' });
    expect((await list()).items).toEqual([]);
    await expectNotFound(get());
    await expectNotFound(update({ status: 'active' }));
  });
});

describe('holidays over gRPC', () => {
  it('creates, lists, updates, gets and soft-deletes holidays, scoped to the tenant', async () => {
    const { client } = h;
    const tenant = await createTenant(client);
    const { holiday } = await client.createHoliday({
      tenantId: tenant.tenantId,
      fields: { date: '2025-12-25', name: 'Christmas' },
    });
    expect(holiday).toMatchObject({
      holidayId: expect.stringMatching(/^hol_[A-Za-z0-9_-]{20,}$/),
      date: '2025-12-25',
      name: 'Christmas',
      status: 'active',
    });
    const holidayId = holiday?.holidayId ?? '';
    const list = (tenantId = tenant.tenantId) => client.listHolidays({ tenantId });
    expect((await list()).items).toEqual([holiday]);

    const update = (fields: catalogV1.HolidayFields, tenantId = tenant.tenantId) =>
      client.updateHoliday({ tenantId, holidayId, fields });
    const { holiday: renamed } = await update({ name: 'Xmas' });
    expect((await list()).items).toEqual([renamed]);
    const get = (tenantId = tenant.tenantId, id = holidayId) => client.getHoliday({ tenantId, holidayId: id });
    expect((await get()).holiday).toEqual(renamed);
    await expectNotFound(get(tenantA.tenantId));
    await expectNotFound(get(tenant.tenantId, 'hol_unknown'));
    await expectViolations(update({ date: '2025-02-29' }), ['date']);
    await expectNotFound(update({ name: 'x' }, tenantA.tenantId));
    expect((await list(tenantA.tenantId)).items.map((x) => x.holidayId)).not.toContain(holidayId);

    await update({ status: 'deleted' });
    expect((await list()).items).toEqual([]);
    await expectNotFound(get());
    await expectViolations(client.createHoliday({ tenantId: tenant.tenantId, fields: { name: 'No date' } }), ['date']);
  });
});

describe('date overrides over gRPC', () => {
  it('creates, lists by date, updates, gets and soft-deletes overrides, scoped to the tenant', async () => {
    const { client } = h;
    const tenant = await createTenant(client);
    const staff = await createStaff(tenant.tenantId, { displayName: 'Ann', timezone: 'America/New_York' });
    const create = (fields: Partial<catalogV1.DateOverrideFields>, tenantId = tenant.tenantId) =>
      client.createDateOverride({ tenantId, fields: { windows: [], windowsSet: false, ...fields } });
    // Windows given in any order are kept in order of their start.
    const { dateOverride } = await create({
      ownerType: 'staff',
      ownerId: staff.staffId,
      date: '2026-12-24',
      windows: [
        { startMinute: 780, endMinute: 900 },
        { startMinute: 540, endMinute: 720 },
      ],
      windowsSet: true,
    });
    expect(dateOverride).toMatchObject({
      overrideId: expect.stringMatching(/^dov_[A-Za-z0-9_-]{20,}$/),
      ownerType: 'staff',
      ownerId: staff.staffId,
      date: '2026-12-24',
      windows: [
        { startMinute: 540, endMinute: 720 },
        { startMinute: 780, endMinute: 900 },
      ],
      status: 'active',
    });
    // A tenant override with no windows closes the day.
    const { dateOverride: closed } = await create({ ownerType: 'tenant', date: '2026-12-31' });
    expect(closed).toMatchObject({ ownerId: tenant.tenantId, windows: [] });

    const id = dateOverride?.overrideId ?? '';
    const list = (fromDate = '', toDate = '') =>
      client.listDateOverrides({ tenantId: tenant.tenantId, fromDate, toDate });
    expect((await list()).items).toEqual([dateOverride, closed]);
    expect((await list('2026-12-25')).items).toEqual([closed]);
    expect((await list('', '2026-12-24')).items).toEqual([dateOverride]);
    await expectViolations(list('2026-12-31', '2026-12-01'), ['toDate']);
    await expectViolations(list('2026-13-01'), ['fromDate']);

    const update = (fields: Partial<catalogV1.DateOverrideFields>, tenantId = tenant.tenantId) =>
      client.updateDateOverride({ tenantId, overrideId: id, fields: { windows: [], windowsSet: false, ...fields } });
    // Only the fields given change; windows replace the old ones when windowsSet.
    const { dateOverride: shorter } = await update({
      windows: [{ startMinute: 600, endMinute: 660 }],
      windowsSet: true,
    });
    expect(shorter).toMatchObject({ date: '2026-12-24', windows: [{ startMinute: 600, endMinute: 660 }] });
    const { dateOverride: moved } = await update({ date: '2026-12-23' });
    expect(moved).toMatchObject({ date: '2026-12-23', windows: [{ startMinute: 600, endMinute: 660 }] });
    expect((await client.getDateOverride({ tenantId: tenant.tenantId, overrideId: id })).dateOverride).toEqual(moved);
    await expectNotFound(client.getDateOverride({ tenantId: tenantA.tenantId, overrideId: id }));
    await expectNotFound(update({ date: '2026-12-22' }, tenantA.tenantId));

    // The rules: a real date, sorted windows of the day that do not overlap (touching is fine),
    // at most twelve, an owner of the tenant.
    const overlap = [
      { startMinute: 540, endMinute: 720 },
      { startMinute: 700, endMinute: 800 },
    ];
    await expectViolations(create({ ownerType: 'tenant', date: '2026-02-29' }), ['date']);
    await expectViolations(create({ ownerType: 'tenant', date: '2026-01-05', windows: overlap, windowsSet: true }), [
      'windows',
    ]);
    for (const bad of [
      [{ startMinute: 600, endMinute: 600 }],
      [{ startMinute: -1, endMinute: 60 }],
      [{ startMinute: 60, endMinute: 1441 }],
      Array.from({ length: 13 }, (_, i) => ({ startMinute: i * 60, endMinute: i * 60 + 30 })),
    ]) {
      await expectViolations(create({ ownerType: 'tenant', date: '2026-01-05', windows: bad, windowsSet: true }), [
        'windows',
      ]);
    }
    const touching = [
      { startMinute: 540, endMinute: 720 },
      { startMinute: 720, endMinute: 1440 },
    ];
    expect(
      (await create({ ownerType: 'tenant', date: '2026-01-05', windows: touching, windowsSet: true })).dateOverride,
    ).toMatchObject({ windows: touching });
    await expectViolations(create({ ownerType: 'staff', ownerId: 'stf_unknown', date: '2026-01-05' }), ['ownerId']);
    await expectViolations(create({ ownerType: 'tenant' }), ['date']);

    await update({ status: 'deleted' });
    expect((await list('', '2026-12-30')).items.map((o) => o.overrideId)).not.toContain(id);
    await expectNotFound(client.getDateOverride({ tenantId: tenant.tenantId, overrideId: id }));
  });
});

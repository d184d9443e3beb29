import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { catalogV1 } from '@svc/proto';
import { EPOCH_MS_END, DAY_MS } from '@svc/rules';
import {
  createTenant,
  expectNotFound,
  expectViolations,
  startCatalog,
  type CatalogHarness,
} from '../support/catalog-harness.js';

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(() => h.stop());

const HOUR = 3_600_000;
// Berlin is UTC+2 in June: the window covers local 2030-06-01 02:00 to 2030-06-08 02:00.
const fromMs = Date.UTC(2030, 5, 1);
const toMs = Date.UTC(2030, 5, 8);

/** Creates records through the API and answers their ids. */
function seeder(tenantId: string) {
  const { client } = h;
  return {
    async staff(displayName: string, status = 'active') {
      const { staff } = await client.createStaff({ tenantId, fields: { displayName, status } });
      return staff?.staffId ?? '';
    },
    async resource(name: string, status = 'active') {
      const { resource } = await client.createResource({
        tenantId,
        fields: { type: 'room', name, status },
      });
      return resource?.resourceId ?? '';
    },
    async service(slug: string, staffIds: string[], resourceIds: string[]) {
      const fields = {
        slug,
        name: slug,
        durationMin: 30,
        staffIds,
        staffIdsSet: true,
        resourceIds,
        resourceIdsSet: true,
        questions: [],
        questionsSet: false,
        staffWeights: {},
        staffWeightsSet: false,
      };
      const { service } = await client.createService({ tenantId, fields });
      return service?.serviceId ?? '';
    },
    async rule(ownerType: string, ownerId: string, extra: Partial<catalogV1.AvailabilityRuleFields> = {}) {
      const fields = { ownerType, ownerId, weekday: 1, startMinute: 540, endMinute: 1020, ...extra };
      const { rule } = await client.createAvailabilityRule({ tenantId, fields });
      return rule?.ruleId ?? '';
    },
    async block(ownerType: string, ownerId: string, startsAtMs: number, endsAtMs: number) {
      const fields = { ownerType, ownerId, startsAtMs, endsAtMs };
      const { blockedTime } = await client.createBlockedTime({ tenantId, fields });
      return blockedTime?.blockId ?? '';
    },
    async holiday(date: string) {
      const { holiday } = await client.createHoliday({ tenantId, fields: { date } });
      return holiday?.holidayId ?? '';
    },
    async override(ownerType: string, ownerId: string, date: string) {
      const fields = { ownerType, ownerId, date, windows: [{ startMinute: 600, endMinute: 720 }], windowsSet: true };
      const { dateOverride } = await client.createDateOverride({ tenantId, fields });
      return dateOverride?.overrideId ?? '';
    },
    async deleteOverride(overrideId: string) {
      await client.updateDateOverride({
        tenantId,
        overrideId,
        fields: { status: 'deleted', windows: [], windowsSet: false },
      });
    },
    async deleteRule(ruleId: string) {
      await client.updateAvailabilityRule({ tenantId, ruleId, fields: { status: 'deleted' } });
    },
    async deleteBlock(blockId: string) {
      await client.updateBlockedTime({ tenantId, blockId, fields: { status: 'deleted' } });
    },
    async deleteHoliday(holidayId: string) {
      await client.updateHoliday({ tenantId, holidayId, fields: { status: 'deleted' } });
    },
  };
}

const snapshot = (tenantId: string, serviceSlug: string, window = { fromMs, toMs }) =>
  h.client.getScheduleSnapshot({ tenantId, serviceSlug, ...window });

describe('GetScheduleSnapshot', () => {
  it('returns the tenant, the service and exactly the records relevant to it in the window', async () => {
    const tenant = await createTenant(h.client, { timezone: 'Europe/Berlin' });
    const t = tenant.tenantId;
    const seed = seeder(t);
    const ana = await seed.staff('Ana');
    const bob = await seed.staff('Bob', 'disabled');
    const cid = await seed.staff('Cid'); // active, but not listed by the service
    const room = await seed.resource('Room');
    const van = await seed.resource('Van', 'disabled');
    const hall = await seed.resource('Hall'); // not listed
    const serviceId = await seed.service('cut', [ana, bob], [room, van]);
    await seed.service('other', [cid], [hall]);

    const wanted = {
      rules: [
        await seed.rule('tenant', ''),
        await seed.rule('staff', ana),
        await seed.rule('resource', room),
        await seed.rule('tenant', '', { effectiveFromAtMs: fromMs - HOUR, effectiveUntilAtMs: fromMs + HOUR }),
      ],
      blocks: [
        await seed.block('tenant', t, fromMs - HOUR, fromMs + HOUR), // overlaps the start
        await seed.block('staff', ana, toMs - HOUR, toMs + HOUR), // overlaps the end
        await seed.block('resource', room, fromMs + HOUR, fromMs + 2 * HOUR),
      ],
      // Local dates of the window in Berlin: 2030-06-01 .. 2030-06-08.
      holidays: [await seed.holiday('2030-06-01'), await seed.holiday('2030-06-08')],
      // Overrides are dates of their owner's zone: a day more on either side.
      overrides: [
        await seed.override('tenant', '', '2030-05-31'),
        await seed.override('staff', ana, '2030-06-04'),
        await seed.override('resource', room, '2030-06-09'),
      ],
    };
    // Not wanted: other owners, disabled owners, deleted records, records outside the window.
    await seed.rule('staff', bob);
    await seed.rule('staff', cid);
    await seed.rule('resource', van);
    await seed.rule('resource', hall);
    await seed.rule('tenant', '', { effectiveUntilAtMs: fromMs }); // ended as the window starts
    await seed.rule('tenant', '', { effectiveFromAtMs: toMs }); // starts as the window ends
    await seed.deleteRule(await seed.rule('tenant', ''));
    await seed.block('tenant', t, fromMs - 2 * HOUR, fromMs); // ends as the window starts
    await seed.block('tenant', t, toMs, toMs + HOUR); // starts as the window ends
    await seed.block('staff', bob, fromMs, toMs);
    await seed.block('staff', cid, fromMs, toMs);
    await seed.block('resource', hall, fromMs, toMs);
    await seed.deleteBlock(await seed.block('tenant', t, fromMs, toMs));
    await seed.holiday('2030-05-31');
    await seed.holiday('2030-06-09');
    await seed.deleteHoliday(await seed.holiday('2030-06-03'));
    await seed.override('tenant', '', '2030-05-30');
    await seed.override('tenant', '', '2030-06-10');
    await seed.override('staff', bob, '2030-06-04');
    await seed.override('staff', cid, '2030-06-04');
    await seed.override('resource', hall, '2030-06-04');
    await seed.deleteOverride(await seed.override('tenant', '', '2030-06-05'));

    // Another tenant with the same service slug and records in the same window.
    const other = await createTenant(h.client, { timezone: 'Europe/Berlin' });
    const otherSeed = seeder(other.tenantId);
    await otherSeed.service('cut', [], []);
    await otherSeed.rule('tenant', '');
    await otherSeed.block('tenant', other.tenantId, fromMs, toMs);
    await otherSeed.holiday('2030-06-02');

    const snap = await snapshot(t, 'cut');
    expect(snap.tenant).toEqual(tenant);
    expect(snap.service?.serviceId).toBe(serviceId);
    expect(snap.staff.map((s) => s.staffId)).toEqual([ana]);
    expect(snap.resources.map((r) => r.resourceId)).toEqual([room]);
    expect(snap.rules.map((r) => r.ruleId).sort()).toEqual([...wanted.rules].sort());
    expect(snap.blockedTimes.map((b) => b.blockId).sort()).toEqual([...wanted.blocks].sort());
    expect(snap.holidays.map((x) => x.holidayId).sort()).toEqual([...wanted.holidays].sort());
    expect(snap.dateOverrides.map((x) => x.overrideId).sort()).toEqual([...wanted.overrides].sort());

    const otherSnap = await snapshot(other.tenantId, 'cut');
    expect(otherSnap.service?.tenantId).toBe(other.tenantId);
    expect(otherSnap.rules).toHaveLength(1);
    expect(otherSnap.blockedTimes).toHaveLength(1);
    expect(otherSnap.holidays).toHaveLength(1);
  });

  it('answers NOT_FOUND for an unknown tenant or service and checks the window', async () => {
    const tenant = await createTenant(h.client);
    await seeder(tenant.tenantId).service('known', [], []);
    await expectNotFound(snapshot('ten_nobody', 'known'));
    await expectNotFound(snapshot(tenant.tenantId, 'unknown'));
    await expectNotFound(snapshot(tenant.tenantId, ''));
    await expectViolations(snapshot(tenant.tenantId, 'known', { fromMs: toMs, toMs }), ['toMs']);
    // Beyond what Intl formats: a VALIDATION_ERROR, never a RangeError from localDateRange.
    const huge = { fromMs: 8_639_999_000_000_000, toMs: 8_640_000_000_000_000 };
    await expectViolations(snapshot(tenant.tenantId, 'known', huge), ['fromMs']);
    await expectViolations(snapshot(tenant.tenantId, 'known', { fromMs, toMs: 9_007_199_254_740_991 }), ['toMs']);
    // The widest window the booking service derives: up to the first instant after year 9999.
    const end = (await snapshot(tenant.tenantId, 'known', { fromMs: EPOCH_MS_END - DAY_MS, toMs: EPOCH_MS_END }))
      .service;
    expect(end?.slug).toBe('known');
  });
});

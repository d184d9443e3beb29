import type { catalogV1 } from '@svc/proto';

/**
 * What seeding needs of the catalog: its CreateTenant as a promise, which the catalog client of
 * `connectService` is (this package cannot depend on @svc/grpc, whose tests depend on it).
 */
export interface TenantCreator {
  createTenant(request: catalogV1.CreateTenantRequest): Promise<catalogV1.CreateTenantResponse>;
}

let seq = 0;
/** A slug no other test (or test process sharing a catalog) uses. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${process.pid.toString(36)}-${Date.now().toString(36)}-${(seq++).toString(36)}`;
}

/**
 * Creates a tenant through the catalog's API: a unique slug, Europe/Berlin, unless `fields` say
 * otherwise. Rejects with the catalog's error (tests of the tenant rules assert on it).
 */
export async function createTestTenant(
  catalog: TenantCreator,
  fields: Partial<catalogV1.CreateTenantRequest> = {},
): Promise<catalogV1.Tenant> {
  const { tenant } = await catalog.createTenant({
    slug: uniqueSlug('tenant'),
    name: 'Tenant',
    timezone: 'Europe/Berlin',
    locale: '',
    ...fields,
  });
  if (!tenant) throw new Error('the catalog answered CreateTenant without a tenant');
  return tenant;
}

/** What `openEveryDay` needs of the catalog (its CreateAvailabilityRule as a promise). */
export interface RuleCreator {
  createAvailabilityRule(
    request: catalogV1.CreateAvailabilityRuleRequest,
  ): Promise<catalogV1.CreateAvailabilityRuleResponse>;
}

const EVERY_WEEKDAY: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

/**
 * Weekly rules from `startMinute` to `endMinute` on all seven days (or the given `weekdays`,
 * 0 = Sunday) for each owner (tenant, staff, resource).
 */
export async function openEveryDay(
  catalog: RuleCreator,
  tenantId: string,
  owners: ReadonlyArray<readonly ['tenant' | 'staff' | 'resource', string]>,
  startMinute = 0,
  endMinute = 1440,
  weekdays: readonly number[] = EVERY_WEEKDAY,
): Promise<void> {
  for (const [ownerType, ownerId] of owners) {
    for (const weekday of weekdays) {
      await catalog.createAvailabilityRule({
        tenantId,
        fields: { ownerType, ownerId, weekday, startMinute, endMinute },
      });
    }
  }
}

/**
 * The repeated fields of a catalog ServiceFields left as they are (proto3 cannot leave a list
 * out; the `*Set` flags say none was sent): spread into an update of scalar fields only.
 */
export const SERVICE_LISTS_UNCHANGED = {
  staffIds: [] as never[],
  staffIdsSet: false,
  resourceIds: [] as never[],
  resourceIdsSet: false,
  questions: [] as never[],
  questionsSet: false,
  staffWeights: {},
  staffWeightsSet: false,
};

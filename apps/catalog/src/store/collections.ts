import { DuplicateKeyError, listIndex, type DocumentStore, type IndexSpec } from '@svc/store';

export const COLLECTIONS = {
  tenants: 'tenants',
  services: 'services',
  staff: 'staff',
  resources: 'resources',
  availabilityRules: 'availability_rules',
  blockedTimes: 'blocked_times',
  holidays: 'holidays',
  dateOverrides: 'date_overrides',
} as const;

const TENANT_SLUG_INDEX = 'by_slug';
const SERVICE_SLUG_INDEX = 'by_tenant_slug';

export const CATALOG_INDEXES: IndexSpec[] = [
  { collection: COLLECTIONS.tenants, name: TENANT_SLUG_INDEX, fields: ['slug'], unique: true },
  // ListTenants: every tenant in list order (no tenant scope).
  { collection: COLLECTIONS.tenants, name: 'by_created', fields: ['createdAtMs', '_id'] },
  { collection: COLLECTIONS.services, name: SERVICE_SLUG_INDEX, fields: ['tenantId', 'slug'], unique: true },
  listIndex(COLLECTIONS.services),
  listIndex(COLLECTIONS.staff),
  listIndex(COLLECTIONS.resources),
  listIndex(COLLECTIONS.availabilityRules),
  { collection: COLLECTIONS.availabilityRules, name: 'by_tenant_owner', fields: ['tenantId', 'ownerId'] },
  listIndex(COLLECTIONS.blockedTimes),
  // Overlap queries bound endsAtMs from below; past blocks pile up, future ones are few.
  { collection: COLLECTIONS.blockedTimes, name: 'by_tenant_ends', fields: ['tenantId', 'endsAtMs'] },
  listIndex(COLLECTIONS.holidays),
  { collection: COLLECTIONS.holidays, name: 'by_tenant_date', fields: ['tenantId', 'date'] },
  listIndex(COLLECTIONS.dateOverrides),
  { collection: COLLECTIONS.dateOverrides, name: 'by_tenant_date', fields: ['tenantId', 'date'] },
];

export function ensureCatalogIndexes(store: DocumentStore): Promise<void> {
  return store.ensureIndexes(CATALOG_INDEXES);
}

/** Whether a write failed because the slug is taken (tenant slugs globally, service slugs per tenant). */
export function isSlugClash(err: unknown): boolean {
  return err instanceof DuplicateKeyError && (err.index === TENANT_SLUG_INDEX || err.index === SERVICE_SLUG_INDEX);
}

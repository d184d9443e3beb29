import { notFound, validationError } from '@svc/errors';
import type { Tx } from '@svc/store';
import { MAX_ID_LIST } from '../domain/field-checks.js';
import type { FoundOwner, ownerToLookUp } from '../domain/owner.js';
import type { ServiceInput, ServiceReferences } from '../domain/service.js';
import type { TenantRecord } from '../domain/tenant.js';
import type { CatalogRepositories } from '../store/catalog-repositories.js';
import { isSlugClash } from '../store/collections.js';

/** A record of the caller's tenant, else NOT_FOUND (unknown ids and other tenants' ids alike). */
export function found<T>(record: T | null, what: string): T {
  if (record === null) throw notFound(what);
  return record;
}

/** Soft-deleted rules, blocks and holidays are gone for their API. */
export function foundActive<T extends { status: string }>(record: T | null, what: string): T {
  return found(record?.status === 'deleted' ? null : record, what);
}

export async function requireTenant(repos: CatalogRepositories, tenantId: string, tx?: Tx): Promise<TenantRecord> {
  return found(tenantId === '' ? null : await repos.tenants.get(tenantId, tx), 'Tenant');
}

/** The staff or resource a rule or block names, as the domain's owner check needs it. */
export async function findOwner(
  repos: CatalogRepositories,
  tenantId: string,
  target: ReturnType<typeof ownerToLookUp>,
  tx?: Tx,
): Promise<FoundOwner> {
  if (target === null) return null;
  if (target.ownerType === 'staff') {
    const staff = await repos.staff.get(tenantId, target.ownerId, tx);
    return staff && { timezone: staff.timezone };
  }
  const resource = await repos.resources.get(tenantId, target.ownerId, tx);
  return resource && { timezone: null };
}

/** Which of the service input's staff and resource ids exist in the tenant. */
export async function findServiceReferences(
  repos: CatalogRepositories,
  tenantId: string,
  input: ServiceInput,
  tx?: Tx,
): Promise<ServiceReferences> {
  // Same rule as the domain's checkIdList (duplicates dropped, then at most MAX_ID_LIST): a list the
  // domain accepts is looked up, an oversized one is rejected there without a huge $in first.
  const ids = (list: readonly string[] | undefined) => {
    const unique = [...new Set(list ?? [])];
    return unique.length <= MAX_ID_LIST ? unique : [];
  };
  // One at a time: a MongoDB transaction does not take parallel operations.
  const staff = await repos.staff.findByIds(tenantId, ids(input.staffIds), tx);
  const resources = await repos.resources.findByIds(tenantId, ids(input.resourceIds), tx);
  return {
    staffIds: new Set(staff.map((s) => s.staffId)),
    resourceIds: new Set(resources.map((r) => r.resourceId)),
  };
}

/** Runs a write that may take a slug; a taken slug is the caller's VALIDATION_ERROR on slug. */
export async function rejectSlugClash<T>(what: 'tenant' | 'service', write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isSlugClash(err)) throw validationError([{ path: 'slug', message: `is already used by another ${what}` }]);
    throw err;
  }
}

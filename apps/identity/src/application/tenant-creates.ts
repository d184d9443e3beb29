import { sha256Hex } from '@svc/crypto';
import { DomainError } from '@svc/errors';
import { unlessNotFound, type CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { DuplicateKeyError, type Collection, type DocumentStore } from '@svc/store';
import { requestFingerprint } from '@svc/crypto';
import { PLATFORM_TENANT_CREATES, type PlatformTenantCreateDoc } from '../store/documents.js';
import type { IdentityStore } from '../store/identity-store.js';
import { provisionTenant, type NewTenant, type ProvisionedTenant } from './provision-tenant.js';

/** How an earlier request with the same Idempotency-Key stands. */
type Claim =
  | { kind: 'new'; id: string }
  | { kind: 'done'; tenantId: string }
  /** Written, never completed: still running, or its process stopped on the way. */
  | { kind: 'unfinished'; id: string; createdAtMs: number };

export interface CreateOutcome extends ProvisionedTenant {
  /** True when an earlier request with this Idempotency-Key made the tenant. */
  replay: boolean;
}

/**
 * `POST /platform/v1/tenants` with an Idempotency-Key (docs/decisions.md "Platform provisioning"):
 * the key, per platform key, is written before the tenant is asked for and completed with its id,
 * so a retry after a lost answer gets the same tenant (200) instead of "slug taken", and the same
 * key with another body is BOOKING_IDEMPOTENCY_CONFLICT. A refused create removes its key, so it
 * can be used again. A key whose first request stopped between the catalog's create and the
 * completion finds the tenant by its slug, when that tenant was made after the key was written
 * and has no other owner yet; otherwise the retry creates it (the slug's uniqueness keeps two
 * tenants from being made).
 */
export class TenantCreates {
  private readonly records: Collection<PlatformTenantCreateDoc>;

  constructor(
    store: DocumentStore,
    private readonly deps: { catalog: CatalogClient; identity: IdentityStore },
    private readonly now: () => number = Date.now,
  ) {
    this.records = store.collection<PlatformTenantCreateDoc>(PLATFORM_TENANT_CREATES);
  }

  async create(input: NewTenant, platformKeyId: string, key: string | undefined): Promise<CreateOutcome> {
    if (key === undefined) return { ...(await provisionTenant(this.deps, input)), replay: false };
    const claim = await this.claim(platformKeyId, key, input);
    if (claim.kind === 'done') return this.replay(claim.tenantId, input);
    if (claim.kind === 'unfinished') {
      const adopted = await this.adoptable(input, claim.createdAtMs);
      if (adopted) {
        await this.deps.identity.addMembership(adopted.owner.userId, adopted.tenant.tenantId, 'tenant_owner');
        await this.complete(claim.id, adopted.tenant.tenantId);
        return { ...adopted, replay: true };
      }
    }
    let made: ProvisionedTenant;
    try {
      made = await provisionTenant(this.deps, input);
    } catch (err) {
      // Only the request that wrote the key gives it up; an unfinished one may still be running.
      if (claim.kind === 'new') await this.records.deleteMany({ _id: claim.id, tenantId: null });
      throw err;
    }
    await this.complete(claim.id, made.tenant.tenantId);
    return { ...made, replay: false };
  }

  private async claim(platformKeyId: string, key: string, input: NewTenant): Promise<Claim> {
    const id = sha256Hex(`${platformKeyId}\n${key}`);
    const fingerprint = requestFingerprint(input);
    for (;;) {
      const createdAtMs = this.now();
      try {
        await this.records.insertOne({
          _id: id,
          platformKeyId,
          fingerprint,
          slug: input.slug,
          tenantId: null,
          createdAtMs,
        });
        return { kind: 'new', id };
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      const existing = await this.records.findOne({ _id: id });
      // Given up by a refused create in between: claim it again.
      if (!existing) continue;
      if (existing.fingerprint !== fingerprint) {
        throw new DomainError('BOOKING_IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was used with another body.');
      }
      if (existing.tenantId !== null) return { kind: 'done', tenantId: existing.tenantId };
      return { kind: 'unfinished', id, createdAtMs: existing.createdAtMs };
    }
  }

  private async complete(id: string, tenantId: string): Promise<void> {
    await this.records.updateOne({ _id: id }, { tenantId });
  }

  /** The tenant an earlier request made, as it is now, with the owner it was made for. */
  private async replay(tenantId: string, input: NewTenant): Promise<CreateOutcome> {
    const { tenant } = await this.deps.catalog.getTenant({ tenantId });
    if (!tenant) throw new Error('the catalog answered without a tenant');
    const owner = await this.deps.identity.findOrCreateUserByEmail(input.ownerEmail);
    return { tenant, owner, replay: true };
  }

  /**
   * The slug's tenant when the unfinished request must have made it: made after the key was
   * written, and no owner but (at most) this one, so another caller's tenant is never taken.
   */
  private async adoptable(input: NewTenant, sinceMs: number): Promise<ProvisionedTenant | null> {
    const tenant = await tenantBySlug(this.deps.catalog, input.slug);
    if (!tenant || tenant.createdAtMs < sinceMs) return null;
    const owner = await this.deps.identity.findOrCreateUserByEmail(input.ownerEmail);
    const members = await this.deps.identity.membersOf(tenant.tenantId, { limit: 2 });
    if (members.items.some((m) => m.userId !== owner.userId)) return null;
    return { tenant, owner };
  }
}

/** The slug's tenant, or null when there is none. */
async function tenantBySlug(catalog: CatalogClient, slug: string): Promise<catalogV1.Tenant | null> {
  return (await unlessNotFound(catalog.getTenantBySlug({ slug })))?.tenant ?? null;
}

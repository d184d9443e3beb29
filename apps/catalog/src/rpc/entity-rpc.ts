import type { ServiceHandlers } from '@svc/grpc';
import type { catalogV1, commonV1 } from '@svc/proto';
import type { DocumentStore, Tx } from '@svc/store';
import { parsePageRequest, type PageRequest } from './paging.js';
import type { TenantRecord } from '../domain/tenant.js';
import type { CatalogRepositories } from '../store/catalog-repositories.js';
import type { Page } from '../store/tenant-scoped-repository.js';
import { found, foundActive, requireTenant } from './lookups.js';

/** What every handler needs: the store (for transactions), its repositories and the clock. */
export interface CatalogContext {
  store: DocumentStore;
  repos: CatalogRepositories;
  now: () => number;
}

/** A slice of catalog.v1's handlers; each entity's module implements its own RPCs. */
export type CatalogHandlers<K extends keyof typeof catalogV1.CatalogServiceService> = Pick<
  ServiceHandlers<typeof catalogV1.CatalogServiceService>,
  K
>;

/** One kind of tenant-scoped catalog record, as its create/get/update/list RPCs see it. */
export interface EntityRpc<R, Fields, Message> {
  /** For NOT_FOUND: `Staff`, `Availability rule`. */
  what: string;
  repo: {
    insert(record: R, tx?: Tx): Promise<void>;
    get(tenantId: string, id: string, tx?: Tx): Promise<R | null>;
    save(record: R, tx: Tx): Promise<void>;
  };
  /** Rules, blocks and holidays: a soft-deleted one is NOT_FOUND for its API. */
  softDeleted?: boolean;
  toMessage(record: R): Message;
  /** The new record for the tenant (may read the records it references). */
  build(fields: Fields | undefined, tenant: TenantRecord): Promise<R>;
  /** The record after the patch; runs inside the update's transaction `tx`. */
  patch(current: R, fields: Fields | undefined, tx: Tx): Promise<R>;
  /** Wraps every write, e.g. to answer a taken slug as a validation error. */
  guardWrite?: <T>(write: () => Promise<T>) => Promise<T>;
}

/**
 * The create, get, update and list steps every catalog record shares (the gateway's
 * admin-resource.ts is the HTTP side of the same shape); each entity module maps them onto its
 * generated RPC names and message fields, so the generated types stay intact.
 */
export function entityRpc<R, Fields, Message>({ store, repos }: CatalogContext, e: EntityRpc<R, Fields, Message>) {
  const guard = e.guardWrite ?? ((write) => write());
  const load = async (tenantId: string, id: string, tx?: Tx) => {
    const record = await e.repo.get(tenantId, id, tx);
    return e.softDeleted ? foundActive(record as (R & { status: string }) | null, e.what) : found(record, e.what);
  };
  return {
    async create(tenantId: string, fields: Fields | undefined): Promise<Message> {
      const record = await e.build(fields, await requireTenant(repos, tenantId));
      await guard(() =>
        store.withTransaction(async (tx) => {
          await e.repo.insert(record, tx);
          await repos.tenants.bumpCatalogVersion(tenantId, tx);
        }),
      );
      return e.toMessage(record);
    },
    async get(tenantId: string, id: string): Promise<Message> {
      return e.toMessage(await load(tenantId, id));
    },
    async update(tenantId: string, id: string, fields: Fields | undefined): Promise<Message> {
      const record = await guard(() =>
        store.withTransaction(async (tx) => {
          const next = await e.patch(await load(tenantId, id, tx), fields, tx);
          await e.repo.save(next, tx);
          await repos.tenants.bumpCatalogVersion(tenantId, tx);
          return next;
        }),
      );
      return e.toMessage(record);
    },
    /** One page; `query` reads it for the (existing) tenant with the caller's filters. */
    async list(
      tenantId: string,
      pageInput: commonV1.PageRequest | undefined,
      query: (tenantId: string, page: PageRequest) => Promise<Page<R>>,
    ): Promise<{ items: Message[]; page: commonV1.PageResponse }> {
      const page = parsePageRequest(pageInput);
      const tenant = await requireTenant(repos, tenantId);
      const result = await query(tenant.tenantId, page);
      return { items: result.items.map(e.toMessage), page: { nextCursor: result.nextCursor } };
    },
  };
}

import { underPath } from '@svc/errors';
import type { CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { slugFrom } from '@svc/rules';
import { provisionTenant, type NewTenant } from '../application/provision-tenant.js';
import { hashSessionToken, newSessionToken } from '../domain/session-token.js';
import type { IdentityStore, User } from '../store/identity-store.js';
import type { SetupLinkStore } from './setup-link-store.js';

/**
 * Why a setup token cannot open the first workspace: unknown (mistyped, or replaced by the link
 * a later start printed), used, a workspace exists already, or another submit of the same
 * wizard is being worked on.
 */
export type SetupRefusal = 'unknown' | 'used' | 'workspace_exists' | 'in_progress';

export interface FirstWorkspace {
  tenant: NewTenant;
  service: {
    name: string;
    durationMin: number;
    priceAmount?: number | undefined;
    priceCurrency?: string | undefined;
    /** automatic: a booking is confirmed as it is made; manual: the business confirms each. */
    confirmation: string;
  };
  /** The workspace's weekly hours (its opening hours), in its zone. */
  hours: Array<{ weekday: number; startMinute: number; endMinute: number }>;
}

export interface OpenedWorkspace {
  tenant: catalogV1.Tenant;
  owner: User;
  serviceId: string;
}

interface Deps {
  catalog: CatalogClient;
  identity: IdentityStore;
  links: SetupLinkStore;
}

/**
 * The first start's setup (docs/decisions.md "First start"): a one-time link the platform prints
 * while no workspace exists, and the wizard's submit, which opens the workspace with its owner
 * (as the CLI's tenant:create does), a staff member for the owner, the first service and the
 * workspace's weekly hours, through the catalog's own create calls.
 */
export class FirstWorkspaceSetup {
  constructor(private readonly deps: Deps) {}

  /** A new token (32 random bytes) replacing any earlier one, or why there is none. */
  async issue(): Promise<{ token: string } | { refusal: 'workspace_exists' }> {
    if (await this.workspaceExists()) return { refusal: 'workspace_exists' };
    const token = newSessionToken();
    await this.deps.links.issue(hashSessionToken(token));
    return { token };
  }

  /** Whether `token` can still open the first workspace; null when it can. */
  async check(token: string): Promise<SetupRefusal | null> {
    const link = await this.deps.links.current();
    if (!link || token === '' || link.tokenHash !== hashSessionToken(token)) return 'unknown';
    if (link.state === 'used') return 'used';
    // A workspace this link began (a setup stopped half way) is its own to finish.
    if (link.tenantId === null && (await this.workspaceExists())) return 'workspace_exists';
    return null;
  }

  /**
   * Opens the workspace and uses the token up; each step is recorded as it is made, so a submit
   * that failed half way (an outage) is resumed by the next one with the same token and nothing
   * is made twice. Field errors name the wizard's parts: `tenant.*`, `service.*`, `hours.N.*`.
   */
  async complete(token: string, input: FirstWorkspace): Promise<OpenedWorkspace | { refusal: SetupRefusal }> {
    const refusal = await this.check(token);
    if (refusal) return { refusal };
    const { catalog, identity, links } = this.deps;
    if (!(await links.claim(hashSessionToken(token)))) return { refusal: 'in_progress' };
    try {
      // What earlier submits made; only this claimed submit writes it from here on.
      const made = (await links.current())!;
      let tenant: catalogV1.Tenant;
      let owner: User;
      if (made.tenantId === null || made.ownerUserId === null) {
        ({ tenant, owner } = await provisionTenant({ catalog, identity }, input.tenant).catch((err: unknown) => {
          throw underPath(err, 'tenant');
        }));
        await links.record({ tenantId: tenant.tenantId, ownerUserId: owner.userId });
      } else {
        tenant = (await catalog.getTenant({ tenantId: made.tenantId })).tenant!;
        owner = (await identity.findUserById(made.ownerUserId))!;
      }
      const tenantId = tenant.tenantId;
      const staffId =
        made.staffId ??
        (await this.made('staffId', async () => {
          const { staff } = await catalog.createStaff({
            tenantId,
            fields: { userId: owner.userId, displayName: tenant.name, email: owner.email, timezone: tenant.timezone },
          });
          return staff!.staffId;
        }));
      const serviceId =
        made.serviceId ??
        (await this.made('serviceId', async () => {
          const { service } = await catalog
            .createService({
              tenantId,
              fields: {
                // A name of no Latin letter or digit leaves no slug; the business renames it in the dashboard.
                slug: slugFrom(input.service.name) || 'service-1',
                name: input.service.name,
                durationMin: input.service.durationMin,
                priceAmount: input.service.priceAmount,
                priceCurrency: input.service.priceCurrency,
                confirmation: input.service.confirmation,
                staffIds: [staffId],
                staffIdsSet: true,
                resourceIds: [],
                resourceIdsSet: false,
                questions: [],
                questionsSet: false,
                staffWeights: {},
                staffWeightsSet: false,
              },
            })
            .catch((err: unknown) => {
              throw underPath(err, 'service');
            });
          return service!.serviceId;
        }));
      for (let i = made.hoursMade; i < input.hours.length; i++) {
        const day = input.hours[i]!;
        await catalog
          .createAvailabilityRule({
            tenantId,
            // The workspace's hours: every slot fits them, and a staff member without hours of
            // their own follows them (docs/decisions.md "Availability").
            fields: { ownerType: 'tenant', ownerId: tenantId, ...day, timezone: tenant.timezone },
          })
          .catch((err: unknown) => {
            throw underPath(err, `hours.${i}`);
          });
        await links.record({ hoursMade: i + 1 });
      }
      await links.finish();
      return { tenant, owner, serviceId };
    } catch (err) {
      await links.release();
      throw err;
    }
  }

  private async made(field: 'staffId' | 'serviceId', create: () => Promise<string>): Promise<string> {
    const id = await create();
    await this.deps.links.record({ [field]: id });
    return id;
  }

  private async workspaceExists(): Promise<boolean> {
    const { items } = await this.deps.catalog.listTenants({ page: { limit: 1, cursor: '' } });
    return items.length > 0;
  }
}

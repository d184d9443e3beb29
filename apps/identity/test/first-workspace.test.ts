// The first start's setup (docs/decisions.md "First start") against a real catalog service: a
// link replaces the one before; a submit that fails half way (an outage at the service create)
// gives the link back, and the next submit with the same token resumes, making nothing twice;
// a catalog refusal names the wizard's field; the used link and an existing workspace refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogService } from '@svc/catalog';
import { DomainError } from '@svc/errors';
import { connectService, type CatalogClient, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { hashSessionToken } from '../src/domain/session-token.js';
import { FirstWorkspaceSetup, type FirstWorkspace } from '../src/setup/first-workspace.js';
import { SetupLinkStore } from '../src/setup/setup-link-store.js';
import { IdentityStore } from '../src/store/identity-store.js';

const host = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 };
let catalogHost: RunningGrpcHost;
let catalog: CatalogClient;

beforeAll(async () => {
  catalogHost = await startCatalogService(host, {
    logger: createLogger('catalog-test', 'silent'),
    store: await openSqliteStore({ file: ':memory:' }),
  });
  catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
});

afterAll(async () => {
  catalog?.close();
  await catalogHost?.stop();
});

const workspace = (slug: string, durationMin = 30): FirstWorkspace => ({
  tenant: { slug, name: 'Salon Sol', timezone: 'Europe/Madrid', ownerEmail: `owner@${slug}.test` },
  service: { name: 'Corte de pelo', durationMin, confirmation: 'automatic' },
  hours: [1, 2, 3].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1080 })),
});

/** A setup over its own identity store, the catalog's service create failing (an outage) at the `outages` calls (1 = the first). */
async function setupWith(outages: number[] = []): Promise<{ setup: FirstWorkspaceSetup; store: DocumentStore }> {
  const store = await openSqliteStore({ file: ':memory:' });
  let calls = 0;
  const flaky = new Proxy(catalog, {
    get(target, name, receiver) {
      const real = Reflect.get(target, name, receiver) as (...args: unknown[]) => Promise<unknown>;
      if (name !== 'createService') return real;
      return async (...args: unknown[]) => {
        if (outages.includes(++calls)) {
          throw new DomainError('INTERNAL_ERROR', 'the catalog is down', [], { retryable: true });
        }
        return real.apply(target, args);
      };
    },
  });
  const identity = new IdentityStore(store);
  await identity.ensureIndexes();
  const setup = new FirstWorkspaceSetup({ catalog: flaky, identity, links: new SetupLinkStore(store, Date.now) });
  return { setup, store };
}

async function made(tenantId: string) {
  const [staff, services, rules] = await Promise.all([
    catalog.listStaff({ tenantId, page: { limit: 10, cursor: '' } }),
    catalog.listServices({ tenantId, page: { limit: 10, cursor: '' }, statuses: [] }),
    catalog.listAvailabilityRules({ tenantId, page: { limit: 10, cursor: '' }, ownerType: '', ownerId: '' }),
  ]);
  return { staff: staff.items, services: services.items, rules: rules.items };
}

// One catalog for the file: the tests run in order, the first on a catalog with no tenant.
describe('the first workspace', () => {
  it('issues a link that replaces the one before, resumes a setup that failed half way, and then refuses', async () => {
    const { setup, store } = await setupWith([2]);
    try {
      const first = await setup.issue();
      const second = await setup.issue();
      if (!('token' in first) || !('token' in second)) throw new Error('no workspace exists yet: a link is issued');
      expect(second.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await setup.check(first.token)).toBe('unknown');
      expect(await setup.check('')).toBe('unknown');
      expect(await setup.check(second.token)).toBeNull();
      expect(await setup.complete(first.token, workspace('sol'))).toEqual({ refusal: 'unknown' });

      // The catalog refuses the service (after the tenant and the staff member were made): the error
      // names the wizard's field, and the link is given back.
      await expect(setup.complete(second.token, workspace('sol', 0))).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [expect.objectContaining({ path: 'service.durationMin' })],
      });
      expect(await setup.check(second.token)).toBeNull();
      // Then an outage at the service create: the same.
      await expect(setup.complete(second.token, workspace('sol'))).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(await setup.check(second.token)).toBeNull();
      const opened = await setup.complete(second.token, workspace('sol'));
      if ('refusal' in opened) throw new Error(`refused: ${opened.refusal}`);
      expect(opened.tenant).toMatchObject({ slug: 'sol', timezone: 'Europe/Madrid' });
      expect(opened.owner.email).toBe('owner@sol.test');

      const { staff, services, rules } = await made(opened.tenant.tenantId);
      expect(staff.map((s) => [s.displayName, s.userId])).toEqual([['Salon Sol', opened.owner.userId]]);
      expect(services.map((s) => [s.serviceId, s.slug, s.staffIds, s.confirmation])).toEqual([
        [opened.serviceId, 'corte-de-pelo', [staff[0]!.staffId], 'automatic'],
      ]);
      expect(rules.map((r) => [r.ownerType, r.weekday, r.startMinute, r.endMinute, r.timezone])).toEqual(
        [1, 2, 3].map((d) => ['tenant', d, 540, 1080, 'Europe/Madrid']),
      );

      expect(await setup.check(second.token)).toBe('used');
      expect(await setup.complete(second.token, workspace('sol-2'))).toEqual({ refusal: 'used' });
      expect(await setup.issue()).toEqual({ refusal: 'workspace_exists' });
    } finally {
      await store.close();
    }
  });

  it('refuses a link once a workspace exists, however the link was issued', async () => {
    const { setup, store } = await setupWith();
    try {
      // A workspace exists (the test before): a link issued straight into the store cannot open another.
      await new SetupLinkStore(store, Date.now).issue(hashSessionToken('late-token'.padEnd(43, 'x')));
      expect(await setup.check('late-token'.padEnd(43, 'x'))).toBe('workspace_exists');
    } finally {
      await store.close();
    }
  });
});

// Retention of webhook delivery bodies (docs/decisions.md "Privacy", docs/operations.md
// "Retention"): per tenant, from the real catalog's ListTenants (paged) and each tenant's
// retention.webhookBodyDays (unset: 30), the sweep removes the bodies of final deliveries older
// than that and keeps everything else: younger bodies, pending deliveries whatever their age,
// the deliveries' metadata. The clock is injected. Real stores: SQLite, and MongoDB through the
// test server; and the sweep as the running dispatcher does it.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogService } from '@svc/catalog';
import { connectService, type CatalogClient, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { DAY_MS } from '@svc/rules';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { createTestTenant, mongoForSuites, startWebhookReceiver, type WebhookReceiver } from '@svc/testing';
import { BodySweeper } from '../src/retention/body-sweeper.js';
import { COLLECTIONS, ensureDispatcherIndexes } from '../src/store/collections.js';
import { DeliveryRepository } from '../src/store/delivery-repository.js';
import { pendingDelivery, type DeliveryDoc, type DeliveryStatus } from '../src/store/records.js';
import { deliveryWhen, eventually, HOST_SETTINGS, publishEvent, startDispatcher } from './support/dispatcher.js';

const logger = createLogger('webhook-dispatcher', 'silent');
let catalogHost: RunningGrpcHost;
let catalog: CatalogClient;
/** Retention 7 days; created first. */
let shortTenant: string;
/** Retention unset (30 days); created after 100 others, so it is on ListTenants' second page. */
let defaultTenant: string;

beforeAll(async () => {
  catalogHost = await startCatalogService(HOST_SETTINGS, {
    logger: createLogger('catalog', 'silent'),
    store: await openSqliteStore({ file: ':memory:' }),
  });
  catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
  shortTenant = (await createTestTenant(catalog)).tenantId;
  const updated = await catalog.updateTenant({ tenantId: shortTenant, retention: { webhookBodyDays: 7 } });
  expect(updated.tenant?.retention?.webhookBodyDays).toBe(7);
  for (let i = 0; i < 100; i++) await createTestTenant(catalog);
  defaultTenant = (await createTestTenant(catalog)).tenantId;
}, 120_000);

afterAll(async () => {
  catalog?.close();
  await catalogHost?.stop();
});

const mongo = mongoForSuites();
afterAll(() => mongo.stop());

const BASE = Date.UTC(2030, 0, 15, 12);

/** A delivery of the tenant created `ageDays` before BASE, in `status`. */
async function seed(
  store: DocumentStore,
  tenantId: string,
  ageDays: number,
  status: DeliveryStatus,
  { legacy = false }: { legacy?: boolean } = {},
): Promise<string> {
  const id = `whd_${randomUUID().replaceAll('-', '')}`;
  const doc = pendingDelivery(
    {
      _id: id,
      tenantId,
      subscriptionId: 'whs_1',
      eventId: `evt_${id}`,
      eventType: 'booking.created',
      bookingId: 'bkg_1',
      body: `{"data":{"customer":{"name":"Body of ${id}"}}}`,
      traceparent: null,
    },
    BASE - ageDays * DAY_MS,
  );
  const final = status === 'pending' ? {} : { status, attemptCount: 1, nextAttemptAtMs: null, dueAtMs: null };
  const full: DeliveryDoc = { ...doc, ...final };
  // Stored before bodies could be removed: no bodyRemovedAtMs at all.
  if (legacy) delete full.bodyRemovedAtMs;
  await store.collection<DeliveryDoc>(COLLECTIONS.deliveries).insertOne(full);
  return id;
}

function retentionSuite(name: string, open: () => Promise<DocumentStore>) {
  describe(`the retention sweep on ${name}`, () => {
    it('removes only the bodies of final deliveries older than each tenant’s retention', async () => {
      const store = await open();
      try {
        await ensureDispatcherIndexes(store);
        const deliveries = new DeliveryRepository(store);
        const docs = store.collection<DeliveryDoc>(COLLECTIONS.deliveries);
        const held = async (id: string) => (await docs.findOne({ _id: id }))!;
        const legacy = await seed(store, shortTenant, 9, 'failed', { legacy: true });
        expect(Object.keys(await held(legacy))).not.toContain('bodyRemovedAtMs');

        const short = {
          old: await seed(store, shortTenant, 8, 'succeeded'),
          oldFailed: await seed(store, shortTenant, 8, 'failed'),
          young: await seed(store, shortTenant, 6, 'succeeded'),
          oldPending: await seed(store, shortTenant, 8, 'pending'),
        };
        const dflt = {
          eightDays: await seed(store, defaultTenant, 8, 'succeeded'),
          old: await seed(store, defaultTenant, 31, 'failed'),
          oldPending: await seed(store, defaultTenant, 40, 'pending'),
        };
        // A tenant the catalog does not know: not swept.
        const unknown = await seed(store, 'ten_unknown', 400, 'succeeded');
        const before = await held(short.old);

        let now = BASE;
        const sweeper = new BodySweeper(
          { catalog, deliveries, scrubFreed: () => store.scrubFreed(), logger, now: () => now },
          60_000,
        );
        expect(await sweeper.sweep()).toBe(4);
        for (const id of [legacy, short.old, short.oldFailed, dflt.old]) {
          expect(await held(id), id).toMatchObject({ body: '', bodyRemovedAtMs: BASE });
        }
        for (const id of [short.young, short.oldPending, dflt.eightDays, dflt.oldPending, unknown]) {
          const doc = await held(id);
          expect(doc.body, id).toContain(`Body of ${id}`);
          expect(doc.bodyRemovedAtMs ?? null, id).toBeNull();
        }
        // Only the body goes: ids, status, times and attempts stay; the revision counts up.
        const after = await held(short.old);
        expect(after).toEqual({ ...before, body: '', bodyRemovedAtMs: BASE, revision: before.revision + 1 });

        // Nothing more to do at the same moment.
        expect(await sweeper.sweep()).toBe(0);

        // Two days on: the 6-day body is past 7 days; the 8-day one of the 30-day tenant is not.
        now = BASE + 2 * DAY_MS;
        expect(await sweeper.sweep()).toBe(1);
        expect(await held(short.young)).toMatchObject({ body: '', bodyRemovedAtMs: now });
        expect((await held(dflt.eightDays)).body).toContain('Body of');

        // A pending delivery loses its body once it is final.
        await docs.updateOne({ _id: short.oldPending }, { status: 'succeeded', dueAtMs: null, nextAttemptAtMs: null });
        expect(await sweeper.sweep()).toBe(1);
        expect(await held(short.oldPending)).toMatchObject({ body: '', bodyRemovedAtMs: now });
        expect((await held(dflt.oldPending)).body).toContain('Body of');
      } finally {
        await store.close();
      }
    });
  });
}

retentionSuite('SQLite', () => openSqliteStore({ file: ':memory:' }));
if (mongo.runs) {
  retentionSuite('MongoDB', async () =>
    openMongoStore({ url: await mongo.url(), dbName: `dispatcher_retention_${randomUUID().slice(0, 8)}` }),
  );
}

describe('the running dispatcher', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('sweeps on its own every RETENTION_SWEEP_INTERVAL_MS and stops with the service', async () => {
    let aheadMs = 0;
    const harness = await startDispatcher({
      now: () => Date.now() + aheadMs,
      retention: {
        // The dispatcher owns (and closes) this client.
        catalog: connectService(catalogV1.CatalogServiceService, catalogHost.address),
        intervalMs: 50,
      },
    });
    try {
      const sub = await harness.client.createSubscription({
        tenantId: defaultTenant,
        url: receiver.url('sweep'),
        events: [],
        description: '',
      });
      receiver.setSecret('sweep', sub.signingSecret);
      const subscriptionId = sub.subscription!.subscriptionId;
      const event = await publishEvent(harness.bus, { tenantId: defaultTenant });
      const done = await deliveryWhen(harness.client, defaultTenant, subscriptionId, event.id, 'succeeded');
      // Sweeps have run meanwhile: a body younger than 30 days stays.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const kept = (await harness.client.getDelivery({ tenantId: defaultTenant, deliveryId: done.deliveryId }))
        .delivery!;
      expect(kept.body).toContain(event.id);
      // 31 days on, the next sweep removes it.
      aheadMs = 31 * DAY_MS;
      const removed = await eventually('the sweep to remove the body', async () => {
        const d = (await harness.client.getDelivery({ tenantId: defaultTenant, deliveryId: done.deliveryId }))
          .delivery!;
        return d.bodyRemovedAtMs !== undefined ? d : undefined;
      });
      expect(removed).toMatchObject({ status: 'succeeded', body: '', attemptCount: 1 });
    } finally {
      await harness.stop();
    }
  });
});

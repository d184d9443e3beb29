// A tenant's webhook subscriptions are bounded (docs/decisions.md "Webhooks"): one more than
// WEBHOOK_MAX_SUBSCRIPTIONS is QUOTA_EXCEEDED, parallel creates never take more places than
// there are (on SQLite's single writer and on MongoDB, where the tenant's version document makes
// two creates that each counted a free place conflict), and a delete frees a place.

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '@svc/errors';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { mongoForSuites } from '@svc/testing';
import { COLLECTIONS } from '../src/store/collections.js';
import { newTenantId, startDispatcher } from './support/dispatcher.js';

const MAX = 5;

function quotaSuite(name: string, openStore: () => Promise<DocumentStore>) {
  describe(`subscription quota on ${name}`, () => {
    const create = (harness: Awaited<ReturnType<typeof startDispatcher>>, tenantId: string) =>
      harness.client.createSubscription({ tenantId, url: 'https://hooks.example.com/b', events: [], description: '' });
    const started = async () =>
      startDispatcher({
        store: await openStore(),
        maxSubscriptions: MAX,
        resolve: async () => ['93.184.216.34'],
      });

    it('40 parallel creates of one tenant make exactly the quota; the rest are QUOTA_EXCEEDED 409', async () => {
      const harness = await started();
      try {
        const tenantId = newTenantId();
        const answers = await Promise.allSettled(Array.from({ length: 40 }, () => create(harness, tenantId)));
        const made = answers.filter((a) => a.status === 'fulfilled');
        const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as DomainError] : []));
        expect(made).toHaveLength(MAX);
        expect(refused).toHaveLength(40 - MAX);
        for (const err of refused) {
          expect(err).toBeInstanceOf(DomainError);
          expect(err.code).toBe('QUOTA_EXCEEDED');
          expect(err.httpStatus).toBe(409);
          expect(err.message).toContain(`already has ${MAX} webhook subscriptions`);
        }
        const stored = await harness.store.collection(COLLECTIONS.subscriptions).find({ tenantId });
        expect(stored).toHaveLength(MAX);
        // Another tenant has places of its own.
        expect((await create(harness, newTenantId())).subscription).toBeDefined();
      } finally {
        await harness.stop();
      }
    });

    it('a disabled subscription keeps its place; a deleted one frees it', async () => {
      const harness = await started();
      try {
        const tenantId = newTenantId();
        const ids: string[] = [];
        for (let i = 0; i < MAX; i++) ids.push((await create(harness, tenantId)).subscription!.subscriptionId);
        await harness.client.updateSubscription({
          tenantId,
          subscriptionId: ids[0]!,
          events: [],
          eventsSet: false,
          status: 'disabled',
        });
        await expect(create(harness, tenantId)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });

        const deleted = await harness.client.deleteSubscription({ tenantId, subscriptionId: ids[0]! });
        expect(deleted.subscription).toMatchObject({ subscriptionId: ids[0], status: 'disabled' });
        await expect(harness.client.getSubscription({ tenantId, subscriptionId: ids[0]! })).rejects.toMatchObject({
          code: 'NOT_FOUND',
        });
        await expect(harness.client.deleteSubscription({ tenantId, subscriptionId: ids[0]! })).rejects.toMatchObject({
          code: 'NOT_FOUND',
        });
        // Another tenant cannot delete it.
        await expect(
          harness.client.deleteSubscription({ tenantId: newTenantId(), subscriptionId: ids[1]! }),
        ).rejects.toMatchObject({ code: 'NOT_FOUND' });
        expect((await create(harness, tenantId)).subscription).toBeDefined();
        await expect(create(harness, tenantId)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
      } finally {
        await harness.stop();
      }
    });
  });
}

quotaSuite('SQLite', () => openSqliteStore({ file: ':memory:' }));

const mongo = mongoForSuites();
afterAll(() => mongo.stop());
if (mongo.runs) {
  quotaSuite('MongoDB', async () =>
    openMongoStore({
      url: await mongo.url(),
      dbName: `dispatcher_quota_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    }),
  );
}

// webhooks.v1 subscriptions over real gRPC (docs/decisions.md "Webhooks"): the secret shown
// once and stored sealed, the filter and status rules, the URL policy at create and update,
// paging, and tenant isolation on every RPC.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@svc/errors';
import type { webhooksV1 } from '@svc/proto';
import { COLLECTIONS } from '../src/store/collections.js';
import type { SubscriptionDoc } from '../src/store/records.js';
import { newTenantId, startDispatcher, type DispatcherHarness } from './support/dispatcher.js';

const DNS: Record<string, string[]> = { 'hooks.example.com': ['93.184.216.34'], localhost: ['127.0.0.1', '::1'] };

let dev: DispatcherHarness;
let distributed: DispatcherHarness;

beforeAll(async () => {
  const resolve = async (host: string) => DNS[host] ?? [];
  dev = await startDispatcher({ allowLoopback: true, resolve });
  distributed = await startDispatcher({ allowLoopback: false, resolve });
});
afterAll(async () => {
  await dev?.stop();
  await distributed?.stop();
});

async function failure(call: Promise<unknown>): Promise<DomainError> {
  const err = await call.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

function create(
  harness: DispatcherHarness,
  tenantId: string,
  fields: Partial<webhooksV1.CreateSubscriptionRequest> = {},
) {
  return harness.client.createSubscription({
    tenantId,
    url: 'https://hooks.example.com/booking',
    events: [],
    description: '',
    ...fields,
  });
}

const update = (harness: DispatcherHarness, req: Partial<webhooksV1.UpdateSubscriptionRequest>) =>
  harness.client.updateSubscription({ tenantId: '', subscriptionId: '', events: [], eventsSet: false, ...req });

describe('create', () => {
  it('answers the subscription and its whsec_ secret once; lists and details never show it; stored sealed', async () => {
    const tenantId = newTenantId();
    const res = await create(dev, tenantId, { events: ['booking.cancelled'], description: 'CRM sync' });
    expect(res.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.subscription).toEqual({
      subscriptionId: expect.stringMatching(/^whs_/),
      tenantId,
      url: 'https://hooks.example.com/booking',
      events: ['booking.cancelled'],
      description: 'CRM sync',
      status: 'active',
      createdAtMs: expect.any(Number),
      updatedAtMs: expect.any(Number),
    });
    const id = res.subscription!.subscriptionId;
    const got = await dev.client.getSubscription({ tenantId, subscriptionId: id });
    const listed = await dev.client.listSubscriptions({ tenantId });
    expect(got.subscription).toEqual(res.subscription);
    expect(listed.items).toEqual([res.subscription]);
    for (const answer of [got, listed]) expect(JSON.stringify(answer)).not.toContain(res.signingSecret);
    // At rest: sealed (AES-256-GCM), never the secret itself.
    const doc = await dev.store.collection<SubscriptionDoc>(COLLECTIONS.subscriptions).findOne({ _id: id });
    expect(doc!.secretSealed).toMatch(/^sb1\./);
    expect(JSON.stringify(doc)).not.toContain(res.signingSecret.slice('whsec_'.length));
  });

  it('keeps a filter of known names once each; empty means all', async () => {
    const tenantId = newTenantId();
    const res = await create(dev, tenantId, { events: ['booking.expired', 'booking.created', 'booking.expired'] });
    expect(res.subscription!.events).toEqual(['booking.expired', 'booking.created']);
    expect((await create(dev, tenantId)).subscription!.events).toEqual([]);
  });

  it('refuses unknown event names, a long description and a bad URL, all at once', async () => {
    const err = await failure(
      create(dev, newTenantId(), {
        url: 'ftp://hooks.example.com/x',
        events: ['booking.created', 'booking.*', 'invoice.paid'],
        description: 'x'.repeat(501),
      }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details.map((d) => d.path)).toEqual(['url', 'events[1]', 'events[2]', 'description']);
  });

  it.each([
    ['http://10.0.0.1/hook'],
    ['http://169.254.169.254/'],
    ['https://169.254.169.254/latest/meta-data/'],
    ['https://10.0.0.1/hook'],
    ['ftp://example.com/file'],
    ['https://user:secret@hooks.example.com/'],
    ['not a url'],
    ['https://unknown.example.com/'],
  ])('refuses %s at create (VALIDATION_ERROR on url, nothing stored)', async (url) => {
    const tenantId = newTenantId();
    for (const harness of [dev, distributed]) {
      const err = await failure(create(harness, tenantId, { url }));
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.details).toEqual([{ path: 'url', message: expect.any(String) }]);
      expect((await harness.client.listSubscriptions({ tenantId })).items).toEqual([]);
    }
  });

  it('takes http to loopback only with loopback targets allowed; a name resolving to loopback is refused otherwise', async () => {
    const tenantId = newTenantId();
    expect((await create(dev, tenantId, { url: 'http://127.0.0.1:9/hook' })).subscription!.url).toBe(
      'http://127.0.0.1:9/hook',
    );
    expect((await create(dev, tenantId, { url: 'http://localhost:9/hook' })).subscription!.status).toBe('active');
    for (const url of ['http://127.0.0.1:9/hook', 'https://localhost/hook', 'https://127.0.0.1/hook']) {
      const err = await failure(create(distributed, tenantId, { url }));
      expect(err.details[0]!.path, url).toBe('url');
    }
  });

  it('refuses a request without a tenant', async () => {
    const err = await failure(create(dev, ''));
    expect(err.details).toEqual([{ path: 'tenantId', message: 'is required' }]);
  });
});

describe('update and rotate', () => {
  it('changes only the fields given; events_set replaces the filter; status active|disabled', async () => {
    const tenantId = newTenantId();
    const { subscription } = await create(dev, tenantId, { events: ['booking.created'], description: 'a' });
    const subscriptionId = subscription!.subscriptionId;
    const disabled = await update(dev, { tenantId, subscriptionId, status: 'disabled' });
    expect(disabled.subscription).toMatchObject({ status: 'disabled', events: ['booking.created'], description: 'a' });
    const changed = await update(dev, {
      tenantId,
      subscriptionId,
      url: 'http://127.0.0.1:9/new',
      events: [],
      eventsSet: true,
      description: '',
      status: 'active',
    });
    expect(changed.subscription).toMatchObject({
      url: 'http://127.0.0.1:9/new',
      events: [],
      description: '',
      status: 'active',
    });
    expect(changed.subscription!.updatedAtMs).toBeGreaterThanOrEqual(subscription!.updatedAtMs);
  });

  it('refuses an empty change, an unknown status and a refused URL, leaving the subscription as it was', async () => {
    const tenantId = newTenantId();
    const { subscription } = await create(dev, tenantId);
    const subscriptionId = subscription!.subscriptionId;
    expect((await failure(update(dev, { tenantId, subscriptionId }))).details).toEqual([
      { path: '', message: 'must set at least one field' },
    ]);
    const err = await failure(
      update(dev, {
        tenantId,
        subscriptionId,
        status: 'paused',
        url: 'http://10.0.0.1/hook',
        events: ['x'],
        eventsSet: true,
      }),
    );
    expect(err.details.map((d) => d.path)).toEqual(['url', 'events[0]', 'status']);
    expect((await dev.client.getSubscription({ tenantId, subscriptionId })).subscription).toEqual(subscription);
  });

  it('rotates the secret: a new whsec_ once, stored sealed', async () => {
    const tenantId = newTenantId();
    const created = await create(dev, tenantId);
    const subscriptionId = created.subscription!.subscriptionId;
    const rotated = await dev.client.rotateSubscriptionSecret({ tenantId, subscriptionId });
    expect(rotated.signingSecret).toMatch(/^whsec_/);
    expect(rotated.signingSecret).not.toBe(created.signingSecret);
    expect(rotated.subscription!.subscriptionId).toBe(subscriptionId);
    const doc = await dev.store.collection<SubscriptionDoc>(COLLECTIONS.subscriptions).findOne({ _id: subscriptionId });
    expect(JSON.stringify(doc)).not.toContain(rotated.signingSecret.slice('whsec_'.length));
  });
});

describe('list', () => {
  it('pages in creation order with the shared cursor; limit 1 to 100', async () => {
    const tenantId = newTenantId();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await create(dev, tenantId, { description: `n${i}` })).subscription!.subscriptionId);
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await dev.client.listSubscriptions({ tenantId, page: { limit: 2, cursor } });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((s) => s.subscriptionId));
      cursor = page.page!.nextCursor;
    } while (cursor !== '');
    expect(seen).toEqual(ids);
    expect(
      (await failure(dev.client.listSubscriptions({ tenantId, page: { limit: 101, cursor: '' } }))).details,
    ).toEqual([{ path: 'limit', message: 'must be an integer from 1 to 100' }]);
    expect(
      (await failure(dev.client.listSubscriptions({ tenantId, page: { limit: 0, cursor: 'nope' } }))).details[0]!.path,
    ).toBe('cursor');
  });
});

describe('tenant isolation', () => {
  it('answers NOT_FOUND for another tenant’s subscription and delivery on every RPC, and lists only its own', async () => {
    const owner = newTenantId();
    const other = newTenantId();
    const { subscription } = await create(dev, owner);
    const subscriptionId = subscription!.subscriptionId;
    const calls: Array<[string, Promise<unknown>]> = [
      ['getSubscription', dev.client.getSubscription({ tenantId: other, subscriptionId })],
      ['updateSubscription', update(dev, { tenantId: other, subscriptionId, status: 'disabled' })],
      ['updateSubscription (bad body)', update(dev, { tenantId: other, subscriptionId, url: 'ftp://x' })],
      ['rotateSubscriptionSecret', dev.client.rotateSubscriptionSecret({ tenantId: other, subscriptionId })],
      ['getDelivery', dev.client.getDelivery({ tenantId: other, deliveryId: 'whd_missing' })],
      ['replayDelivery', dev.client.replayDelivery({ tenantId: other, deliveryId: 'whd_missing' })],
    ];
    for (const [name, call] of calls) expect((await failure(call)).code, name).toBe('NOT_FOUND');
    expect((await dev.client.listSubscriptions({ tenantId: other })).items).toEqual([]);
    expect(
      (await dev.client.listDeliveries({ tenantId: other, subscriptionId, status: '', eventType: '', bookingId: '' }))
        .items,
    ).toEqual([]);
    // Untouched for its owner.
    expect((await dev.client.getSubscription({ tenantId: owner, subscriptionId })).subscription).toEqual(subscription);
  });
});

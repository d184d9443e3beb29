// The outbox relay with several booking replicas (docs/architecture.md "Events"): one relay at a
// time holds the lease and publishes, so in normal operation each row reaches the bus once and
// in id order; a relay that dies without giving the lease up is replaced once it expires.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus } from '@svc/events';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { OutboxRelay } from '../src/events/outbox-relay.js';
import { BookingStore } from '../src/store/booking-store.js';
import { newEventId } from '../src/store/ids.js';
import { BOOKING_COLLECTIONS, type OutboxDoc } from '../src/store/records.js';
import { eventually } from './booking-fixture.js';

const logger = createLogger('relay', 'silent');
let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function setup() {
  const db: DocumentStore = await openSqliteStore({ file: ':memory:' });
  const store = new BookingStore(db);
  await store.ensureIndexes();
  const bus = new InProcessEventBus();
  const received: string[] = [];
  const sub = await bus.subscribe({ topic: BOOKING_EVENTS_TOPIC, groupId: 'test' }, async (m) => {
    received.push(m.headers['event-id']!);
  });
  cleanup.push(
    () => db.close(),
    () => bus.close(),
    () => sub.stop(),
  );
  const outbox = db.collection<OutboxDoc>(BOOKING_COLLECTIONS.outbox);
  const add = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = newEventId(Date.now());
      ids.push(id);
      await outbox.insertOne({
        _id: id,
        type: 'booking.created',
        payloadVersion: 1,
        occurredAtMs: Date.now(),
        key: `bkg_${i % 7}`,
        tenantId: 'ten_1',
        data: {},
        traceparent: null,
        state: 'pending',
        publishedAtMs: null,
      });
    }
    return ids;
  };
  const relay = (options: ConstructorParameters<typeof OutboxRelay>[3] = {}) => {
    const r = new OutboxRelay(store, bus, logger, { intervalMs: 20, ...options });
    cleanup.push(() => r.stop());
    return r;
  };
  return { store, bus, received, add, relay };
}

describe('outbox relay', () => {
  it('three relays on one store: every row published once, in id order, while rows keep coming', async () => {
    const { bus, received, add, relay } = await setup();
    const relays = [relay(), relay(), relay()];
    for (const r of relays) r.start();
    const ids: string[] = [];
    for (let round = 0; round < 10; round++) {
      ids.push(...(await add(30)));
      for (const r of relays) r.nudge();
    }
    await eventually('all rows published', async () => (received.length >= ids.length ? true : undefined));
    // A fence instead of a pause: with every relay stopped (stop waits for a pass in flight),
    // a marker published now arrives after anything they published, a duplicate included.
    for (const r of relays) await r.stop();
    await bus.publish(BOOKING_EVENTS_TOPIC, [{ key: 'fence', value: '{}', headers: { 'event-id': 'fence' } }]);
    await eventually('the fence', async () => (received.includes('fence') ? true : undefined));
    expect(received).toEqual([...ids, 'fence']);
  });

  it('a relay that died holding the lease is replaced once the lease expires', async () => {
    const { store, received, add, relay } = await setup();
    let clock = Date.now();
    // A relay of another replica took the lease and then crashed: it never renews or releases it.
    expect(await store.claimLease('outbox-relay', 'crashed', clock, 10_000)).toBe(true);
    const ids = await add(5);
    const claims = vi.spyOn(store, 'claimLease');
    const survivor = relay({ now: () => clock, leaseMs: 10_000 });
    survivor.start();
    // Three passes refused the lease (a fence on the claims, not a pause): nothing was published.
    await eventually('three refused claims', async () => (claims.mock.calls.length >= 3 ? true : undefined));
    expect(await Promise.all(claims.mock.results.map((r) => r.value))).toEqual(claims.mock.calls.map(() => false));
    expect(received).toEqual([]);
    clock += 10_000;
    await eventually('rows published by the survivor', async () => (received.length === 5 ? true : undefined));
    expect(received).toEqual(ids);
    expect(await store.claimLease('outbox-relay', 'crashed', clock, 10_000)).toBe(false);
  });

  it('a relay that keeps publishing renews its lease before half of it is gone, so no one else takes over', async () => {
    const { store, received, add, relay } = await setup();
    let clock = Date.now();
    const holder = relay({ now: () => clock, leaseMs: 10_000, intervalMs: 60_000 });
    holder.start();
    const first = await add(2);
    holder.nudge();
    await eventually('the first rows published', async () => (received.length === 2 ? true : undefined));
    // Past half the lease: the next batch renews it first.
    clock += 6_000;
    const second = await add(2);
    holder.nudge();
    await eventually('the second rows published', async () => (received.length === 4 ? true : undefined));
    // 12 s after the first claim: unrenewed, the lease would have run out by now.
    clock += 6_000;
    expect(await store.claimLease('outbox-relay', 'other', clock, 10_000)).toBe(false);
    expect(received).toEqual([...first, ...second]);
  });

  it('a relay that stops gives the lease up, so another takes over at once', async () => {
    const { store, received, add, relay } = await setup();
    const first = relay({ owner: 'first' });
    first.start();
    await eventually('the lease taken', async () =>
      (await store.claimLease('outbox-relay', 'probe', Date.now(), 10_000)) ? undefined : true,
    );
    await first.stop();
    const ids = await add(3);
    const second = relay({ owner: 'second' });
    second.start();
    await eventually('rows published by the second relay', async () => (received.length === 3 ? true : undefined));
    expect(received).toEqual(ids);
  });
});

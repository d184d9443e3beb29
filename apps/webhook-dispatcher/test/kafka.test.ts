// The distributed profile's path: booking events through a real Kafka broker (KRaft), consumed
// by the dispatcher's consumer group. The same code as the embedded profile, another bus.
// A dispatcher stopped while events keep coming and a new one started in the same group deliver
// every event exactly once per subscription: offsets are committed only after the deliveries
// are stored, and an event handed over again creates nothing new.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKafkaEventBus, type KafkaEventBus } from '@svc/events';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import {
  eventually,
  kafkaMissing,
  serverGate,
  startKafka,
  startWebhookReceiver,
  type KafkaServer,
  type WebhookReceiver,
} from '@svc/testing';
import {
  borrowedStore,
  newTenantId,
  publishEvent,
  startDispatcher,
  type DispatcherHarness,
} from './support/dispatcher.js';

const run = serverGate('Kafka', kafkaMissing());

describe.skipIf(!run)('webhooks through Kafka', () => {
  let kafka: KafkaServer | undefined;
  let receiver: WebhookReceiver;
  let store: DocumentStore;

  beforeAll(async () => {
    kafka = await startKafka();
    receiver = await startWebhookReceiver();
    store = await openSqliteStore({ file: ':memory:' });
  });
  afterAll(async () => {
    await store?.close();
    await receiver?.close();
    await kafka?.stop();
  });

  const kafkaBus = (clientId: string): KafkaEventBus =>
    createKafkaEventBus({
      brokers: kafka!.brokers,
      clientId,
      sessionTimeoutMs: 6_000,
      heartbeatIntervalMs: 500,
      maxWaitTimeMs: 200,
      retryDelayMs: 100,
      onHandlerError: () => {},
      logLevel: 'nothing',
    });

  it('delivers every event once per subscription across a dispatcher stop and a new one in its group', async () => {
    const producer = kafkaBus('booking');
    let dispatcher: DispatcherHarness | undefined = await startDispatcher({
      store: borrowedStore(store),
      bus: kafkaBus('webhook-dispatcher-1'),
    });
    try {
      const tenantId = newTenantId();
      const subscriptionIds: string[] = [];
      for (const name of ['kafka-a', 'kafka-b']) {
        const res = await dispatcher.client.createSubscription({
          tenantId,
          url: receiver.url(name),
          events: [],
          description: '',
        });
        receiver.setSecret(name, res.signingSecret);
        subscriptionIds.push(res.subscription!.subscriptionId);
      }
      const published: string[] = [];
      /** Each event's trace (its traceparent header, as the relay sets it): the webhook continues it. */
      const traceOf = new Map<string, string>();
      const publish = async (n: number) => {
        for (let i = 0; i < n; i++) {
          const traceId = randomBytes(16).toString('hex');
          const { id } = await publishEvent(producer, {
            tenantId,
            traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
          });
          published.push(id);
          traceOf.set(id, traceId);
        }
      };
      const allDelivered = (client: DispatcherHarness['client']) =>
        eventually(
          `all ${published.length} events to be delivered twice`,
          async () => {
            const counts = await Promise.all(
              subscriptionIds.map(async (subscriptionId) => {
                let cursor = '';
                let n = 0;
                do {
                  const page = await client.listDeliveries({
                    tenantId,
                    subscriptionId,
                    status: 'succeeded',
                    eventType: '',
                    bookingId: '',
                    page: { limit: 100, cursor },
                  });
                  n += page.items.length;
                  cursor = page.page!.nextCursor;
                } while (cursor !== '');
                return n;
              }),
            );
            return counts.every((n) => n === published.length) ? true : undefined;
          },
          90_000,
        );

      await publish(20);
      await allDelivered(dispatcher.client);
      await dispatcher.stop();
      dispatcher = undefined;
      // Published while no dispatcher runs: they wait in the topic.
      await publish(20);
      dispatcher = await startDispatcher({ store: borrowedStore(store), bus: kafkaBus('webhook-dispatcher-2') });
      await allDelivered(dispatcher.client);

      for (const name of ['kafka-a', 'kafka-b']) {
        const ids = receiver.received(name).map((r) => r.event.id);
        expect(ids.sort()).toEqual([...published].sort());
        for (const { event, headers } of receiver.received(name)) {
          expect(String(headers.traceparent).split('-')[1]).toBe(traceOf.get(event.id));
        }
        expect(receiver.rejected(name)).toBe(0);
      }
    } finally {
      await dispatcher?.stop();
      await producer.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { kafkaMissing, serverGate, startKafka, type KafkaServer } from '@svc/testing';
import { metricsRegistry } from '@svc/telemetry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKafkaEventBus, type KafkaEventBusOptions } from '../src/index.js';
import { eventBusContract } from './event-bus-contract.js';

const run = serverGate('Kafka', kafkaMissing());

describe.skipIf(!run)('KafkaEventBus on a real broker', () => {
  let kafka: KafkaServer | undefined;

  beforeAll(async () => {
    const started = Date.now();
    kafka = await startKafka();
    console.info(`Kafka ${kafka.brokers.join(',')} up in ${Date.now() - started} ms`);
  });

  afterAll(async () => {
    await kafka?.stop();
  });

  const makeBus = (overrides: Partial<KafkaEventBusOptions> = {}) => {
    if (!kafka) throw new Error('Kafka did not start');
    return createKafkaEventBus({
      brokers: kafka.brokers,
      clientId: 'events-contract',
      // Short timings: group changes and stops are quick on a single local broker.
      sessionTimeoutMs: 6_000,
      heartbeatIntervalMs: 500,
      maxWaitTimeMs: 200,
      retryDelayMs: 100,
      onHandlerError: () => {},
      // kafkajs logs retried coordinator errors at ERROR; KAFKAJS_LOG_LEVEL=debug brings them back.
      logLevel: 'nothing',
      ...overrides,
    });
  };

  eventBusContract('KafkaEventBus', async () => makeBus());

  it("reports each partition's consumer lag of the group (kafka_consumer_lag)", async () => {
    const bus = makeBus();
    const topic = `lag-${randomUUID().slice(0, 8)}`;
    const groupId = `${topic}-g`;
    let count = 0;
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const sub = await bus.subscribe({ topic, groupId }, async () => {
      if (++count === 3) resolveDone();
    });
    try {
      await bus.publish(
        topic,
        ['a', 'b', 'c'].map((value) => ({ key: 'k', value, headers: {} })),
      );
      await done;
      const lag = async () =>
        (await metricsRegistry.getSingleMetric('kafka_consumer_lag')!.get()).values.filter(
          (v) => v.labels.group === groupId,
        );
      // The batch's end is reported right after its last message was handled.
      for (let i = 0; i < 100 && (await lag()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await lag()).toEqual([
        { labels: { service: 'events-contract', group: groupId, topic, partition: expect.any(String) }, value: 0 },
      ]);
    } finally {
      await sub.stop();
      await bus.close();
    }
  });

  it('keeps a handler slower than the session timeout in its group (no redelivery)', async () => {
    const bus = makeBus({ sessionTimeoutMs: 2_000, heartbeatIntervalMs: 300 });
    const topic = `slow-${randomUUID().slice(0, 8)}`;
    const seen: string[] = [];
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const sub = await bus.subscribe({ topic, groupId: `${topic}-g` }, async (m) => {
      seen.push(m.value);
      if (m.value === 'slow') await new Promise((r) => setTimeout(r, 3_500));
      if (m.value === 'last') resolveDone();
    });
    try {
      await bus.publish(topic, [
        { key: 'k', value: 'slow', headers: {} },
        { key: 'k', value: 'last', headers: {} },
      ]);
      // Bounded, so a redelivery loop fails with a diff instead of a test timeout.
      await Promise.race([done, new Promise((r) => setTimeout(r, 15_000))]);
      expect(seen).toEqual(['slow', 'last']);
    } finally {
      await sub.stop();
      await bus.close();
    }
  });
});

import type { EventBus } from './event-bus.js';
import { InProcessEventBus } from './in-process-bus.js';
import { createKafkaEventBus } from './kafka-bus.js';

/**
 * The bus a service's configuration asks for, the same rule for every service: Kafka when
 * `KAFKA_BROKERS` is set (the distributed profile requires it), else an in-process bus.
 */
export function eventBusFromConfig(config: { KAFKA_BROKERS?: string | undefined }, clientId: string): EventBus {
  return config.KAFKA_BROKERS
    ? createKafkaEventBus({ brokers: config.KAFKA_BROKERS.split(','), clientId })
    : new InProcessEventBus();
}

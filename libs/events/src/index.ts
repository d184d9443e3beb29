export type {
  BusMessage,
  ReceivedMessage,
  MessageHandler,
  BatchHandler,
  Subscription,
  SubscribeOptions,
  EventBus,
} from './event-bus.js';
export { subscribeInBatches } from './event-bus.js';
export { consumeInBatches, inBatchSpan, type BatchConsumer } from './batch-consumer.js';
export type { HandlerErrorListener } from './deliver.js';
export { InProcessEventBus, type InProcessEventBusOptions } from './in-process-bus.js';
export { StoreBusJournal, type BusJournal, type JournalTopic } from './bus-journal.js';
export { KafkaEventBus, createKafkaEventBus, type KafkaEventBusOptions, type KafkaLogLevel } from './kafka-bus.js';
export { BOOKING_EVENTS_TOPIC, INTEGRATION_EVENTS_TOPIC, IDENTITY_EVENTS_TOPIC } from './topics.js';
export { parseEnvelope } from './envelope.js';
export * from './customer-erased.js';
export { eventBusFromConfig } from './configured-bus.js';
export { PortEventBus, serveEventBus } from './port-bus.js';
export * from './identity-changed.js';

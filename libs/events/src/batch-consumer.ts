import type { Span } from '@opentelemetry/api';
import { inSpan } from '@svc/telemetry';
import { subscribeInBatches, type EventBus, type ReceivedMessage, type Subscription } from './event-bus.js';

/**
 * A consumer group that stores the work of many messages in one transaction (the notifications'
 * intakes, the webhook fan-out): where it reads, and how many messages one batch holds at most.
 */
export interface BatchConsumer {
  topic: string;
  groupId: string;
  maxBatch: number;
  /** The service whose tracer spans its batches. */
  service: string;
  /** The batch span's verb: the span is `<topic> <operation>`, e.g. `booking.events notify`. */
  operation: string;
}

/**
 * Runs one batch of `consumer` in a span of its own (a trace of its own: the events' traces are
 * linked to it, not continued, docs/architecture.md "Telemetry"), named `<topic> <operation>`.
 */
export function inBatchSpan<T>(
  consumer: BatchConsumer,
  messages: readonly ReceivedMessage[],
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return inSpan(
    consumer.service,
    `${consumer.topic} ${consumer.operation}`,
    { traceparent: null, attributes: { 'messaging.batch.message_count': messages.length } },
    fn,
  );
}

/**
 * Subscribes `handle` to the consumer's topic in its group, in batches where the bus can; what
 * the handler answers (a count, for its callers and tests) is not the bus's business.
 */
export function consumeInBatches(
  bus: EventBus,
  consumer: BatchConsumer,
  handle: (messages: readonly ReceivedMessage[]) => Promise<unknown>,
): Promise<Subscription> {
  const { topic, groupId, maxBatch } = consumer;
  return subscribeInBatches(bus, { topic, groupId, maxBatch }, async (messages) => {
    await handle(messages);
  });
}

export interface BusMessage {
  /** Partitioning key (bookingId for booking events): order is kept per key. */
  key: string;
  value: string;
  headers: Record<string, string>;
}

export interface ReceivedMessage extends BusMessage {
  topic: string;
  /** Position in the topic (Kafka offset as a string, or the in-process sequence). */
  offset: string;
}

export type MessageHandler = (message: ReceivedMessage) => Promise<void>;

/**
 * Handles consecutive messages of one partition, in order. The offsets of all of them are
 * committed only after it resolves; if it throws, the same messages come again (it must be as
 * idempotent as a MessageHandler).
 */
export type BatchHandler = (messages: ReceivedMessage[]) => Promise<void>;

export interface Subscription {
  /**
   * Stops consuming. A message whose handler has not finished by then is NOT committed, so the
   * group receives it again after a restart (at-least-once).
   */
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  topic: string;
  groupId: string;
  /** Start of a new group: earliest (default) or only new messages. */
  fromBeginning?: boolean;
}

/**
 * Publish/consume with consumer groups. The offset of a message is committed only after its
 * handler resolves; a handler that throws gets the message again (after a short pause).
 */
export interface EventBus {
  publish(topic: string, messages: BusMessage[]): Promise<void>;
  subscribe(opts: SubscribeOptions, handler: MessageHandler): Promise<Subscription>;
  /**
   * Like subscribe, but hands over what is waiting (up to `maxBatch`) at once, so a handler can
   * store the work of many messages in one transaction. Optional: without it, callers subscribe
   * and handle each message as a batch of one (subscribeInBatches does that).
   */
  subscribeBatch?(opts: SubscribeOptions & { maxBatch?: number }, handler: BatchHandler): Promise<Subscription>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Batches through the bus's subscribeBatch where it has one, else one message at a time. */
export function subscribeInBatches(
  bus: EventBus,
  opts: SubscribeOptions & { maxBatch?: number },
  handler: BatchHandler,
): Promise<Subscription> {
  if (bus.subscribeBatch) return bus.subscribeBatch(opts, handler);
  return bus.subscribe(opts, (message) => handler([message]));
}

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
  ping(): Promise<void>;
  close(): Promise<void>;
}

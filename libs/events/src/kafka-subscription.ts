import type { Consumer, EachMessagePayload, Kafka } from 'kafkajs';
import type { MessageHandler, SubscribeOptions, Subscription } from './event-bus.js';
import { deliver, type HandlerErrorListener } from './deliver.js';
import { toReceivedMessage } from './kafka-message.js';
import { StopSignal } from './stop-signal.js';
import { consumerLag } from './metrics.js';

export interface KafkaConsumerSettings {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  maxWaitTimeMs: number;
  retryDelayMs: number;
  onHandlerError: HandlerErrorListener;
  /** The consuming service, for its metrics (the bus's clientId). */
  service: string;
}

/** Where a new group starts on partitions it has never committed (see KafkaAdmin). */
export type StartOffsets = Array<{ partition: number; offset: string }>;

/**
 * One kafkajs consumer running one handler. Offsets are committed by hand, one message at a
 * time, only after the handler resolved and only if stop() had not been called by then.
 */
export class KafkaSubscription implements Subscription {
  private readonly consumer: Consumer;
  private readonly signal = new StopSignal();
  private stopping: Promise<void> | undefined;
  /** The message being handled, if any (kafkajs hands over one at a time). */
  private inFlight: Promise<void> | undefined;

  constructor(
    kafka: Kafka,
    private readonly opts: SubscribeOptions,
    private readonly handler: MessageHandler,
    private readonly settings: KafkaConsumerSettings,
  ) {
    this.consumer = kafka.consumer({
      groupId: opts.groupId,
      sessionTimeout: settings.sessionTimeoutMs,
      heartbeatInterval: settings.heartbeatIntervalMs,
      // Bounds how long stop() waits for an idle long-poll fetch to return.
      maxWaitTimeInMs: settings.maxWaitTimeMs,
      allowAutoTopicCreation: false,
    });
    // kafkajs fetches in batches even for eachMessage; after each it reports how far the
    // partition's end is ahead of the batch's last offset.
    this.consumer.on(this.consumer.events.END_BATCH_PROCESS, ({ payload }) =>
      consumerLag.set(
        { service: settings.service, group: opts.groupId, topic: payload.topic, partition: String(payload.partition) },
        Number(payload.offsetLag),
      ),
    );
  }

  /** Connects, joins the group and starts consuming; resolves once the consumer is in the group. */
  async start(startOffsets: StartOffsets): Promise<void> {
    const { topic } = this.opts;
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: [topic], fromBeginning: this.opts.fromBeginning !== false });
    // run() resolves after the group join; the seeks must be queued before the first fetch.
    const running = this.consumer.run({ autoCommit: false, eachMessage: (payload) => this.onMessage(payload) });
    for (const { partition, offset } of startOffsets) this.consumer.seek({ topic, partition, offset });
    await running;
  }

  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    this.signal.request();
    // Once the request has taken effect no handler starts any more.
    await new Promise<void>((resolve) => this.signal.onStop(resolve));
    // kafkajs silently drops commitOffsets once disconnect() has begun, so the message in flight
    // settles first: it commits if its handler had resolved before stop() was called.
    await this.inFlight?.catch(() => {});
    await this.consumer.disconnect();
  }

  private async onMessage(payload: EachMessagePayload): Promise<void> {
    const processing = this.process(payload);
    this.inFlight = processing;
    try {
      await processing;
    } finally {
      if (this.inFlight === processing) this.inFlight = undefined;
    }
  }

  private async process({ topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> {
    // Returning without a commit leaves the message to whichever group member comes next.
    if (this.signal.requested) return;
    // kafkajs heartbeats only between messages; keep the membership alive during a slow handler.
    const keepAlive = setInterval(() => heartbeat().catch(() => {}), this.settings.heartbeatIntervalMs);
    try {
      const finished = await deliver(toReceivedMessage(topic, message), this.handler, {
        stop: this.signal,
        retryDelayMs: this.settings.retryDelayMs,
        onHandlerError: this.settings.onHandlerError,
        // A rebalance error thrown here makes kafkajs rejoin and refetch from the committed offset.
        beforeRetry: heartbeat,
      });
      if (!finished) return;
      await this.consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
    } finally {
      clearInterval(keepAlive);
    }
  }
}

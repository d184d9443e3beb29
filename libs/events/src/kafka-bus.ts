import { SpanKind } from '@opentelemetry/api';
import { inSpan } from '@svc/telemetry';
import { Kafka, Partitioners, logLevel as LogLevel, type Producer } from 'kafkajs';
import type { BusMessage, EventBus, MessageHandler, SubscribeOptions, Subscription } from './event-bus.js';
import { defaultHandlerErrorListener, type HandlerErrorListener } from './deliver.js';
import { KafkaAdmin } from './kafka-admin.js';
import { KafkaSubscription } from './kafka-subscription.js';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  /** Group session timeout (default 30000 ms); short values let tests recover fast from a dead member. */
  sessionTimeoutMs?: number;
  /** Consumer heartbeat interval (default 3000 ms, keep well under sessionTimeoutMs). */
  heartbeatIntervalMs?: number;
  /** Longest wait of an idle fetch; also bounds how long stop() may take (default 1000 ms). */
  maxWaitTimeMs?: number;
  /** Pause before a failed message is handed to the handler again (default 1000 ms). */
  retryDelayMs?: number;
  /** Partitions of topics the bus creates (default: the broker's num.partitions). */
  numPartitions?: number;
  /** Told about every handler failure before the retry (default: one console.error line). */
  onHandlerError?: HandlerErrorListener;
  /** kafkajs log level (default warn). Env KAFKAJS_LOG_LEVEL overrides it, to debug a run. */
  logLevel?: KafkaLogLevel;
}

export type KafkaLogLevel = 'nothing' | 'error' | 'warn' | 'info' | 'debug';

const LEVELS: Record<KafkaLogLevel, LogLevel> = {
  nothing: LogLevel.NOTHING,
  error: LogLevel.ERROR,
  warn: LogLevel.WARN,
  info: LogLevel.INFO,
  debug: LogLevel.DEBUG,
};

function kafkajsLogLevel(level: KafkaLogLevel | undefined): LogLevel {
  const name = process.env.KAFKAJS_LOG_LEVEL?.toLowerCase() || level || 'warn';
  return Object.hasOwn(LEVELS, name) ? LEVELS[name as KafkaLogLevel] : LogLevel.WARN;
}

/**
 * EventBus on Kafka (kafkajs). Connections open lazily: the producer on the first publish, the
 * admin client on the first topic creation or ping. Topics are created on first use.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly admin: KafkaAdmin;
  private readonly producer: Producer;
  private producerReady: Promise<void> | undefined;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;

  constructor(private readonly opts: KafkaEventBusOptions) {
    this.kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      logLevel: kafkajsLogLevel(opts.logLevel),
    });
    this.admin = new KafkaAdmin(this.kafka, opts.numPartitions ?? -1);
    // Explicit partitioner: same key → same partition, and no kafkajs v2 partitioner warning.
    this.producer = this.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
    });
  }

  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    await Promise.all([this.admin.ensureTopic(topic), this.connectProducer()]);
    await inSpan(
      undefined,
      `${topic} send`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.destination.name': topic,
          'messaging.batch.message_count': messages.length,
        },
      },
      () =>
        this.producer.send({
          topic,
          acks: -1,
          messages: messages.map((m) => ({ key: m.key, value: m.value, headers: { ...m.headers } })),
        }),
    );
  }

  async subscribe(opts: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    this.assertOpen();
    await this.admin.ensureTopic(opts.topic);
    const startOffsets =
      opts.fromBeginning === false ? await this.admin.uncommittedPartitionEnds(opts.topic, opts.groupId) : [];
    const subscription = new KafkaSubscription(this.kafka, opts, handler, {
      sessionTimeoutMs: this.opts.sessionTimeoutMs ?? 30_000,
      heartbeatIntervalMs: this.opts.heartbeatIntervalMs ?? 3_000,
      maxWaitTimeMs: this.opts.maxWaitTimeMs ?? 1_000,
      retryDelayMs: this.opts.retryDelayMs ?? 1_000,
      onHandlerError: this.opts.onHandlerError ?? defaultHandlerErrorListener,
      service: this.opts.clientId,
    });
    this.subscriptions.add(subscription);
    try {
      await subscription.start(startOffsets);
    } catch (error) {
      this.subscriptions.delete(subscription);
      await subscription.stop().catch(() => {});
      throw error;
    }
    return {
      stop: async () => {
        await subscription.stop();
        this.subscriptions.delete(subscription);
      },
    };
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await this.admin.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.subscriptions].map((s) => s.stop()));
    this.subscriptions.clear();
    await Promise.allSettled([this.producerReady ? this.producer.disconnect() : undefined, this.admin.disconnect()]);
  }

  private connectProducer(): Promise<void> {
    if (!this.producerReady) {
      this.producerReady = this.producer.connect();
      this.producerReady.catch(() => (this.producerReady = undefined));
    }
    return this.producerReady;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('KafkaEventBus is closed');
  }
}

export function createKafkaEventBus(opts: KafkaEventBusOptions): KafkaEventBus {
  return new KafkaEventBus(opts);
}

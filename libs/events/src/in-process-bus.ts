import type {
  BatchHandler,
  BusMessage,
  EventBus,
  MessageHandler,
  ReceivedMessage,
  SubscribeOptions,
  Subscription,
} from './event-bus.js';
import { defaultHandlerErrorListener, deliver, type HandlerErrorListener } from './deliver.js';
import { StopSignal } from './stop-signal.js';

export interface InProcessEventBusOptions {
  /** Pause before a failed message is handed to the handler again (default 1000 ms). */
  retryDelayMs?: number;
  /** Told about every handler failure before the retry (default: one console.error line). */
  onHandlerError?: HandlerErrorListener;
  /** Messages kept per topic at most (default 10 000); see InProcessEventBus on retention. */
  maxRetainedPerTopic?: number;
}

/** A topic's retained messages: `messages[head + i]` has offset `firstOffset + i`. */
interface TopicLog {
  /** Dropped slots before `head` are cleared, so their messages can be collected before compaction. */
  messages: Array<ReceivedMessage | undefined>;
  head: number;
  firstOffset: number;
  /** Offset the next publish gets. */
  nextOffset: number;
  groups: Map<string, GroupState>;
  /** Consumers waiting for the next publish. */
  waiters: Set<() => void>;
}

interface GroupState {
  /** Offset of the next message the group has not committed. */
  committed: number;
  /** The group's consumers run one after another: each waits for the previous to stop. */
  turn: Promise<void>;
}

/**
 * EventBus in memory, for tests and single-process runs: one log per topic and a committed
 * offset per (topic, group). A group has one active consumer; a second subscription in the same
 * group stands by and takes over when the first stops, like an idle Kafka member.
 *
 * Retention (a long-running embedded platform publishes for days): a message is dropped once
 * every group of its topic has committed it, and a topic keeps at most `maxRetainedPerTopic`
 * messages, the oldest going first like Kafka's size-based retention. So a late subscriber, a
 * group created after messages were published, starts at the oldest message still retained: all
 * of them while the topic has no group yet (up to the bound), else only those some existing
 * group has not committed. A group that falls behind the bound skips what was dropped.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, TopicLog>();
  private readonly subscriptions = new Set<Subscription>();
  private readonly retryDelayMs: number;
  private readonly onHandlerError: HandlerErrorListener;
  private readonly maxRetained: number;
  private closed = false;

  constructor(opts: InProcessEventBusOptions = {}) {
    this.retryDelayMs = opts.retryDelayMs ?? 1000;
    this.onHandlerError = opts.onHandlerError ?? defaultHandlerErrorListener;
    this.maxRetained = opts.maxRetainedPerTopic ?? 10_000;
    if (!Number.isSafeInteger(this.maxRetained) || this.maxRetained < 1) {
      throw new TypeError('maxRetainedPerTopic must be a positive integer');
    }
  }

  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    this.assertOpen();
    const log = this.log(topic);
    for (const m of messages) {
      log.messages.push({
        topic,
        offset: String(log.nextOffset++),
        key: m.key,
        value: m.value,
        headers: { ...m.headers },
      });
    }
    if (messages.length === 0) return;
    this.trim(log);
    for (const wake of [...log.waiters]) wake();
  }

  /** How many messages the topic holds now (retention is observable for tests and health). */
  retainedCount(topic: string): number {
    const log = this.topics.get(topic);
    return log ? log.nextOffset - log.firstOffset : 0;
  }

  subscribe(opts: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    return this.subscribeWith(opts, 1, (messages) => handler(messages[0]!));
  }

  /** Hands over what the group has not committed, up to `maxBatch` (default 100) at once. */
  subscribeBatch(opts: SubscribeOptions & { maxBatch?: number }, handler: BatchHandler): Promise<Subscription> {
    const maxBatch = opts.maxBatch ?? 100;
    if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new TypeError('maxBatch must be a positive integer');
    return this.subscribeWith(opts, maxBatch, handler);
  }

  private async subscribeWith(opts: SubscribeOptions, maxBatch: number, handler: BatchHandler): Promise<Subscription> {
    this.assertOpen();
    const log = this.log(opts.topic);
    let group = log.groups.get(opts.groupId);
    if (!group) {
      // A new group starts at the oldest retained message, or at the end as of now.
      group = { committed: opts.fromBeginning === false ? log.nextOffset : log.firstOffset, turn: Promise.resolve() };
      log.groups.set(opts.groupId, group);
    }
    const stop = new StopSignal();
    const state = group;
    const done = state.turn.then(() => this.consume(log, state, maxBatch, handler, stop));
    state.turn = done.catch(() => {});

    const subscription: Subscription = {
      stop: async () => {
        stop.request();
        await done;
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }

  private async consume(
    log: TopicLog,
    group: GroupState,
    maxBatch: number,
    handler: BatchHandler,
    stop: StopSignal,
  ): Promise<void> {
    const deliverOpts = { stop, retryDelayMs: this.retryDelayMs, onHandlerError: this.onHandlerError };
    while (!stop.requested) {
      // Retention may have dropped messages this group had not reached: it goes on from the oldest kept.
      if (group.committed < log.firstOffset) group.committed = log.firstOffset;
      const start = log.head + group.committed - log.firstOffset;
      const batch: ReceivedMessage[] = [];
      for (let i = start; batch.length < maxBatch; i++) {
        const message = log.messages[i];
        if (!message) break;
        batch.push(message);
      }
      if (batch.length === 0) {
        await this.nextPublish(log, stop);
        continue;
      }
      // Each attempt gets its own copies so a handler that mutates them cannot alter the retry.
      const handle = () => handler(batch.map((m) => ({ ...m, headers: { ...m.headers } })));
      // All offsets of the batch are committed together, only once the handler resolved.
      if (await deliver(batch[0]!, handle, deliverOpts)) {
        group.committed = Number(batch[batch.length - 1]!.offset) + 1;
        this.trim(log);
      }
    }
  }

  /** Drops what every group has committed (once a group exists), then the oldest beyond the bound. */
  private trim(log: TopicLog): void {
    let keepFrom = log.nextOffset - this.maxRetained;
    if (log.groups.size > 0) {
      let slowest = Infinity;
      for (const g of log.groups.values()) slowest = Math.min(slowest, g.committed);
      keepFrom = Math.max(keepFrom, slowest);
    }
    if (keepFrom <= log.firstOffset) return;
    const head = log.head + keepFrom - log.firstOffset;
    log.messages.fill(undefined, log.head, head);
    log.head = head;
    log.firstOffset = keepFrom;
    // Compact now and then rather than shifting the array on every drop.
    if (log.head > 1024 && log.head * 2 > log.messages.length) {
      log.messages = log.messages.slice(log.head);
      log.head = 0;
    }
  }

  /** Resolves on the topic's next publish or when the subscription stops. */
  private nextPublish(log: TopicLog, stop: StopSignal): Promise<void> {
    return new Promise((resolve) => {
      let offStop = (): void => {};
      const wake = (): void => {
        log.waiters.delete(wake);
        offStop();
        resolve();
      };
      log.waiters.add(wake);
      offStop = stop.onStop(wake);
    });
  }

  private log(topic: string): TopicLog {
    let log = this.topics.get(topic);
    if (!log) {
      log = { messages: [], head: 0, firstOffset: 0, nextOffset: 0, groups: new Map(), waiters: new Set() };
      this.topics.set(topic, log);
    }
    return log;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('InProcessEventBus is closed');
  }
}

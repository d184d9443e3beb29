import type {
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
}

interface TopicLog {
  messages: ReceivedMessage[];
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
 * EventBus in memory, for tests and single-process runs: one append-only log per topic and a
 * committed offset per (topic, group). A group has one active consumer; a second subscription
 * in the same group stands by and takes over when the first stops, like an idle Kafka member.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, TopicLog>();
  private readonly groups = new Map<string, GroupState>();
  private readonly subscriptions = new Set<Subscription>();
  private readonly retryDelayMs: number;
  private readonly onHandlerError: HandlerErrorListener;
  private closed = false;

  constructor(opts: InProcessEventBusOptions = {}) {
    this.retryDelayMs = opts.retryDelayMs ?? 1000;
    this.onHandlerError = opts.onHandlerError ?? defaultHandlerErrorListener;
  }

  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    this.assertOpen();
    const log = this.log(topic);
    for (const m of messages) {
      log.messages.push({
        topic,
        offset: String(log.messages.length),
        key: m.key,
        value: m.value,
        headers: { ...m.headers },
      });
    }
    if (messages.length === 0) return;
    for (const wake of [...log.waiters]) wake();
  }

  async subscribe(opts: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    this.assertOpen();
    const log = this.log(opts.topic);
    const groupKey = `${opts.topic}\u0000${opts.groupId}`;
    let group = this.groups.get(groupKey);
    if (!group) {
      // A new group starts at the beginning, or at the end as of now.
      group = { committed: opts.fromBeginning === false ? log.messages.length : 0, turn: Promise.resolve() };
      this.groups.set(groupKey, group);
    }
    const stop = new StopSignal();
    const state = group;
    const done = state.turn.then(() => this.consume(log, state, handler, stop));
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

  private async consume(log: TopicLog, group: GroupState, handler: MessageHandler, stop: StopSignal): Promise<void> {
    const deliverOpts = { stop, retryDelayMs: this.retryDelayMs, onHandlerError: this.onHandlerError };
    while (!stop.requested) {
      const next = log.messages[group.committed];
      if (!next) {
        await this.nextPublish(log, stop);
        continue;
      }
      if (await deliver(next, handler, deliverOpts)) group.committed = Number(next.offset) + 1;
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
      log = { messages: [], waiters: new Set() };
      this.topics.set(topic, log);
    }
    return log;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('InProcessEventBus is closed');
  }
}

import type {
  BatchHandler,
  BusMessage,
  EventBus,
  MessageHandler,
  ReceivedMessage,
  SubscribeOptions,
  Subscription,
} from './event-bus.js';
import type { BusJournal } from './bus-journal.js';
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
  topic: string;
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
  id: string;
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
 * group has not committed. Without a journal, a group that falls behind the bound skips what was
 * dropped; with one, nothing a known group has not committed is dropped.
 *
 * Durability: by itself the bus lives and dies with its process. `withJournal` gives it a
 * journal (bus-journal.ts) written before a publish resolves (the outbox relay marks a row
 * published only then) and after each group's commit. A bus started again on the same journal
 * resumes every group, those not subscribed yet included, where it had committed, so a process
 * killed between a publish and its consumers' commits loses nothing (docs/architecture.md "The
 * event-bus port").
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, TopicLog>();
  private readonly subscriptions = new Set<Subscription>();
  private readonly retryDelayMs: number;
  private readonly onHandlerError: HandlerErrorListener;
  private readonly maxRetained: number;
  private journal: BusJournal | undefined;
  /** Journaled publishes run one at a time, so the log takes them in the order of their offsets. */
  private publishing: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** A bus that keeps its log in `journal`, resumed from what the journal holds. */
  static async withJournal(journal: BusJournal, opts: InProcessEventBusOptions = {}): Promise<InProcessEventBus> {
    const bus = new InProcessEventBus(opts);
    for (const [topic, saved] of await journal.load()) {
      const log = bus.log(topic);
      const last = saved.messages.at(-1);
      // No group is past the end of the log; with nothing retained, the end is the furthest group.
      log.nextOffset = Math.max(last ? Number(last.offset) + 1 : 0, ...saved.groups.values());
      log.firstOffset = saved.messages[0] ? Number(saved.messages[0].offset) : log.nextOffset;
      log.messages = saved.messages;
      for (const [id, committed] of saved.groups) log.groups.set(id, { id, committed, turn: Promise.resolve() });
    }
    bus.journal = journal;
    return bus;
  }

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
    if (messages.length === 0) return;
    const log = this.log(topic);
    const journal = this.journal;
    if (!journal) return this.append(log, this.atNextOffsets(log, messages));
    const written = this.publishing.then(async () => {
      const received = this.atNextOffsets(log, messages);
      await journal.append(topic, received, this.keepFrom(log, log.nextOffset + received.length));
      this.append(log, received);
    });
    this.publishing = written.catch(() => {});
    return written;
  }

  /** The messages as consumers receive them, at the topic's next offsets. */
  private atNextOffsets(log: TopicLog, messages: BusMessage[]): ReceivedMessage[] {
    return messages.map((m, i) => ({
      topic: log.topic,
      offset: String(log.nextOffset + i),
      key: m.key,
      value: m.value,
      headers: { ...m.headers },
    }));
  }

  private append(log: TopicLog, received: ReceivedMessage[]): void {
    log.messages.push(...received);
    log.nextOffset += received.length;
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
      const committed = opts.fromBeginning === false ? log.nextOffset : log.firstOffset;
      group = { id: opts.groupId, committed, turn: Promise.resolve() };
      log.groups.set(opts.groupId, group);
      // Journaled at once: from now on retention keeps its messages, across restarts too.
      await this.journal?.commit(log.topic, group.id, committed, log.firstOffset);
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
    await this.journal?.ping();
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
        // Not written: after a restart the group gets these messages again (at-least-once).
        await this.journal
          ?.commit(log.topic, group.id, group.committed, log.firstOffset)
          .catch((err: unknown) =>
            this.onHandlerError(new Error('could not journal the commit', { cause: err }), batch[0]!),
          );
      }
    }
  }

  /**
   * The oldest offset to keep with the log ending at `end`: nothing every group has committed
   * (once a group exists), and at most the bound. Journaled, a message some known group has not
   * committed is never dropped, however far behind that group is: the journal is what makes a
   * publish an acknowledgement (docs/architecture.md "The event-bus port"); the bound then
   * applies only to a topic no group reads yet.
   */
  private keepFrom(log: TopicLog, end = log.nextOffset): number {
    let keepFrom = end - this.maxRetained;
    if (log.groups.size > 0) {
      let slowest = Infinity;
      for (const g of log.groups.values()) slowest = Math.min(slowest, g.committed);
      keepFrom = this.journal ? slowest : Math.max(keepFrom, slowest);
    }
    return keepFrom;
  }

  /** Drops what keepFrom says is no longer needed. */
  private trim(log: TopicLog): void {
    const keepFrom = this.keepFrom(log);
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
      log = { topic, messages: [], head: 0, firstOffset: 0, nextOffset: 0, groups: new Map(), waiters: new Set() };
      this.topics.set(topic, log);
    }
    return log;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('InProcessEventBus is closed');
  }
}

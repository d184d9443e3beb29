import type { Document, DocumentStore, IndexSpec } from '@svc/store';
import type { ReceivedMessage } from './event-bus.js';

/** What a journal held when the bus started: per topic its retained messages and its groups' positions. */
export interface JournalTopic {
  /** Retained messages in offset order. */
  messages: ReceivedMessage[];
  /** Group id → offset of the next message the group has not committed. */
  groups: Map<string, number>;
}

/**
 * Where the in-process bus keeps its log so a process that dies loses nothing it acknowledged
 * (docs/architecture.md "The event-bus port"): a publish resolves only once its messages are
 * written here, and a group's committed offset is written here once its handler resolved.
 * A restarted bus reads it back and hands each group what it had not committed.
 */
export interface BusJournal {
  load(): Promise<Map<string, JournalTopic>>;
  /** Appends messages (their offsets given) and drops the topic's messages below `dropBelow`, in one write. */
  append(topic: string, messages: readonly ReceivedMessage[], dropBelow: number): Promise<void>;
  /** Records a group's position and drops the topic's messages below `dropBelow`, in one write. */
  commit(topic: string, groupId: string, committed: number, dropBelow: number): Promise<void>;
  ping(): Promise<void>;
}

interface MessageDoc extends Document {
  topic: string;
  offset: number;
  key: string;
  value: string;
  headers: Record<string, string>;
}

interface GroupDoc extends Document {
  topic: string;
  groupId: string;
  committed: number;
}

const MESSAGES = 'bus_messages';
const GROUPS = 'bus_groups';
const INDEXES: IndexSpec[] = [
  { collection: MESSAGES, name: 'by_topic_offset', fields: ['topic', 'offset'], unique: true },
  { collection: GROUPS, name: 'by_topic_group', fields: ['topic', 'groupId'], unique: true },
];

/**
 * How soon after messages leave the journal their bytes leave its files: events carry customers'
 * names and emails, and an erased customer's must not stay in free pages or the write-ahead log
 * (docs/decisions.md "Privacy"; DocumentStore.scrubFreed).
 */
const SCRUB_DELAY_MS = 2_000;

/** The journal in a document store (the embedded platform: `DATA_DIR/events.sqlite`). */
export class StoreBusJournal implements BusJournal {
  private scrubTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly store: DocumentStore,
    private readonly scrubDelayMs: number,
  ) {}

  static async open(store: DocumentStore, opts: { scrubDelayMs?: number } = {}): Promise<StoreBusJournal> {
    await store.ensureIndexes(INDEXES);
    return new StoreBusJournal(store, opts.scrubDelayMs ?? SCRUB_DELAY_MS);
  }

  /** Scrubs the store once, a little after messages were dropped (many drops, one scrub). */
  private scheduleScrub(dropped: number): void {
    if (dropped === 0 || this.scrubTimer) return;
    this.scrubTimer = setTimeout(() => {
      this.scrubTimer = null;
      // A failed scrub is retried after the next drop; the store's outage shows in its health.
      this.store.scrubFreed().catch(() => undefined);
    }, this.scrubDelayMs);
    this.scrubTimer.unref();
  }

  /** Stops the pending scrub (the bus is closing its store). */
  close(): void {
    if (this.scrubTimer) clearTimeout(this.scrubTimer);
    this.scrubTimer = null;
  }

  async load(): Promise<Map<string, JournalTopic>> {
    const topics = new Map<string, JournalTopic>();
    const topic = (name: string) => {
      let t = topics.get(name);
      if (!t) topics.set(name, (t = { messages: [], groups: new Map() }));
      return t;
    };
    for (const g of await this.store.collection<GroupDoc>(GROUPS).find({}))
      topic(g.topic).groups.set(g.groupId, g.committed);
    const messages = await this.store.collection<MessageDoc>(MESSAGES).find(
      {},
      {
        sort: [
          ['topic', 1],
          ['offset', 1],
        ],
      },
    );
    for (const m of messages) {
      topic(m.topic).messages.push({
        topic: m.topic,
        offset: String(m.offset),
        key: m.key,
        value: m.value,
        headers: m.headers,
      });
    }
    return topics;
  }

  append(topic: string, messages: readonly ReceivedMessage[], dropBelow: number): Promise<void> {
    const c = this.store.collection<MessageDoc>(MESSAGES);
    return this.store.withTransaction(async (tx) => {
      for (const m of messages) {
        const offset = Number(m.offset);
        await c.insertOne(
          { _id: messageId(topic, offset), topic, offset, key: m.key, value: m.value, headers: m.headers },
          tx,
        );
      }
      this.scheduleScrub(await c.deleteMany({ topic, offset: { $lt: dropBelow } }, tx));
    });
  }

  commit(topic: string, groupId: string, committed: number, dropBelow: number): Promise<void> {
    const groups = this.store.collection<GroupDoc>(GROUPS);
    return this.store.withTransaction(async (tx) => {
      const _id = `${topic}\n${groupId}`;
      if ((await groups.updateOne({ _id }, { committed }, tx)) === 0) {
        await groups.insertOne({ _id, topic, groupId, committed }, tx);
      }
      this.scheduleScrub(
        await this.store.collection<MessageDoc>(MESSAGES).deleteMany({ topic, offset: { $lt: dropBelow } }, tx),
      );
    });
  }

  ping(): Promise<void> {
    return this.store.ping();
  }
}

/** Ids in offset order within a topic (zero-padded like page cursors). */
const messageId = (topic: string, offset: number) => `${topic}\n${String(offset).padStart(15, '0')}`;

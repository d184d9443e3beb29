import type { Admin, Kafka } from 'kafkajs';

/**
 * How long the broker keeps an event: the events carry customers' names and emails, which an erase
 * cannot rewrite in the log, so they leave with it after seven days (docs/decisions.md "Privacy").
 */
const TOPIC_RETENTION = { name: 'retention.ms', value: String(7 * 24 * 3_600_000) };

/** The bus's admin connection: topic creation on demand, group start offsets, ping. */
export class KafkaAdmin {
  private readonly admin: Admin;
  private connecting: Promise<void> | undefined;
  /** Topics known to exist; the promise is shared by concurrent callers. */
  private readonly topics = new Map<string, Promise<void>>();

  constructor(
    kafka: Kafka,
    private readonly numPartitions: number,
  ) {
    this.admin = kafka.admin();
  }

  /** Creates the topic unless it exists (once per topic per bus). */
  ensureTopic(topic: string): Promise<void> {
    let pending = this.topics.get(topic);
    if (!pending) {
      pending = this.createTopic(topic);
      this.topics.set(topic, pending);
      // Forget a failure so the next call tries again.
      pending.catch(() => this.topics.delete(topic));
    }
    return pending;
  }

  /**
   * For a group that has committed nothing on some partitions: their current end offsets, so a
   * fromBeginning=false subscription starts exactly at "now" rather than at whatever the end is
   * when its first fetch happens.
   */
  async uncommittedPartitionEnds(
    topic: string,
    groupId: string,
  ): Promise<Array<{ partition: number; offset: string }>> {
    await this.connect();
    const [committed, ends] = await Promise.all([
      this.admin.fetchOffsets({ groupId, topics: [topic] }),
      this.admin.fetchTopicOffsets(topic),
    ]);
    const fresh = new Set(
      (committed.find((t) => t.topic === topic)?.partitions ?? [])
        .filter((p) => Number(p.offset) < 0)
        .map((p) => p.partition),
    );
    return ends.filter((p) => fresh.has(p.partition)).map((p) => ({ partition: p.partition, offset: p.high }));
  }

  async ping(): Promise<void> {
    await this.connect();
    await this.admin.describeCluster();
  }

  async disconnect(): Promise<void> {
    if (!this.connecting) return;
    this.connecting = undefined;
    await this.admin.disconnect();
  }

  private connect(): Promise<void> {
    if (!this.connecting) {
      this.connecting = this.admin.connect();
      this.connecting.catch(() => (this.connecting = undefined));
    }
    return this.connecting;
  }

  private async createTopic(topic: string): Promise<void> {
    await this.connect();
    try {
      // false (not an error) when it already exists
      await this.admin.createTopics({
        topics: [{ topic, numPartitions: this.numPartitions, configEntries: [TOPIC_RETENTION] }],
        waitForLeaders: true,
      });
    } catch (error) {
      // Another client created it between our metadata read and our request.
      if ((error as { type?: string }).type !== 'TOPIC_ALREADY_EXISTS') throw error;
    }
  }
}

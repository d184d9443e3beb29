import { gauge, type Gauge } from '@svc/telemetry';

/** Messages a consumer group still has to read on a partition, as of its last fetched batch. */
export const consumerLag: Gauge<'service' | 'group' | 'topic' | 'partition'> = gauge(
  'kafka_consumer_lag',
  'Messages between the end of a partition and the last batch the group handled (partition: bounded by the topic)',
  ['service', 'group', 'topic', 'partition'],
);

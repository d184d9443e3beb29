import type { IHeaders, KafkaMessage } from 'kafkajs';
import type { ReceivedMessage } from './event-bus.js';

/** kafkajs hands headers over as Buffers (arrays when a key repeats); the port wants strings. */
export function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    // A repeated header keeps its last value, as Kafka's Headers.lastHeader does.
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined) continue;
    out[name] = typeof value === 'string' ? value : value.toString('utf8');
  }
  return out;
}

export function toReceivedMessage(topic: string, message: KafkaMessage): ReceivedMessage {
  return {
    topic,
    offset: message.offset,
    key: message.key?.toString('utf8') ?? '',
    value: message.value?.toString('utf8') ?? '',
    headers: headersToStrings(message.headers),
  };
}

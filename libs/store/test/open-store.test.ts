import { trace, type Span } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { initTracing, inSpan } from '@svc/telemetry';
import { StoreUnavailableError, openStore, type DocumentStore, type StoreConfig } from '../src/index.js';
import { tracedStore } from '../src/traced-store.js';

const spans = new InMemorySpanExporter();
// `gateway` has no span processor: its spans are not recorded (no exporter, docs/operations.md "Telemetry").
initTracing({
  service: 'test',
  spanProcessors: (service) => (service === 'gateway' ? [] : [new SimpleSpanProcessor(spans)]),
});

describe('openStore', () => {
  it('opens SQLite for kind sqlite, traced: a span per operation under an active span, none outside', async () => {
    const store = await openStore({ kind: 'sqlite', file: ':memory:' });
    try {
      await store.ensureIndexes([{ collection: 'things', fields: ['n'], name: 'by_n' }]);
      await store.collection('things').insertOne({ _id: 'outside', n: 1 });
      expect(spans.getFinishedSpans()).toEqual([]);
      await inSpan('catalog', 'call', {}, async () => {
        await store.withTransaction((tx) => store.collection('things').insertOne({ _id: 'a', n: 2 }, tx));
        expect(await store.collection('things').count({})).toBe(2);
      });
      const names = spans.getFinishedSpans().map((s) => [s.name, s.attributes['db.system.name']]);
      expect(names).toEqual([
        ['store.insertOne things', 'sqlite'],
        ['store.transaction *', 'sqlite'],
        ['store.count things', 'sqlite'],
        ['call', undefined],
      ]);
      const call = spans.getFinishedSpans().at(-1)!;
      for (const s of spans.getFinishedSpans().slice(1, 3)) {
        expect(s.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
        expect(s.resource.attributes['service.name']).toBe('catalog');
      }
    } finally {
      await store.close();
    }
  });

  it('opens no span of its own under a span that is not recorded', async () => {
    // Which span is active inside the adapter's operation.
    const seen: Array<Span | undefined> = [];
    const collection = {
      count: async () => {
        seen.push(trace.getActiveSpan());
        return 0;
      },
    };
    const store = tracedStore({ collection: () => collection } as unknown as DocumentStore, 'sqlite');
    let outer: Span | undefined;
    await inSpan('gateway', 'GET /x', {}, async (span) => {
      outer = span;
      await store.collection('things').count({});
    });
    await inSpan('catalog', 'call', {}, async () => {
      await store.collection('things').count({});
    });
    expect(outer?.isRecording()).toBe(false);
    expect(seen[0]).toBe(outer);
    // Under a recorded one, the operation runs in its own store span.
    const count = spans.getFinishedSpans().findLast((s) => s.name === 'store.count things');
    expect(seen[1]?.spanContext().spanId).toBe(count?.spanContext().spanId);
  });

  it('opens MongoDB for kind mongodb (unreachable here: StoreUnavailableError)', async () => {
    const config: StoreConfig = {
      kind: 'mongodb',
      url: 'mongodb://127.0.0.1:1/?directConnection=true',
      dbName: 'x',
      serverSelectionTimeoutMS: 300,
    };
    await expect(openStore(config)).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('rejects an unknown kind', async () => {
    await expect(openStore({ kind: 'redis' } as unknown as StoreConfig)).rejects.toThrow(/unknown store kind/);
  });
});

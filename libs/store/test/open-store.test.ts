import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { initTracing, inSpan } from '@svc/telemetry';
import { StoreUnavailableError, openStore, type StoreConfig } from '../src/index.js';

const spans = new InMemorySpanExporter();
initTracing({ service: 'test', spanProcessors: () => [new SimpleSpanProcessor(spans)] });

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

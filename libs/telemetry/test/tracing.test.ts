import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import {
  extractTraceContext,
  inClientSpan,
  initTracing,
  injectTraceContext,
  inSpan,
  serviceTracer,
  tracer,
} from '../src/index.js';

// One exporter for every service's provider: each span keeps its own resource.
const exported = new InMemorySpanExporter();
initTracing({ service: 'proc', spanProcessors: () => [new SimpleSpanProcessor(exported)] });
const serviceOf = (name: string) =>
  exported.getFinishedSpans().find((s) => s.name === name)?.resource.attributes['service.name'];

describe('trace context', () => {
  it('injects the active span as W3C traceparent and extracts the same trace id', () => {
    const carrier = new Map<string, string>();
    let traceId = '';
    tracer('test').startActiveSpan('outer', (span) => {
      traceId = span.spanContext().traceId;
      injectTraceContext((k, v) => carrier.set(k, v));
      span.end();
    });
    expect(carrier.get('traceparent')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    const extracted = extractTraceContext((k) => carrier.get(k));
    expect(trace.getSpanContext(extracted)?.traceId).toBe(traceId);
    expect(trace.getSpan(context.active())).toBeUndefined();
  });
});

describe('service of a span', () => {
  it('is the service that opened the entry span, for every span under it', async () => {
    await new Promise<void>((resolve) =>
      serviceTracer('booking').startActiveSpan('entry', async (span) => {
        await inSpan(undefined, 'store.find', {}, async () => {
          tracer('lib').startSpan('lib.child').end();
        });
        span.end();
        resolve();
      }),
    );
    expect(serviceOf('entry')).toBe('booking');
    expect(serviceOf('store.find')).toBe('booking');
    expect(serviceOf('lib.child')).toBe('booking');
  });

  it("is the process's own service for a span with no parent", () => {
    tracer('lib').startSpan('orphan').end();
    expect(serviceOf('orphan')).toBe('proc');
  });

  it('marks a span whose work rejected as failed', async () => {
    await expect(inSpan('catalog', 'boom', {}, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    const span = exported.getFinishedSpans().find((s) => s.name === 'boom');
    expect(span?.status.code).toBe(2);
    expect(span?.resource.attributes['service.name']).toBe('catalog');
  });
});

describe('inClientSpan', () => {
  it('continues the given trace in a child span and hands on its traceparent', async () => {
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const outgoing = await inClientSpan('webhook-dispatcher', 'send', parent, async (tp) => tp);
    expect(outgoing).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
    expect(outgoing).not.toBe(parent);
    expect(outgoing.slice(36, 52)).toBe(
      exported
        .getFinishedSpans()
        .find((s) => s.name === 'send')
        ?.spanContext().spanId,
    );
  });

  it('starts a new trace when there is none', async () => {
    const a = await inClientSpan('webhook-dispatcher', 'send', null, async (tp) => tp);
    const b = await inClientSpan('webhook-dispatcher', 'send', null, async (tp) => tp);
    expect(a).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(a.slice(3, 35)).not.toBe(b.slice(3, 35));
  });
});

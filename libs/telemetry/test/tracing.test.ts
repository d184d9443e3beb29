import { context, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { extractTraceContext, inClientSpan, initTracing, injectTraceContext, tracer } from '../src/index.js';

describe('trace context', () => {
  it('injects the active span as W3C traceparent and extracts the same trace id', () => {
    initTracing();
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

describe('inClientSpan', () => {
  it('continues the given trace in a child span and hands on its traceparent', async () => {
    initTracing();
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const outgoing = await inClientSpan('send', parent, async (tp) => tp);
    expect(outgoing).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
    expect(outgoing).not.toBe(parent);
  });

  it('starts a new trace when there is none', async () => {
    initTracing();
    const a = await inClientSpan('send', null, async (tp) => tp);
    const b = await inClientSpan('send', null, async (tp) => tp);
    expect(a).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(a.slice(3, 35)).not.toBe(b.slice(3, 35));
  });
});

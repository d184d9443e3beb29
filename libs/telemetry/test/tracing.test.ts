import { context, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { extractTraceContext, initTracing, injectTraceContext, tracer } from '../src/index.js';

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

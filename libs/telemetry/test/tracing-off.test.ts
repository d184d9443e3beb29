import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { currentTraceparent, inClientSpan, initTracing, inSpan, serviceTracer, tracer } from '../src/index.js';

// OTEL_SDK_DISABLED=true (docs/operations.md "Telemetry"): the API's no-ops, no ids. This file runs
// in a process of its own (vitest isolates test files), so the setting touches no other test.
process.env.OTEL_SDK_DISABLED = 'true';
initTracing({ service: 'proc' });

describe('tracing off', () => {
  it('makes no spans and no ids: nothing is active, nothing to propagate', async () => {
    await inSpan('booking', 'entry', {}, async (span) => {
      expect(span.isRecording()).toBe(false);
      expect(trace.isSpanContextValid(span.spanContext())).toBe(false);
      expect(trace.getActiveSpan()).toBeUndefined();
      expect(currentTraceparent()).toBeNull();
      const child = tracer('lib').startSpan('child');
      expect(trace.isSpanContextValid(child.spanContext())).toBe(false);
    });
    expect(serviceTracer('gateway').startSpan('x').isRecording()).toBe(false);
  });

  it('still hands a webhook a traceparent: the event trace it came with, or a fresh random one', async () => {
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(await inClientSpan('webhook-dispatcher', 'send', parent, async (tp) => tp)).toBe(parent);
    const a = await inClientSpan('webhook-dispatcher', 'send', null, async (tp) => tp);
    const b = await inClientSpan('webhook-dispatcher', 'send', null, async (tp) => tp);
    expect(a).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(a.slice(3, 35)).not.toBe(b.slice(3, 35));
  });
});

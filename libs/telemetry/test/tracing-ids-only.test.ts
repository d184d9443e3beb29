import { context, ROOT_CONTEXT, trace, type Span } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import {
  contextOf,
  currentTraceparent,
  extractTraceContext,
  inClientSpan,
  initTracing,
  injectTraceContext,
  inSpan,
  serviceTracer,
  tracer,
} from '../src/index.js';

// Services without a span processor (no exporter) make spans that are not recorded; `booking` and
// the process's own service `proc` have one here, so a span routed to the wrong service shows.
const exported = new InMemorySpanExporter();
initTracing({
  service: 'proc',
  spanProcessors: (service) => (service === 'gateway' ? [] : [new SimpleSpanProcessor(exported)]),
});

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-(0[01])$/;
const gateway = () => serviceTracer('gateway');

describe('a service without a span processor', () => {
  it('makes spans that are not recorded but have fresh, valid ids', () => {
    const a = gateway().startSpan('a');
    const b = gateway().startSpan('b');
    expect(a.isRecording()).toBe(false);
    for (const s of [a, b]) {
      expect(s.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(s.spanContext().traceId).not.toMatch(/^0+$/);
      expect(s.spanContext().spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(s.spanContext().traceFlags).toBe(1);
    }
    // Two roots: two traces.
    expect(a.spanContext().traceId).not.toBe(b.spanContext().traceId);
    expect(a.spanContext().spanId).not.toBe(b.spanContext().spanId);
    a.end();
    b.end();
    expect(exported.getFinishedSpans().filter((s) => ['a', 'b'].includes(s.name))).toEqual([]);
  });

  it("continues the parent's trace with a span id of its own", () => {
    const parent = gateway().startSpan('parent');
    const ids = new Set([parent.spanContext().spanId]);
    for (let i = 0; i < 1000; i++) {
      const child = gateway().startSpan('child', {}, trace.setSpan(ROOT_CONTEXT, parent));
      expect(child.spanContext().traceId).toBe(parent.spanContext().traceId);
      ids.add(child.spanContext().spanId);
    }
    expect(ids.size).toBe(1001);
  });

  it('keeps the sampled flag of the parent, as the default parent-based sampler does', () => {
    const unsampled = contextOf('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00');
    const span = gateway().startSpan('child', {}, unsampled);
    expect(span.spanContext()).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', traceFlags: 0 });
    expect(span.spanContext().spanId).not.toBe('b7ad6b7169203331');
  });

  it('carries its trace across inject and extract as a W3C traceparent naming the span', () => {
    const carrier = new Map<string, string>();
    const root = gateway().startSpan('GET /x');
    injectTraceContext((k, v) => carrier.set(k, v), trace.setSpan(ROOT_CONTEXT, root));
    const [, traceId, spanId, flags] = TRACEPARENT.exec(carrier.get('traceparent') ?? '') ?? [];
    expect([traceId, spanId, flags]).toEqual([root.spanContext().traceId, root.spanContext().spanId, '01']);
    // The other side: a server span continuing it, whose own traceparent names itself.
    const remote = extractTraceContext((k) => carrier.get(k), ROOT_CONTEXT);
    const server = gateway().startSpan('server', {}, remote);
    expect(server.spanContext().traceId).toBe(traceId);
    const onward = currentTraceparent(trace.setSpan(ROOT_CONTEXT, server));
    expect(onward).toBe(`00-${traceId}-${server.spanContext().spanId}-01`);
  });

  it("puts the children of its spans in its own service, not the parent-less default's", async () => {
    let entry: Span | undefined;
    let inner: Span | undefined;
    let lib: Span | undefined;
    await new Promise<void>((resolve) =>
      gateway().startActiveSpan('entry', async (span) => {
        entry = span;
        await inSpan(undefined, 'gw.store.find', {}, async (s) => {
          inner = s;
          lib = tracer('lib').startSpan('gw.lib.child');
          lib.end();
        });
        span.end();
        resolve();
      }),
    );
    // Routed to `proc` they would be recorded and exported.
    expect([entry, inner, lib].map((s) => s?.isRecording())).toEqual([false, false, false]);
    expect(new Set([entry, inner, lib].map((s) => s?.spanContext().traceId)).size).toBe(1);
    expect(exported.getFinishedSpans().filter((s) => s.name.startsWith('gw.'))).toEqual([]);
    expect(trace.getSpan(context.active())).toBeUndefined();
  });

  it('hands a webhook a traceparent that continues the event trace, or starts one', async () => {
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const outgoing = await inClientSpan('gateway', 'send', parent, async (tp) => tp);
    expect(outgoing).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
    expect(outgoing).not.toBe(parent);
    const fresh = await inClientSpan('gateway', 'send', null, async (tp) => tp);
    expect(fresh).toMatch(TRACEPARENT);
    expect(fresh.slice(3, 35)).not.toBe('0af7651916cd43dd8448eb211c80319c');
  });
});

describe('a service with a span processor', () => {
  it('records its spans as before, children included, under its service', async () => {
    await inSpan('booking', 'bk.entry', {}, async () => {
      tracer('lib').startSpan('bk.child').end();
    });
    const spans = exported.getFinishedSpans().filter((s) => s.name.startsWith('bk.'));
    expect(spans.map((s) => [s.name, s.resource.attributes['service.name']]).sort()).toEqual([
      ['bk.child', 'booking'],
      ['bk.entry', 'booking'],
    ]);
    const [child, entry] = [spans.find((s) => s.name === 'bk.child')!, spans.find((s) => s.name === 'bk.entry')!];
    expect(child.parentSpanContext?.spanId).toBe(entry.spanContext().spanId);
  });

  it("records a child of an unrecorded span of another service in that trace, under the child's service", () => {
    const gw = gateway().startSpan('gw.request');
    const booking = serviceTracer('booking').startSpan('bk.call', {}, trace.setSpan(ROOT_CONTEXT, gw));
    booking.end();
    const span = exported.getFinishedSpans().find((s) => s.name === 'bk.call')!;
    expect(span.spanContext().traceId).toBe(gw.spanContext().traceId);
    expect(span.parentSpanContext?.spanId).toBe(gw.spanContext().spanId);
  });
});

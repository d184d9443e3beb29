import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initTracing } from '@svc/telemetry';
import { startTestPlatform } from './platform-fixture.js';

const exporter = new InMemorySpanExporter();
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
beforeAll(async () => {
  initTracing([new SimpleSpanProcessor(exporter)]);
  platform = await startTestPlatform();
});
afterAll(() => platform.cleanup());

const serviceSpans = (traceId: string) =>
  exporter
    .getFinishedSpans()
    .filter((s) => s.kind === SpanKind.SERVER && s.name === 'grpc.health.v1.Health/Check')
    .filter((s) => s.spanContext().traceId === traceId);

describe('trace context', () => {
  it('reaches every service over gRPC with the trace id the gateway created', async () => {
    const res = await fetch(`${platform.url}/health`);
    const traceId = res.headers.get('x-trace-id') ?? '';
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const gatewaySpan = exporter
      .getFinishedSpans()
      .find((s) => s.name === 'GET /health' && s.spanContext().traceId === traceId);
    expect(gatewaySpan).toBeDefined();
    const seen = serviceSpans(traceId);
    expect(seen).toHaveLength(4);
    for (const span of seen) expect(span.parentSpanContext?.spanId).toBe(gatewaySpan?.spanContext().spanId);
  });

  it('continues a trace started by the caller (W3C traceparent)', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${platform.url}/health`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.headers.get('x-trace-id')).toBe(traceId);
    expect(serviceSpans(traceId)).toHaveLength(4);
  });
});

import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initTracing } from '@svc/telemetry';
import { startTestPlatform } from './platform-fixture.js';

const exporter = new InMemorySpanExporter();
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
beforeAll(async () => {
  initTracing({ service: 'platform', spanProcessors: () => [new SimpleSpanProcessor(exporter)] });
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
    expect(seen).toHaveLength(7);
    // Each call's server span is the child of the gateway's client span of that call, itself a
    // child of the request's span.
    const spans = exporter.getFinishedSpans();
    for (const span of seen) {
      const client = spans.find((s) => s.spanContext().spanId === span.parentSpanContext?.spanId);
      expect(client).toMatchObject({ kind: SpanKind.CLIENT, name: 'grpc.health.v1.Health/Check' });
      expect(client?.parentSpanContext?.spanId).toBe(gatewaySpan?.spanContext().spanId);
      expect(client?.resource.attributes['service.name']).toBe('gateway');
    }
    // The gateway and seven services in one process, each reporting under its own service.name.
    expect(gatewaySpan?.resource.attributes['service.name']).toBe('gateway');
    expect(seen.map((s) => s.resource.attributes['service.name']).sort()).toEqual([
      'booking',
      'catalog',
      'customer',
      'identity',
      'integrations',
      'notifications',
      'webhook-dispatcher',
    ]);
  });

  it('continues a trace started by the caller (W3C traceparent)', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${platform.url}/health`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.headers.get('x-trace-id')).toBe(traceId);
    expect(serviceSpans(traceId)).toHaveLength(7);
  });
});

import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { addMetricsSource, counter, grpcServerDuration, metricsExposition } from '../src/index.js';

describe('metricsExposition with another thread as a source', () => {
  it("serves the other registry's samples beside this one's, each metric described once", async () => {
    grpcServerDuration.observe({ service: 'gateway', grpc_method: 'health', grpc_code: 'OK' }, 0.002);
    const shared = counter('thread_test_events_total', 'events', ['service']);
    shared.inc({ service: 'both' }, 2);

    // What a worker thread's registry holds: the same metrics, other services' samples.
    const other = new Registry();
    new Histogram({
      name: 'grpc_server_handling_seconds',
      help: 'gRPC calls served',
      labelNames: ['service', 'grpc_method', 'grpc_code'],
      buckets: [0.001, 0.01],
      registers: [other],
    }).observe({ service: 'booking', grpc_method: 'CreateBooking', grpc_code: 'OK' }, 0.005);
    new Counter({ name: 'thread_test_events_total', help: 'events', labelNames: ['service'], registers: [other] }).inc(
      { service: 'both' },
      3,
    );
    const remove = addMetricsSource(() => other.getMetricsAsJSON());
    try {
      const { body } = await metricsExposition();
      expect(body.match(/^# HELP grpc_server_handling_seconds /gm)).toHaveLength(1);
      expect(body.match(/^# TYPE grpc_server_handling_seconds histogram$/gm)).toHaveLength(1);
      expect(body).toMatch(
        /^grpc_server_handling_seconds_count\{service="booking",grpc_method="CreateBooking",grpc_code="OK"\} 1$/m,
      );
      expect(body).toMatch(
        /^grpc_server_handling_seconds_count\{service="gateway",grpc_method="health",grpc_code="OK"\} 1$/m,
      );
      // A series both threads have is summed.
      expect(body).toMatch(/^thread_test_events_total\{service="both"\} 5$/m);
    } finally {
      remove();
    }
    const alone = (await metricsExposition()).body;
    expect(alone).not.toContain('service="booking"');
    expect(alone).toMatch(/^thread_test_events_total\{service="both"\} 2$/m);
  });
});

export { createLogger, type Logger } from './logger.js';
export {
  initTracing,
  shutdownTracing,
  flushTracing,
  tracesExported,
  tracer,
  serviceTracer,
  injectTraceContext,
  extractTraceContext,
  contextOf,
  detached,
  currentTraceparent,
  traceparentOf,
  inSpan,
  inClientSpan,
  type InSpanOptions,
  type TracingOptions,
} from './tracing.js';
export {
  metricsRegistry,
  counter,
  gauge,
  histogram,
  LATENCY_BUCKETS,
  httpRequestDuration,
  grpcServerDuration,
  collectProcessMetrics,
  metricsExposition,
  startMetricsServer,
  type MetricsServer,
} from './metrics.js';
export type { Counter, Gauge, Histogram } from 'prom-client';

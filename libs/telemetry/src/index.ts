export { createLogger, maskCredentials, type Logger } from './logger.js';
export {
  initTracing,
  shutdownTracing,
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
  httpRequestDuration,
  grpcServerDuration,
  collectProcessMetrics,
  metricsExposition,
  metricsSnapshot,
  addMetricsSource,
  type MetricsSnapshot,
  startMetricsServer,
  type MetricsServer,
} from './metrics.js';
export type { Counter, Gauge, Histogram } from 'prom-client';

export { createLogger, type Logger } from './logger.js';
export { initTracing, shutdownTracing, tracer, injectTraceContext, extractTraceContext } from './tracing.js';

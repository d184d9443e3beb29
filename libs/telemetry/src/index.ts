export { createLogger, type Logger } from './logger.js';
export {
  initTracing,
  shutdownTracing,
  tracer,
  injectTraceContext,
  extractTraceContext,
  inClientSpan,
} from './tracing.js';

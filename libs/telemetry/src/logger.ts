import { trace } from '@opentelemetry/api';
import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/**
 * Structured JSON logs with the service name and, inside a traced operation, trace_id/span_id.
 * Credentials never reach the log: the paths below are censored wherever they appear.
 */
export function createLogger(service: string, level: LevelWithSilent = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-service-csrf"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.secret',
        '*.token',
        '*.manageToken',
        '*.signingSecret',
      ],
      censor: '[redacted]',
    },
    mixin() {
      const ctx = trace.getActiveSpan()?.spanContext();
      return ctx ? { trace_id: ctx.traceId, span_id: ctx.spanId } : {};
    },
  });
}

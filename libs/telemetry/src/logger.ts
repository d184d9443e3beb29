import { trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Logger, type LevelWithSilent, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * Credentials with a recognisable shape (a manage token, an API key, a webhook signing secret, a
 * tenant's Stripe secret key: sk_ or rk_, live or test), wherever they would appear in a line: a
 * message, an error's text, a field nobody thought of.
 */
const CREDENTIALS = /(svc_m1\.|[sr]k_live_|[sr]k_test_|whsec_)[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*/g;

/** A log line with every credential of a known shape masked (the last line of defence, not the first). */
export function maskCredentials(line: string): string {
  return line.replace(CREDENTIALS, '$1[redacted]');
}

/**
 * Structured JSON logs with the service name and, inside a traced operation, trace_id/span_id.
 * Credentials never reach the log (docs/operations.md "Logs"): the paths below are censored
 * wherever they appear, the gateway logs route templates instead of URLs, and every line is
 * written through maskCredentials.
 */
export function createLogger(
  service: string,
  level: LevelWithSilent = 'info',
  /** Where lines go; stdout by default (tests read them from a stream). */
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions<never> = {
    level,
    hooks: { streamWrite: maskCredentials },
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
        '*.secretKey',
      ],
      censor: '[redacted]',
    },
    mixin() {
      const ctx = trace.getActiveSpan()?.spanContext();
      return ctx ? { trace_id: ctx.traceId, span_id: ctx.spanId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

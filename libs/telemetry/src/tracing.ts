import { randomBytes } from 'node:crypto';
import { context, propagation, SpanKind, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

let provider: BasicTracerProvider | undefined;

/**
 * Registers the process-wide tracer provider, async context and the W3C traceparent
 * propagator. Idempotent: in the embedded profile five services share one process.
 * Exporting spans is the job of the span processors passed in (none by default: ids are
 * still created and propagated, so logs and webhooks correlate).
 */
export function initTracing(spanProcessors: SpanProcessor[] = []): void {
  if (provider) return;
  provider = new BasicTracerProvider({ spanProcessors });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

export async function shutdownTracing(): Promise<void> {
  await provider?.shutdown();
}

export function tracer(name: string): Tracer {
  return trace.getTracer(name);
}

/** Carrier helpers so W3C context can ride on any string map (gRPC metadata, Kafka headers). */
export function injectTraceContext(set: (key: string, value: string) => void): void {
  propagation.inject(
    context.active(),
    {},
    {
      set: (_carrier, key, value) => set(key, value),
    },
  );
}

export function extractTraceContext(get: (key: string) => string | undefined) {
  return propagation.extract(
    context.active(),
    {},
    {
      get: (_carrier, key) => get(key),
      keys: () => ['traceparent', 'tracestate'],
    },
  );
}

/**
 * Runs `fn` in a client span that continues `traceparent` (a new trace when it is null) and
 * hands it the W3C `traceparent` to send onward (the dispatcher's webhook requests). Without a
 * registered tracer provider spans have no ids of their own, so the parent's is passed on, or a
 * fresh random one when there is none: the header is always there.
 */
export async function inClientSpan<T>(
  name: string,
  traceparent: string | null,
  fn: (outgoing: string) => Promise<T>,
): Promise<T> {
  const parent = extractTraceContext((key) => (key === 'traceparent' ? (traceparent ?? undefined) : undefined));
  return context.with(parent, () =>
    tracer('outgoing').startActiveSpan(name, { kind: SpanKind.CLIENT }, async (span) => {
      try {
        let outgoing: string | undefined;
        injectTraceContext((key, value) => {
          if (key === 'traceparent') outgoing = value;
        });
        return await fn(
          outgoing ?? traceparent ?? `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`,
        );
      } finally {
        span.end();
      }
    }),
  );
}

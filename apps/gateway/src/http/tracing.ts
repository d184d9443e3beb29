import {
  context,
  INVALID_TRACEID,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type SpanOptions,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { extractTraceContext, httpRequestDuration, serviceTracer } from '@svc/telemetry';
import { loggablePath } from './loggable-path.js';

declare module 'fastify' {
  interface FastifyRequest {
    span?: Span;
  }
}

const SERVICE = 'gateway';
const SERVER: SpanOptions = { kind: SpanKind.SERVER };

/**
 * One server span per request, continuing an incoming W3C traceparent when there is one, and
 * active for the whole request so gRPC calls carry it to the services; and the request's
 * latency by route template. The trace id is returned in `x-trace-id` so a caller can quote it.
 * A Fastify hook rather than @fastify/otel or instrumentation-http: those register through the
 * process-wide provider, and the gateway's spans must carry its own service.name in the
 * embedded platform too (docs/architecture.md, "Telemetry").
 */
export function registerTracing(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // The template, never the raw path: ids stay out of span names and metric labels.
    const route = routeOf(request);
    const parent = extractTraceContext((key) => {
      const v = request.headers[key];
      return Array.isArray(v) ? v[0] : v;
    });
    const span = serviceTracer(SERVICE).startSpan(`${request.method} ${route}`, SERVER, parent);
    // Attributes only for a span that is recorded (an exporter is set, docs/operations.md "Telemetry").
    if (span.isRecording()) {
      span.setAttributes({
        'http.request.method': request.method,
        'http.route': route,
        // Never the raw path: a manage token is a credential (loggable-path.ts).
        'url.path': loggablePath(request),
      });
    }
    request.span = span;
    // No id to quote when tracing is off (OTEL_SDK_DISABLED=true: the no-op span's id is all zeros).
    const traceId = span.spanContext().traceId;
    if (traceId !== INVALID_TRACEID) reply.header('x-trace-id', traceId);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      { service: SERVICE, method: request.method, route: routeOf(request), status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    const span = request.span;
    if (span?.isRecording()) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span?.end();
    done();
  });
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

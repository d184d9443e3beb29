import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { extractTraceContext, tracer } from '@svc/telemetry';

declare module 'fastify' {
  interface FastifyRequest {
    span?: Span;
  }
}

/**
 * One server span per request, continuing an incoming W3C traceparent when there is one, and
 * active for the whole request so gRPC calls carry it to the services. The trace id is
 * returned in `x-trace-id` so a caller can quote it.
 */
export function registerTracing(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const parent = extractTraceContext((key) => {
      const v = request.headers[key];
      return Array.isArray(v) ? v[0] : v;
    });
    const span = tracer('gateway').startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? '' },
      },
      parent,
    );
    request.span = span;
    reply.header('x-trace-id', span.spanContext().traceId);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = request.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

import { SpanKind, SpanStatusCode, context } from '@opentelemetry/api';
import type { handleUnaryCall, Metadata, sendUnaryData, ServerUnaryCall } from '@grpc/grpc-js';
import { toGrpcError, DomainError } from '@svc/errors';
import { extractTraceContext, tracer, type Logger } from '@svc/telemetry';

export interface CallContext {
  metadata: Metadata;
  logger: Logger;
}

/** Reads a metadata value as a string (first value wins). */
export function metadataValue(metadata: Metadata, key: string): string | undefined {
  const v = metadata.get(key)[0];
  return v === undefined ? undefined : v.toString();
}

/**
 * Adapts an async domain call to a grpc-js unary handler: continues the caller's trace from
 * the W3C `traceparent` metadata, and turns a thrown error into a gRPC status carrying the
 * spec code (unknown errors are logged here and leave as INTERNAL_ERROR, without internals).
 */
export function unary<Req, Res>(
  method: string,
  logger: Logger,
  fn: (request: Req, ctx: CallContext) => Promise<Res>,
): handleUnaryCall<Req, Res> {
  return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
    const parent = extractTraceContext((key) => metadataValue(call.metadata, key));
    context.with(parent, () =>
      tracer('grpc-server').startActiveSpan(method, { kind: SpanKind.SERVER }, (span) => {
        fn(call.request, { metadata: call.metadata, logger })
          .then((response) => callback(null, response))
          .catch((err: unknown) => {
            if (!(err instanceof DomainError)) {
              logger.error({ err, method }, 'unhandled error in gRPC handler');
              span.setStatus({ code: SpanStatusCode.ERROR });
            }
            callback(toGrpcError(err), null);
          })
          .finally(() => span.end());
      }),
    );
  };
}

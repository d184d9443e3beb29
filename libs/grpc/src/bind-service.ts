import { once } from 'node:events';
import { SpanKind, SpanStatusCode, context, type SpanOptions } from '@opentelemetry/api';
import {
  status as grpcStatus,
  type handleServerStreamingCall,
  type Metadata,
  type MethodDefinition,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  type UntypedHandleCall,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import {
  answeringOutagesWith,
  DomainError,
  isOutage,
  serviceUnavailable,
  toGrpcError,
  type GrpcErrorPayload,
} from '@svc/errors';
import { extractTraceContext, grpcServerDuration, serviceTracer, type Logger } from '@svc/telemetry';

/** What a handler gets besides its request. */
export interface CallContext {
  metadata: Metadata;
  logger: Logger;
  /**
   * When the caller stops waiting (epoch ms; Infinity when it set no deadline): a handler whose
   * work may outlast it (a calendar provider) answers by then with a verdict of its own.
   */
  deadlineMs: number;
}

type UnaryHandler<M> =
  M extends MethodDefinition<infer Req, infer Res> ? (request: Req, ctx: CallContext) => Promise<Res> : never;

/**
 * A server-streaming RPC answered as the messages come: traced, timed and its errors mapped like a
 * unary one's. The iteration stops when the caller cancels.
 */
export interface StreamedHandler<Req, Res> {
  messages(request: Req, ctx: CallContext): AsyncIterable<Res>;
}

/**
 * The handlers of one generated service definition: an async function per unary RPC (request in,
 * response out, errors thrown); for a streaming one, `{ messages }` or the raw grpc-js handler.
 */
export type ServiceHandlers<S extends ServiceDefinition> = {
  [K in keyof S]: S[K] extends { responseStream: true }
    ? S[K] extends MethodDefinition<infer Req, infer Res>
      ? handleServerStreamingCall<Req, Res> | StreamedHandler<Req, Res>
      : never
    : UnaryHandler<S[K]>;
};

/** A service ready to be served by `startGrpcHost`: its definition and handlers, named after it. */
export interface ServiceBinding {
  /** Fully qualified name, e.g. `catalog.v1.CatalogService`; also its Health service name. */
  name: string;
  definition: ServiceDefinition;
  /** `service`: the serving process's name, for its spans and metrics (`booking`, `catalog`...). */
  implement(logger: Logger, service: string): UntypedServiceImplementation;
}

export interface BindOptions {
  /**
   * How this service answers an outage (an unreachable store, lock or bus, or a downstream
   * service's 503). Default: `serviceUnavailable()` (503). Booking answers BOOKING_POLICY_BLOCKED 503.
   */
  outage?: () => DomainError;
}

/**
 * The one way a service serves gRPC. Span and log names come from the generated method paths
 * (`catalog.v1.CatalogService/CreateStaff`); each unary handler runs in the caller's trace
 * context; every thrown error maps to gRPC the same way (docs/architecture.md, "Conventions").
 */
export function bindService<S extends ServiceDefinition>(
  definition: S,
  handlers: ServiceHandlers<S>,
  options: BindOptions = {},
): ServiceBinding {
  const outage = options.outage ?? serviceUnavailable;
  return {
    name: serviceNameOf(definition),
    definition,
    implement(logger, service) {
      const implementation: UntypedServiceImplementation = {};
      for (const key of Object.keys(definition) as Array<keyof S & string>) {
        const method = definition[key] as MethodDefinition<unknown, unknown>;
        const handler = handlers[key] as unknown;
        const path = method.path.slice(1);
        if (!method.responseStream) {
          implementation[key] = unaryCall(path, service, logger, outage, (request, ctx) =>
            (handler as UnaryHandler<MethodDefinition<unknown, unknown>>)(request, ctx),
          );
        } else if (typeof handler === 'function') {
          implementation[key] = handler as UntypedHandleCall;
        } else {
          const streamed = handler as StreamedHandler<unknown, unknown>;
          implementation[key] = streamedCall(path, service, logger, outage, streamed);
        }
      }
      return implementation;
    },
  };
}

/** `catalog.v1.CatalogService` from `/catalog.v1.CatalogService/CreateStaff`. */
export function serviceNameOf(definition: ServiceDefinition): string {
  const first = Object.values(definition)[0];
  if (!first) throw new Error('a service definition without methods');
  return first.path.slice(1, first.path.lastIndexOf('/'));
}

/** Reads a metadata value as a string (first value wins). */
export function metadataValue(metadata: Metadata, key: string): string | undefined {
  const v = metadata.get(key)[0];
  return v === undefined ? undefined : v.toString();
}

const SERVER: SpanOptions = { kind: SpanKind.SERVER };

/**
 * Runs one call's work in the caller's trace context under a server span, timed; an outage is
 * logged and answered with `outage`, any other error that is not a DomainError logged as a bug.
 */
function traced(
  spanName: string,
  service: string,
  logger: Logger,
  outage: () => DomainError,
  metadata: Metadata,
  work: () => Promise<unknown>,
  settle: (err: GrpcErrorPayload | null, response?: unknown) => void,
): void {
  const parent = extractTraceContext((key) => metadataValue(metadata, key));
  const timer = grpcServerDuration.startTimer({ service, grpc_method: spanName });
  context.with(parent, () =>
    serviceTracer(service).startActiveSpan(spanName, SERVER, (span) => {
      // `await work()` inside an async function also maps a handler that throws before returning a promise.
      answeringOutagesWith(outage, async () => {
        try {
          return await work();
        } catch (err) {
          if (isOutage(err)) logger.warn({ err, method: spanName }, 'dependency unavailable');
          throw err;
        }
      })
        .then((response) => {
          timer({ grpc_code: 'OK' });
          settle(null, response);
        })
        .catch((err: unknown) => {
          if (!(err instanceof DomainError)) {
            logger.error({ err, method: spanName }, 'unhandled error in gRPC handler');
            if (span.isRecording()) span.setStatus({ code: SpanStatusCode.ERROR });
          }
          const answer = toGrpcError(err);
          const code = grpcStatus[answer.code ?? grpcStatus.UNKNOWN] ?? 'UNKNOWN';
          if (span.isRecording()) span.setAttribute('rpc.grpc.status_code', answer.code ?? grpcStatus.UNKNOWN);
          timer({ grpc_code: code });
          settle(answer);
        })
        .finally(() => span.end());
    }),
  );
}

function deadlineOf(call: { getDeadline(): Date | number }): number {
  const deadline = call.getDeadline();
  return deadline instanceof Date ? deadline.getTime() : deadline;
}

function unaryCall(
  spanName: string,
  service: string,
  logger: Logger,
  outage: () => DomainError,
  fn: (request: unknown, ctx: CallContext) => Promise<unknown>,
) {
  return (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) =>
    traced(
      spanName,
      service,
      logger,
      outage,
      call.metadata,
      () => fn(call.request, { metadata: call.metadata, logger, deadlineMs: deadlineOf(call) }),
      (err, response) => (err ? callback(err, null) : callback(null, response)),
    );
}

function streamedCall(
  spanName: string,
  service: string,
  logger: Logger,
  outage: () => DomainError,
  handler: StreamedHandler<unknown, unknown>,
) {
  return (call: ServerWritableStream<unknown, unknown>) => {
    const ctx = { metadata: call.metadata, logger, deadlineMs: deadlineOf(call) };
    const cancelled = new Promise<void>((resolve) => call.once('cancelled', () => resolve()));
    const work = async () => {
      for await (const message of handler.messages(call.request, ctx)) {
        // Leaving the loop returns the iterator: its reads stop with the caller.
        if (call.cancelled) return;
        if (!call.write(message)) await Promise.race([once(call, 'drain'), cancelled]);
      }
    };
    traced(spanName, service, logger, outage, call.metadata, work, (err) => {
      if (err) call.emit('error', err);
      else call.end();
    });
  };
}

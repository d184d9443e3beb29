import {
  Client,
  credentials,
  InterceptingCall,
  Metadata,
  type Interceptor,
  type MethodDefinition,
  type ServiceError,
  type ServiceDefinition,
} from '@grpc/grpc-js';
import { DomainError, fromGrpcError } from '@svc/errors';
import { context, SpanKind, SpanStatusCode, trace, type SpanOptions } from '@opentelemetry/api';
import { injectTraceContext, tracer } from '@svc/telemetry';

const clientTracer = tracer('grpc-client');
const CLIENT: SpanOptions = { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'grpc' } };

/**
 * A client span per call (of the caller's service: it is a child of the caller's active span),
 * whose context goes out as the W3C traceparent in the metadata. Done here rather than with
 * @opentelemetry/instrumentation-grpc, which patches the module through the ESM loader hook
 * and one process-wide provider (docs/architecture.md, "Telemetry").
 */
const traceInterceptor: Interceptor = (options, nextCall) => {
  const span = clientTracer.startSpan(options.method_definition.path.slice(1), CLIENT);
  return new InterceptingCall(nextCall(options), {
    start(metadata, listener, next) {
      injectTraceContext((key, value) => metadata.set(key, value), trace.setSpan(context.active(), span));
      next(metadata, {
        onReceiveStatus(status, nextStatus) {
          // Attributes only for a span that is recorded (docs/operations.md "Telemetry").
          if (span.isRecording()) {
            span.setAttribute('rpc.grpc.status_code', status.code);
            if (status.code !== 0) span.setStatus({ code: SpanStatusCode.ERROR, message: status.details });
          }
          span.end();
          nextStatus(status);
        },
      });
    },
  });
};

export const DEFAULT_DEADLINE_MS = 5_000;

export interface CallOptions {
  /** Milliseconds from now; default `DEFAULT_DEADLINE_MS`. */
  deadlineMs?: number;
}

type CallKeys<S, Streamed extends boolean> = {
  [K in keyof S]: S[K] extends { requestStream: false; responseStream: Streamed } ? K : never;
}[keyof S];

/**
 * A promise-based client of one service, made from its generated definition:
 * `await catalog.getTenantBySlug({ slug }, { deadlineMs })`. A failure rejects with the
 * DomainError the service threw (503 when it is unreachable or past the deadline). A
 * server-streaming RPC answers its messages as an async iterable that throws the same way;
 * it has no deadline unless given one, and leaving the iteration early cancels the call.
 */
export type ServiceClient<S extends ServiceDefinition> = {
  [K in CallKeys<S, false>]: S[K] extends MethodDefinition<infer Req, infer Res>
    ? (request: Req, options?: CallOptions) => Promise<Res>
    : never;
} & {
  [K in CallKeys<S, true>]: S[K] extends MethodDefinition<infer Req, infer Res>
    ? (request: Req, options?: CallOptions) => AsyncIterable<Res>
    : never;
} & { close(): void };

/** The one way to call a service: one channel to `address` (host:port, plaintext in the cluster), traced. */
export function connectService<S extends ServiceDefinition>(definition: S, address: string): ServiceClient<S> {
  const channel = new Client(address, credentials.createInsecure(), { interceptors: [traceInterceptor] });
  const client: Record<string, unknown> = { close: () => channel.close() };
  for (const [key, method] of Object.entries(definition)) {
    if (method.requestStream) continue;
    if (method.responseStream) {
      client[key] = (request: unknown, options: CallOptions = {}) =>
        streamed(channel, method, request, options.deadlineMs ?? Infinity);
      continue;
    }
    client[key] = (request: unknown, options: CallOptions = {}) =>
      new Promise((resolve, reject) => {
        channel.makeUnaryRequest(
          method.path,
          method.requestSerialize,
          method.responseDeserialize,
          request,
          new Metadata(),
          { deadline: Date.now() + (options.deadlineMs ?? DEFAULT_DEADLINE_MS) },
          (err, res) => (err ? reject(fromGrpcError(err, method.path.slice(1))) : resolve(res)),
        );
      });
  }
  return client as ServiceClient<S>;
}

async function* streamed(
  channel: Client,
  method: MethodDefinition<unknown, unknown>,
  request: unknown,
  deadlineMs: number,
): AsyncGenerator<unknown> {
  const call = channel.makeServerStreamRequest(
    method.path,
    method.requestSerialize,
    method.responseDeserialize,
    request,
    new Metadata(),
    { deadline: deadlineMs === Infinity ? Infinity : Date.now() + deadlineMs },
  );
  try {
    for await (const message of call) yield message;
  } catch (err) {
    throw fromGrpcError(err as ServiceError, method.path.slice(1));
  } finally {
    call.cancel();
  }
}

/**
 * A lookup's answer, or null when the service answered NOT_FOUND; any other failure rejects as
 * it came: `(await unlessNotFound(catalog.getTenantBySlug({ slug })))?.tenant ?? null`.
 */
export async function unlessNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}

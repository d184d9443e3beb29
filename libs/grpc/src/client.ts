import {
  credentials,
  InterceptingCall,
  Metadata,
  type CallOptions,
  type ChannelCredentials,
  type Client,
  type ClientOptions,
  type ClientUnaryCall,
  type Interceptor,
  type ServiceError,
} from '@grpc/grpc-js';
import { fromGrpcError } from '@svc/errors';
import { injectTraceContext } from '@svc/telemetry';

/** Puts the caller's trace context (W3C traceparent) into the outgoing metadata. */
export const traceInterceptor: Interceptor = (options, nextCall) =>
  new InterceptingCall(nextCall(options), {
    start(metadata, listener, next) {
      injectTraceContext((key, value) => metadata.set(key, value));
      next(metadata, listener);
    },
  });

type ClientCtor<C> = new (address: string, creds: ChannelCredentials, options?: Partial<ClientOptions>) => C;

/** A ts-proto grpc-js client for `address` (host:port, plaintext inside the cluster) with tracing. */
export function createClient<C extends Client>(Ctor: ClientCtor<C>, address: string): C {
  return new Ctor(address, credentials.createInsecure(), { interceptors: [traceInterceptor] });
}

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

export const DEFAULT_DEADLINE_MS = 5_000;

/**
 * Calls a unary method with a deadline and turns a failure into the DomainError the service
 * threw (or INTERNAL_ERROR when it is unreachable). Pass the method bound to its client.
 */
export function callUnary<Req, Res>(
  method: UnaryMethod<Req, Res>,
  request: Req,
  deadlineMs = DEFAULT_DEADLINE_MS,
): Promise<Res> {
  return new Promise<Res>((resolve, reject) => {
    method(request, new Metadata(), { deadline: Date.now() + deadlineMs }, (err, res) =>
      err ? reject(fromGrpcError(err)) : resolve(res),
    );
  });
}

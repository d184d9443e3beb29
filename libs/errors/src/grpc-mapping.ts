import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { commonV1 } from '@svc/proto';
import { ERROR_CODES, isErrorCode } from './codes.js';
import { DomainError, internalError, serviceUnavailable } from './domain-error.js';

/** Binary metadata key (trailer) carrying common.v1.ErrorDetail. */
export const ERROR_DETAIL_KEY = 'svc-error-bin';

export interface GrpcErrorPayload {
  code: GrpcStatus;
  details: string;
  metadata: Metadata;
}

/** A thrown value as the gRPC error a handler passes to its callback. Unknown errors leak nothing. */
export function toGrpcError(err: unknown): GrpcErrorPayload {
  const domain = err instanceof DomainError ? err : internalError();
  const metadata = new Metadata();
  const detail = commonV1.ErrorDetail.encode({
    code: domain.code,
    message: domain.message,
    violations: domain.details,
    httpStatus: domain.httpStatus,
    retryable: domain.retryable,
  }).finish();
  metadata.set(ERROR_DETAIL_KEY, Buffer.from(detail));
  // A retryable error (an outage, whatever its code) travels as UNAVAILABLE so gRPC-aware callers may retry.
  const grpcCode = domain.retryable ? GrpcStatus.UNAVAILABLE : ERROR_CODES[domain.code].grpc;
  return { code: grpcCode, details: domain.message, metadata };
}

/** Statuses of a call that never got an answer from a handler: the callee is down or too slow. */
const UNREACHABLE = new Set<number>([GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.CANCELLED]);

/**
 * A failed gRPC call as a DomainError. Calls that failed without our detail become the retryable
 * `serviceUnavailable` when the callee was unreachable or past its deadline, else INTERNAL_ERROR:
 * the caller's view, with no internals.
 */
export function fromGrpcError(err: unknown, callee?: string): DomainError {
  if (err instanceof DomainError) return err;
  const meta = (err as Partial<ServiceError> | null)?.metadata;
  const raw = meta instanceof Metadata ? meta.get(ERROR_DETAIL_KEY)[0] : undefined;
  if (raw instanceof Buffer) {
    const detail = commonV1.ErrorDetail.decode(raw);
    if (isErrorCode(detail.code)) {
      return new DomainError(detail.code, detail.message, detail.violations, {
        ...(detail.httpStatus ? { httpStatus: detail.httpStatus } : {}),
        retryable: detail.retryable,
      });
    }
  }
  const code = (err as Partial<ServiceError> | null)?.code;
  if (typeof code !== 'number' || !UNREACHABLE.has(code)) return internalError();
  // The log of the caller names the callee and how it failed: "dependency unavailable" alone
  // leaves an operator guessing which of several services was down or slow.
  const status = GrpcStatus[code] ?? String(code);
  const details = (err as Partial<ServiceError>).details ?? '';
  return serviceUnavailable(undefined, { cause: new Error(`${callee ?? 'a service'} answered ${status}: ${details}`) });
}

import { status as GrpcStatus } from '@grpc/grpc-js';

/**
 * Every error code of the specification and docs/decisions.md "Envelope and errors", with its
 * HTTP status and the gRPC status that carries it between services. Every code answers its
 * status here; only BOOKING_POLICY_BLOCKED has two: 409 (a forbidden transition) and 503 (the
 * booking paths' "try again"). An outage (a store, lock or bus unreachable, a downstream service
 * unreachable or late) is BOOKING_POLICY_BLOCKED 503 on booking paths and INTERNAL_ERROR 500
 * elsewhere, both retryable: `Retry-After` over HTTP, UNAVAILABLE over gRPC (domain-error.ts
 * `bookingUnavailable` / `serviceUnavailable`, docs/api-conventions.md "Outages").
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: { http: 400, grpc: GrpcStatus.INVALID_ARGUMENT },
  AUTH_REQUIRED: { http: 401, grpc: GrpcStatus.UNAUTHENTICATED },
  SESSION_EXPIRED: { http: 401, grpc: GrpcStatus.UNAUTHENTICATED },
  CSRF_INVALID: { http: 403, grpc: GrpcStatus.PERMISSION_DENIED },
  FORBIDDEN: { http: 403, grpc: GrpcStatus.PERMISSION_DENIED },
  ORIGIN_NOT_ALLOWED: { http: 403, grpc: GrpcStatus.PERMISSION_DENIED },
  NOT_FOUND: { http: 404, grpc: GrpcStatus.NOT_FOUND },
  TENANT_INACTIVE: { http: 403, grpc: GrpcStatus.FAILED_PRECONDITION },
  SERVICE_INACTIVE: { http: 403, grpc: GrpcStatus.FAILED_PRECONDITION },
  BOOKING_SLOT_UNAVAILABLE: { http: 409, grpc: GrpcStatus.ABORTED },
  BOOKING_POLICY_BLOCKED: { http: 409, grpc: GrpcStatus.FAILED_PRECONDITION },
  BOOKING_IDEMPOTENCY_CONFLICT: { http: 409, grpc: GrpcStatus.ALREADY_EXISTS },
  PAYMENT_REQUIRED: { http: 402, grpc: GrpcStatus.FAILED_PRECONDITION },
  PROVIDER_NOT_CONNECTED: { http: 409, grpc: GrpcStatus.FAILED_PRECONDITION },
  PROVIDER_NEEDS_REAUTH: { http: 409, grpc: GrpcStatus.FAILED_PRECONDITION },
  PROVIDER_ACTION_PENDING: { http: 409, grpc: GrpcStatus.ABORTED },
  PROVIDER_ACTION_FAILED: { http: 502, grpc: GrpcStatus.UNAVAILABLE },
  RATE_LIMITED: { http: 429, grpc: GrpcStatus.RESOURCE_EXHAUSTED },
  QUOTA_EXCEEDED: { http: 409, grpc: GrpcStatus.FAILED_PRECONDITION },
  OAUTH_STATE_INVALID: { http: 403, grpc: GrpcStatus.PERMISSION_DENIED },
  OAUTH_TOKEN_EXCHANGE_FAILED: { http: 403, grpc: GrpcStatus.PERMISSION_DENIED },
  CONFIG_MISSING: { http: 500, grpc: GrpcStatus.FAILED_PRECONDITION },
  INTERNAL_ERROR: { http: 500, grpc: GrpcStatus.INTERNAL },
} as const satisfies Record<string, { http: number; grpc: GrpcStatus }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}

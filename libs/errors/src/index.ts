export { ERROR_CODES, isErrorCode, type ErrorCode } from './codes.js';
export {
  DomainError,
  DependencyUnavailableError,
  RETRY_AFTER_SECONDS,
  type DomainErrorOptions,
  validationError,
  throwIfViolations,
  underPath,
  requireTenantId,
  notFound,
  internalError,
  serviceUnavailable,
  bookingUnavailable,
  isOutage,
  answeringOutagesWith,
  type FieldViolation,
} from './domain-error.js';
export { toGrpcError, fromGrpcError, ERROR_DETAIL_KEY, type GrpcErrorPayload } from './grpc-mapping.js';

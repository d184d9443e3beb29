import { ERROR_CODES, type ErrorCode } from './codes.js';

export interface FieldViolation {
  /** Names the offending input: `body.startsAtMs`, `query.limit`, `headers.idempotency-key`. */
  path: string;
  message: string;
}

/** The one error type domain code throws; it crosses gRPC and becomes the HTTP envelope. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly httpStatus: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: FieldViolation[] = [],
    httpStatus?: number,
  ) {
    super(message);
    this.httpStatus = httpStatus ?? ERROR_CODES[code].http;
  }
}

export const validationError = (details: FieldViolation[], message = 'The request is not valid.') =>
  new DomainError('VALIDATION_ERROR', message, details);

export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} was not found.`);

export const internalError = () => new DomainError('INTERNAL_ERROR', 'An unexpected error occurred.');
